import { describe, expect, it } from 'vitest'

import {
  addNeighbourhoodHref,
  bracketQuery,
  filterFromSearchParams,
  filterSearchParams,
  mapHref,
  neighbourhoodListQuery,
  neighbourhoodWhere,
  parseVibe,
  pickVibeTags,
} from '@/rules/neighbourhoodSearch'

describe('parseVibe', () => {
  it.each([
    ['Calm', 'Calm'],
    ['calm', 'Calm'],
    [' family-friendly ', 'Family-Friendly'],
    ['All', 'All'],
    ['Noisy', 'All'],
    [null, 'All'],
    ['', 'All'],
  ])('%s → %s', (input, vibe) => expect(parseVibe(input)).toBe(vibe))
})

describe('neighbourhoodWhere (search by name or tagline, combined with the vibe)', () => {
  it('is empty without filters', () => {
    expect(neighbourhoodWhere({ search: '  ', vibe: 'All' })).toEqual({})
  })
  it('matches the trimmed text in the name or the tagline', () => {
    expect(neighbourhoodWhere({ search: ' Park ', vibe: 'All' })).toEqual({
      and: [{ or: [{ name: { like: 'Park' } }, { tagline: { like: 'Park' } }] }],
    })
  })
  it('adds the vibe as a second condition', () => {
    expect(neighbourhoodWhere({ search: 'park', vibe: 'Calm' })).toEqual({
      and: [
        { or: [{ name: { like: 'park' } }, { tagline: { like: 'park' } }] },
        { vibes: { contains: 'Calm' } },
      ],
    })
    expect(neighbourhoodWhere({ search: '', vibe: 'Diverse' })).toEqual({
      and: [{ vibes: { contains: 'Diverse' } }],
    })
  })
})

describe('REST paths', () => {
  it('writes nested objects in bracket notation, encoded', () => {
    expect(
      bracketQuery({ where: { and: [{ name: { like: 'a&b' } }] }, limit: 8, skip: undefined }),
    ).toBe('where%5Band%5D%5B0%5D%5Bname%5D%5Blike%5D=a%26b&limit=8')
  })
  it('asks for one page, newest first, for the list page', () => {
    const query = neighbourhoodListQuery({ search: 'hill', vibe: 'Calm' }, { page: 3 })
    const params = new URLSearchParams(bracketQuery(query))
    expect(Object.fromEntries(params)).toEqual({
      'where[and][0][or][0][name][like]': 'hill',
      'where[and][0][or][1][tagline][like]': 'hill',
      'where[and][1][vibes][contains]': 'Calm',
      sort: '-createdAt',
      limit: '8',
      page: '3',
      depth: '1',
    })
  })
  it('orders the home grid by name', () => {
    const params = new URLSearchParams(
      bracketQuery(
        neighbourhoodListQuery({ search: '', vibe: 'All' }, { order: 'name', limit: 8 }),
      ),
    )
    expect(params.get('sort')).toBe('name')
    expect([...params.keys()].some((k) => k.startsWith('where'))).toBe(false)
  })
})

describe('the address keeps the filter', () => {
  it('sets ?vibe= and removes it for All, keeping other parameters', () => {
    expect(filterSearchParams('?x=1', { search: '', vibe: 'Calm' })).toBe('?x=1&vibe=Calm')
    expect(filterSearchParams('?vibe=Calm&x=1', { search: '', vibe: 'All' })).toBe('?x=1')
    expect(filterSearchParams('?vibe=Calm', { search: '', vibe: 'All' })).toBe('')
    expect(filterSearchParams('', { search: ' camden ', vibe: 'Creative' })).toBe(
      '?vibe=Creative&search=camden',
    )
  })
  it('reads the filter back', () => {
    expect(filterFromSearchParams('?vibe=creative&search=%20wick%20')).toEqual({
      search: 'wick',
      vibe: 'Creative',
    })
    expect(filterFromSearchParams('')).toEqual({ search: '', vibe: 'All' })
  })
})

describe('empty-state links', () => {
  it('Add prefills the name and its slug', () => {
    expect(addNeighbourhoodHref(" King's Cross ")).toBe(
      "/submit-neighbourhood?name=King's%20Cross&slug=kings-cross",
    )
    expect(addNeighbourhoodHref('')).toBe('/submit-neighbourhood')
  })
  it('View on Map carries the query', () => {
    expect(mapHref('Bow & Mile End')).toBe('/map?query=Bow%20%26%20Mile%20End')
    expect(mapHref('  ')).toBe('/map')
  })
})

describe('pickVibeTags (home: at most 6 unique tags from the first 20 neighbourhoods)', () => {
  it('keeps the order of first appearance and drops repeats and blanks', () => {
    const rows = [
      { vibes: ['Calm', 'Creative'] },
      { vibes: ['calm', ' ', 'Diverse'] },
      { vibes: null },
      {},
      { vibes: ['Creative', 'Family-Friendly'] },
    ]
    expect(pickVibeTags(rows)).toEqual(['Calm', 'Creative', 'Diverse', 'Family-Friendly'])
  })
  it('stops at 6 tags', () => {
    const rows = [{ vibes: ['a', 'b', 'c', 'd'] }, { vibes: ['e', 'f', 'g', 'h'] }]
    expect(pickVibeTags(rows)).toEqual(['a', 'b', 'c', 'd', 'e', 'f'])
  })
  it('looks at the first 20 rows only', () => {
    const rows = [...Array.from({ length: 20 }, () => ({ vibes: ['Calm'] })), { vibes: ['Late'] }]
    expect(pickVibeTags(rows)).toEqual(['Calm'])
  })
  it('is empty when there are no vibes', () => {
    expect(pickVibeTags([])).toEqual([])
  })
})
