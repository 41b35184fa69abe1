import { describe, expect, it } from 'vitest'

import {
  clusterSize,
  filterFromSearch,
  hasMore,
  neighbourhoodsQuery,
  searchForFilter,
} from '@widgets/MapExplorer/mapData'
import { bracketQuery } from '@/rules/neighbourhoodSearch'

const asked = (query: object) => new URLSearchParams(bracketQuery({ ...query }))

describe('map explorer data rules', () => {
  it('reads ?vibe= and ?query= from the address; an unknown vibe means All', () => {
    expect(filterFromSearch('?vibe=family-friendly&query=%20Brix%20')).toEqual({
      vibe: 'Family-Friendly',
      query: 'Brix',
    })
    expect(filterFromSearch('?vibe=Noisy')).toEqual({ vibe: undefined, query: undefined })
  })

  it('keeps the vibe in the address and drops it for All', () => {
    expect(searchForFilter({ vibe: 'Calm' })).toBe('?vibe=Calm')
    expect(searchForFilter({ query: 'Bow', vibe: 'Calm' })).toBe('?query=Bow&vibe=Calm')
    expect(searchForFilter({})).toBe('')
  })

  it('asks for 20 per page ordered by name, with the vibe and name filters', () => {
    const params = asked(neighbourhoodsQuery({ vibe: 'Calm', query: 'hill' }, 3))
    expect(params.get('sort')).toBe('name')
    expect(params.get('limit')).toBe('20')
    expect(params.get('page')).toBe('3')
    expect(params.get('where[vibes][contains]')).toBe('Calm')
    expect(params.get('where[name][like]')).toBe('hill')
    const all = asked(neighbourhoodsQuery({}, 1))
    // Unfiltered, only the position is required (a marker needs one).
    expect([...all.keys()].filter((k) => k.startsWith('where'))).toEqual([
      'where[latitude][exists]',
      'where[longitude][exists]',
    ])
  })

  it('has more only while pages come back full', () => {
    expect(hasMore(20)).toBe(true)
    expect(hasMore(19)).toBe(false)
    expect(hasMore(0)).toBe(false)
  })

  it('sizes cluster badges: small under 10, medium under 100', () => {
    expect([1, 9, 10, 99, 100].map(clusterSize)).toEqual([
      'small',
      'small',
      'medium',
      'medium',
      'large',
    ])
  })
})
