import { describe, expect, it } from 'vitest'

import { normaliseTags } from '@/rules/tags'

describe('normaliseTags (SPEC §5: comma-separated, trimmed, empties dropped)', () => {
  it.each([
    ['food, festival , hidden gem', ['food', 'festival', 'hidden gem']],
    [' brunch ,, ,parks,', ['brunch', 'parks']],
    ['', []],
    ['   ', []],
    ['family', ['family']],
  ])('text %j → %j', (input, tags) => {
    expect(normaliseTags(input)).toEqual(tags)
  })

  it('trims a list and drops its empty entries', () => {
    expect(normaliseTags([' food ', '', '  ', 'parks'])).toEqual(['food', 'parks'])
  })

  it('splits list entries that still hold commas', () => {
    expect(normaliseTags(['food, brunch', 'parks'])).toEqual(['food', 'brunch', 'parks'])
  })

  it('treats nothing as no tags and ignores non-text entries', () => {
    expect(normaliseTags(null)).toEqual([])
    expect(normaliseTags(undefined)).toEqual([])
    expect(normaliseTags(['food', null, { a: 1 }, 7])).toEqual(['food', '7'])
  })
})
