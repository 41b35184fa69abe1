import { describe, expect, it } from 'vitest'

import { slugify } from '@/rules/slug'

describe('slugify (SPEC §5)', () => {
  it.each([
    ['Camden Town', 'camden-town'],
    ['  Notting Hill  ', 'notting-hill'],
    ["King's Cross", 'kings-cross'],
    ['Crystal   Palace', 'crystal-palace'],
    ['Bow & Mile End', 'bow--mile-end'],
    ['Café Quarter', 'caf-quarter'],
  ])('%s → %s', (input, slug) => {
    expect(slugify(input)).toBe(slug)
  })
})
