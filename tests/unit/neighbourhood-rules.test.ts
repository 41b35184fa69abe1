import { describe, expect, it } from 'vitest'

import { isSlug, slugCandidates, slugRoot } from '@/rules/slug'
import { parseVibes } from '@/rules/vibes'
import { neighbourhoodSchema } from '@/schemas/neighbourhood'

const valid = { name: 'Camden Town', slug: 'camden-town', tagline: 'Markets', vibes: ['Creative'] }
const firstMessage = (input: unknown) =>
  neighbourhoodSchema.safeParse(input).error?.issues[0]?.message

describe('slugs', () => {
  it('are what slugify makes', () => {
    expect(isSlug('camden-town')).toBe(true)
    expect(isSlug('Camden-Town')).toBe(false)
    expect(isSlug('camden town')).toBe(false)
    expect(isSlug('')).toBe(false)
  })

  it('get up to 20 numbered variants', () => {
    const candidates = slugCandidates('peckham')
    expect(candidates).toHaveLength(21)
    expect(candidates.slice(0, 3)).toEqual(['peckham', 'peckham-2', 'peckham-3'])
    expect(candidates.at(-1)).toBe('peckham-21')
  })

  it('share a root with every slug their variants could meet', () => {
    expect(slugRoot('peckham')).toBe('peckham')
    expect(slugRoot('peckham-2')).toBe('peckham')
    expect(slugRoot('peckham-2-3')).toBe('peckham')
    expect(slugRoot('zone-2-north')).toBe('zone-2-north')
    for (const candidate of slugCandidates('peckham-2')) {
      expect(slugRoot(candidate)).toBe(slugRoot('peckham'))
    }
  })
})

describe('vibes from the form', () => {
  it('split a comma-separated string, trim, drop empties and match case', () => {
    expect(parseVibes(' calm, Creative ,, family-friendly ')).toEqual([
      'Calm',
      'Creative',
      'Family-Friendly',
    ])
    expect(parseVibes(['Diverse', 'diverse'])).toEqual(['Diverse'])
    expect(parseVibes('Calm, Spooky')).toEqual(['Calm', 'Spooky'])
    expect(parseVibes(undefined)).toBeUndefined()
  })
})

describe('the neighbourhood form (SPEC §5)', () => {
  it('accepts a complete neighbourhood, vibes as text too', () => {
    expect(neighbourhoodSchema.safeParse(valid).success).toBe(true)
    const parsed = neighbourhoodSchema.parse({ ...valid, vibes: 'Calm, Diverse' })
    expect(parsed.vibes).toEqual(['Calm', 'Diverse'])
  })

  it.each([
    ['no name', { ...valid, name: '  ' }, 'Please provide a name and slug.'],
    ['no slug', { ...valid, slug: undefined }, 'Please provide a name and slug.'],
    [
      'a bad slug',
      { ...valid, slug: 'Camden Town' },
      'Slugs use only lower-case letters, digits and hyphens.',
    ],
    ['no tagline', { ...valid, tagline: '' }, 'Please provide a tagline.'],
    ['no vibes', { ...valid, vibes: ' , ' }, 'Please choose at least one vibe.'],
    [
      'an unknown vibe',
      { ...valid, vibes: 'Calm, Spooky' },
      'Vibes are Calm, Creative, Family-Friendly or Diverse.',
    ],
    [
      'latitude alone',
      { ...valid, latitude: 51.5 },
      'Please provide valid latitude and longitude.',
    ],
    [
      'a latitude of 91',
      { ...valid, latitude: 91, longitude: 0 },
      'Please provide valid latitude and longitude.',
    ],
    [
      'NaN',
      { ...valid, latitude: NaN, longitude: 0 },
      'Please provide valid latitude and longitude.',
    ],
  ])('refuses %s', (_, input, message) => expect(firstMessage(input)).toBe(message))
})
