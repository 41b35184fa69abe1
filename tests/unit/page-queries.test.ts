import { describe, expect, it } from 'vitest'

import { neighbourhoodListHref } from '@/rules/neighbourhoodSearch'
import { MAX_SHOWN_PAGES, parseShownPages, wantsOnDemand } from '@/rules/pageQueries'
import { parseReviewSort, reviewsViewHref } from '@/views/review'

const on = (url: string) => {
  const u = new URL(url, 'http://site')
  return wantsOnDemand(u.pathname, u.searchParams)
}

describe('page queries', () => {
  it('renders the list on demand for its filters and pager, not for other parameters', () => {
    expect(on('/neighbourhoods')).toBe(false)
    expect(on('/neighbourhoods?utm_source=x')).toBe(false)
    expect(on('/neighbourhoods?search=park')).toBe(true)
    expect(on('/neighbourhoods?vibe=Calm')).toBe(true)
    expect(on('/neighbourhoods/?pages=2')).toBe(true)
  })

  it('renders a neighbourhood on demand for its review sort and pager only', () => {
    expect(on('/neighbourhood/shoreditch')).toBe(false)
    expect(on('/neighbourhood/shoreditch?sort=highest')).toBe(true)
    expect(on('/neighbourhood/shoreditch?pages=3')).toBe(true)
    expect(on('/neighbourhood/shoreditch?vibe=Calm')).toBe(false)
    // Sub-pages are not static files: they read their own parameters anyway.
    expect(on('/neighbourhood/shoreditch/events?sort=x')).toBe(false)
    expect(on('/?search=park')).toBe(false)
  })

  it('reads ?pages= leniently and caps it', () => {
    expect(parseShownPages(null)).toBe(1)
    expect(parseShownPages('3')).toBe(3)
    expect(parseShownPages('0')).toBe(1)
    expect(parseShownPages('-2')).toBe(1)
    expect(parseShownPages('abc')).toBe(1)
    expect(parseShownPages('100000')).toBe(MAX_SHOWN_PAGES)
  })

  it('writes one canonical address per view, which the server then renders on demand', () => {
    expect(neighbourhoodListHref({ search: '', vibe: 'All' })).toBe('/neighbourhoods')
    expect(neighbourhoodListHref({ search: ' green park ', vibe: 'Calm' }, 3)).toBe(
      '/neighbourhoods?vibe=Calm&search=green+park&pages=3',
    )
    expect(on(neighbourhoodListHref({ search: 'x', vibe: 'All' }))).toBe(true)
    const path = '/neighbourhood/kew'
    expect(reviewsViewHref(path, '-createdAt')).toBe(path)
    expect(reviewsViewHref(path, '-rating', 2)).toBe(`${path}?sort=highest&pages=2`)
    expect(reviewsViewHref(path, 'rating')).toBe(`${path}?sort=lowest`)
    expect(on(reviewsViewHref(path, 'rating'))).toBe(true)
  })

  it('reads ?sort= leniently', () => {
    expect(parseReviewSort('highest')).toBe('-rating')
    expect(parseReviewSort(' LOWEST ')).toBe('rating')
    expect(parseReviewSort('newest')).toBe('-createdAt')
    expect(parseReviewSort('-rating')).toBe('-createdAt')
    expect(parseReviewSort(null)).toBe('-createdAt')
  })
})
