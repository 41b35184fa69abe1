import { describe, expect, it } from 'vitest'

import {
  SPOT_CATEGORIES,
  VIBE_EMOJIS,
  VIBE_EMOJI_NAMES,
  categoryLabel,
  coordinatesFromMapsUrl,
  editDeadline,
  isWebLink,
  isWithinEditWindow,
  normaliseCategory,
  previewDescription,
} from '@/rules/localSpots'
import { localBusinessSchema, mapsUrlSchema } from '@/schemas/localBusiness'

describe('local spot constants (SPEC §9)', () => {
  it('has 6 categories and 10 vibe emojis', () => {
    expect(SPOT_CATEGORIES).toHaveLength(6)
    expect(VIBE_EMOJI_NAMES).toEqual([
      'coffee',
      'bubble-tea',
      'noodles',
      'soap',
      'cake',
      'wine',
      'barber',
      'shopping-bag',
      'weights',
      'plant',
    ])
    expect(VIBE_EMOJIS.coffee).toBe('☕')
  })
})

describe('categories', () => {
  it.each([
    ['cafe', 'cafe'],
    ['  Cafe ', 'cafe'],
    ['STORE', 'store'],
    ['  Vinyl records ', 'Vinyl records'],
    ['other', ''],
    ['Other', ''],
    ['   ', ''],
  ])('%j is stored as %j', (input, stored) => {
    expect(normaliseCategory(input)).toBe(stored)
  })

  it('labels known categories and shows free text as written', () => {
    expect(categoryLabel('gym')).toBe('Gym')
    expect(categoryLabel('Vinyl records')).toBe('Vinyl records')
  })
})

describe('the 7-day edit window (SPEC §4)', () => {
  const created = new Date('2026-03-01T10:00:00Z')
  it('closes exactly 7 days after creation', () => {
    expect(editDeadline(created).toISOString()).toBe('2026-03-08T10:00:00.000Z')
    expect(isWithinEditWindow(created, new Date('2026-03-08T09:59:59Z'))).toBe(true)
    expect(isWithinEditWindow(created, new Date('2026-03-08T10:00:00Z'))).toBe(false)
    expect(isWithinEditWindow(created.toISOString(), new Date('2026-04-01T00:00:00Z'))).toBe(false)
  })
})

describe('description preview (SPEC §2)', () => {
  it('cuts at 100 characters', () => {
    expect(previewDescription('short')).toEqual({ text: 'short', truncated: false })
    const long = 'a'.repeat(150)
    const cut = previewDescription(long)
    expect(cut.truncated).toBe(true)
    expect(cut.text).toBe(`${'a'.repeat(100)}…`)
  })
})

describe('coordinates in maps links (SPEC §5)', () => {
  it.each([
    ['https://www.google.com/maps/place/X/@51.4613,-0.1156,17z', { lat: 51.4613, lon: -0.1156 }],
    ['https://maps.google.com/?q=51.5,-0.12', { lat: 51.5, lon: -0.12 }],
    ['https://www.google.com/maps/search/?api=1&query=51.5%2C-0.12', { lat: 51.5, lon: -0.12 }],
    ['https://maps.app.goo.gl/abc123', null],
    ['https://maps.google.com/?q=Brixton+Market', null],
    ['https://maps.google.com/?q=151.5,-0.12', null],
  ])('%s → %j', (url, expected) => {
    expect(coordinatesFromMapsUrl(url)).toEqual(expected)
  })
})

describe('web links in the form (SPEC §5)', () => {
  it.each([
    'https://www.google.com/maps/place/X/@51.4613,-0.1156,17z',
    '  https://maps.app.goo.gl/abc123  ',
    'HTTP://MAPS.GOOGLE.COM/?q=51.5,-0.12',
    'https://user:pw@maps.google.com:8080/x',
    'https://café.example/x',
    'https://exa\nmple.com',
    'not a url',
    'javascript:alert(1)',
    'ftp://maps.example.com',
    'http:example.com',
    'https:/path',
    'https://localhost/x',
    'https://1.2.3.4/',
    'https://[::1]/',
    'https://a..b.com',
    'https://a.c',
    'https://maps google.com',
    '',
  ])('%j is judged as the server schema judges it', (url) => {
    expect(isWebLink(url)).toBe(mapsUrlSchema.safeParse(url).success)
  })
})

describe('local spot schema (SPEC §5)', () => {
  const valid = { name: 'Rye Lane Coffee', category: 'cafe', neighbourhood: 3 }
  const firstMessage = (input: unknown) => {
    const result = localBusinessSchema.safeParse(input)
    return result.success ? null : result.error.issues[0]!.message
  }

  it('accepts a minimal spot and free-text categories', () => {
    expect(firstMessage(valid)).toBeNull()
    expect(firstMessage({ ...valid, category: 'Bookshop' })).toBeNull()
    expect(firstMessage({ ...valid, googleMapsUrl: '' })).toBeNull()
    expect(firstMessage({ ...valid, emojis: ['coffee', 'cake'] })).toBeNull()
  })

  it('refuses blank names and categories with the spec messages', () => {
    expect(firstMessage({ ...valid, name: '  ' })).toBe('Please enter the business name.')
    expect(firstMessage({ ...valid, category: ' ' })).toBe('Please select a category.')
    expect(firstMessage({ ...valid, category: 'other' })).toBe('Please select a category.')
    expect(firstMessage({ ...valid, category: undefined })).toBe('Please select a category.')
  })

  it('refuses maps links that are not web URLs, and unknown emojis', () => {
    for (const url of ['not a url', 'javascript:alert(1)', 'ftp://maps.example.com']) {
      expect(firstMessage({ ...valid, googleMapsUrl: url })).toBe(
        'The maps link must be a valid URL.',
      )
    }
    expect(firstMessage({ ...valid, emojis: ['pizza'] })).toBe('Unknown vibe emoji.')
  })
})
