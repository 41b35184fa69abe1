import { describe, expect, it } from 'vitest'

import {
  compareHref,
  compareRedirect,
  MAX_VALUE_CHARS,
  readCompareQuery,
  shownValue,
} from '@/rules/compare'
import { compareSummary, firstLines, toCompareColumn, type CompareRows } from '@/views/compare'

/** Compare's address rules and its column view, without a database. */
const query = (search: string) => readCompareQuery(new URLSearchParams(search))
const redirect = (search: string) => compareRedirect(`/compare${search}`, query(search))

describe('the compare address', () => {
  it('reads comma lists and repeated n, trimmed, lower-cased, without empties or duplicates', () => {
    expect(query('?n=b, A,,a&n=c').values).toEqual(['b', 'a', 'c'])
    expect(query('?add=Camden Town').values).toEqual(['camden-town'])
    expect(query('').values).toEqual([])
  })

  it('has one sorted address, and redirects other spellings there only', () => {
    expect(compareHref(['shoreditch', 'camden-town'])).toBe('/compare?n=camden-town,shoreditch')
    expect(compareHref([])).toBe('/compare')
    expect(redirect('?n=shoreditch,camden-town')).toBe('/compare?n=camden-town,shoreditch')
    expect(redirect('?n=camden-town,shoreditch')).toBeNull()
    expect(redirect('?n=')).toBe('/compare')
    expect(redirect('')).toBeNull()
    // Too many, or odd characters: answered with a message where they are, never a loop.
    expect(redirect('?n=a,b,c,d')).toBeNull()
    expect(redirect("?n=b,a'")).toBeNull()
  })

  it('cuts long values in messages', () => {
    expect(shownValue('x'.repeat(200))).toHaveLength(MAX_VALUE_CHARS + 1)
  })
})

describe('the compare column', () => {
  const empty: CompareRows = { stars: [], spots: [], events: [], posts: [], tags: [], newest: [] }
  const n = {
    id: 1,
    name: 'Camden Town',
    slug: 'camden-town',
    tagline: 'Markets',
    vibes: ['Creative' as const],
    imageUrl: null,
    imageSrcset: '',
  }

  it('keeps only its own rows and shows no population when none is known', () => {
    const column = toCompareColumn(n, {
      ...empty,
      stars: [
        { id: 1, rating: 5, count: 2 },
        { id: 2, rating: 1, count: 9 },
      ],
      spots: [{ id: 1, category: 'cafe', count: 3 }],
    })
    expect(column.rating).toMatchObject({ count: 2, averageLabel: '5.0' })
    expect(column.spots).toEqual([{ category: 'cafe', label: 'Cafe', count: 3 }])
    expect(column.spotsTotal).toBe(3)
    expect(column.population).toBeNull()
    expect(column.href).toBe('/neighbourhood/camden-town')
  })

  it('takes the first lines of a review at a word', () => {
    expect(firstLines('Short.\nTwo lines.')).toBe('Short. Two lines.')
    const long = firstLines('word '.repeat(100), 30)
    expect(long).toBe(`${'word '.repeat(6).trim()}…`)
  })

  it('titles the page with the names in order', () => {
    const a = toCompareColumn(n, empty)
    const b = toCompareColumn({ ...n, id: 2, name: 'Shoreditch', slug: 'shoreditch' }, empty)
    expect(compareSummary([a, b])).toMatchObject({
      title: 'Compare Camden Town and Shoreditch',
      href: '/compare?n=camden-town,shoreditch',
    })
  })
})
