import { describe, expect, it } from 'vitest'

import {
  cleanQuery,
  fold,
  isSearchKind,
  markWords,
  MAX_QUERY_LENGTH,
  prefixTsQuery,
} from '@/rules/search'
import { excerptParts, MARK_END, MARK_START, searchHitHref, searchHref } from '@/views/search'

const marked = (parts: { text: string; mark: boolean }[]) =>
  parts.filter((p) => p.mark).map((p) => p.text)

describe('search rules', () => {
  it('cleans and caps a query', () => {
    expect(cleanQuery('  brunch \n\t spots\u0000 ')).toBe('brunch spots')
    expect(cleanQuery('x'.repeat(1000))).toHaveLength(MAX_QUERY_LENGTH)
    expect(cleanQuery(undefined)).toBe('')
  })

  it('folds case and accents', () => expect(fold('Crème BRÛLÉE')).toBe('creme brulee'))

  it('builds prefix queries from letters and digits only', () => {
    expect(prefixTsQuery("brunch sho'r")).toBe('brunch:* & sho:* & r:*')
    expect(prefixTsQuery('%_ & | !')).toBeNull()
  })

  it('knows its kinds', () => {
    expect(isSearchKind('story')).toBe(true)
    expect(isSearchKind('Story')).toBe(false)
  })

  it('marks stems, typos and accents', () => {
    expect(marked(markWords('Summer festival on the canal', 'festivals'))).toEqual(['festival'])
    expect(marked(markWords('Shoreditch', 'shordich'))).toEqual(['Shoreditch'])
    expect(marked(markWords('Café Olé', 'cafe'))).toEqual(['Café'])
    expect(marked(markWords('On the canal', 'x'))).toEqual([])
  })
})

describe('search views', () => {
  it('reads the excerpt markers of PostgreSQL', () => {
    const parts = excerptParts(`a ${MARK_START}festival${MARK_END} by the water`, 'festivals')
    expect(marked(parts)).toEqual(['festival'])
    expect(parts.map((p) => p.text).join('')).toBe('a festival by the water')
  })

  it('links each kind to its page', () => {
    expect(searchHitHref('story', 3, null, 'peckham')).toBe('/neighbourhood/peckham/stories/3')
    expect(searchHitHref('person', 7, 'maya_walker', null)).toBe('/profile/maya_walker')
    expect(searchHitHref('event', 4, null, null)).toBe('/event#event-4')
    expect(searchHref('a b', 'story', 2)).toBe('/search?q=a+b&type=story&page=2')
  })
})
