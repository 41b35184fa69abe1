import type { Where } from 'payload'

import { slugify } from './slug'
import { VIBES } from './vibes'

/** SPEC §2: the vibe filter offers the four vibes plus 'All'. */
export const VIBE_FILTERS = ['All', ...VIBES] as const
export type VibeFilter = (typeof VIBE_FILTERS)[number]

/** SPEC §9 sizes. */
export const HOME_GRID_SIZE = 8
export const LIST_PAGE_SIZE = 8
export const SUGGESTION_COUNT = 4
export const VIBE_TAG_LIMIT = 6
export const VIBE_TAG_SOURCE_ROWS = 20

export interface NeighbourhoodFilter {
  search: string
  vibe: VibeFilter
}

export const NO_FILTER: NeighbourhoodFilter = { search: '', vibe: 'All' }

/** A `?vibe=` value to a filter: canonical spelling whatever the case; unknown or missing → All. */
export function parseVibe(value: string | null | undefined): VibeFilter {
  const wanted = (value ?? '').trim().toLowerCase()
  return VIBES.find((v) => v.toLowerCase() === wanted) ?? 'All'
}

/**
 * The Payload `where` for a search (name or tagline, case-insensitive: Payload's `like` is ILIKE
 * on PostgreSQL, every word must occur) combined with a vibe. The same object serves the Local
 * API at build and the REST API in the browser.
 */
export function neighbourhoodWhere(filter: NeighbourhoodFilter): Where {
  const and: Where[] = []
  const text = filter.search.trim()
  if (text) and.push({ or: [{ name: { like: text } }, { tagline: { like: text } }] })
  if (filter.vibe !== 'All') and.push({ vibes: { contains: filter.vibe } })
  return and.length ? { and } : {}
}

/** Payload's bracket notation (`where[and][0][vibes][contains]=Calm`), what qs would write. */
export function bracketQuery(params: Record<string, unknown>): string {
  const parts: string[] = []
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null) return
    if (typeof value === 'object') {
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) add(`${key}[${k}]`, v)
    } else parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
  }
  for (const [key, value] of Object.entries(params)) add(key, value)
  return parts.join('&')
}

export type NeighbourhoodOrder = 'name' | 'newest'

/**
 * The REST query for one page of neighbourhood cards. SPEC §7: the list page is newest first
 * (created_at descending); the home grid is ordered by name.
 */
export function neighbourhoodListQuery(
  filter: NeighbourhoodFilter,
  { page = 1, limit = LIST_PAGE_SIZE, order = 'newest' as NeighbourhoodOrder } = {},
) {
  return {
    where: neighbourhoodWhere(filter),
    sort: order === 'newest' ? '-createdAt' : 'name',
    limit,
    page,
    depth: 1,
  }
}

/**
 * The list page's query for a filter and the number of pages shown, other parameters of
 * `current` kept: `?vibe=` (absent for All), `?search=` (absent when empty), `?pages=` (absent
 * for 1).
 */
export function filterSearchParams(
  current: string,
  filter: NeighbourhoodFilter,
  pages = 1,
): string {
  const params = new URLSearchParams(current)
  if (filter.vibe === 'All') params.delete('vibe')
  else params.set('vibe', filter.vibe)
  const text = filter.search.trim()
  if (text) params.set('search', text)
  else params.delete('search')
  if (pages > 1) params.set('pages', String(pages))
  else params.delete('pages')
  const query = params.toString()
  return query ? `?${query}` : ''
}

/** The canonical address of a list view: a real link that works without JavaScript. */
export const neighbourhoodListHref = (filter: NeighbourhoodFilter, pages = 1) =>
  `/neighbourhoods${filterSearchParams('', filter, pages)}`

/** The filter an address asks for (`?vibe=Calm&search=park`). */
export function filterFromSearchParams(search: string): NeighbourhoodFilter {
  const params = new URLSearchParams(search)
  return { search: (params.get('search') ?? '').trim(), vibe: parseVibe(params.get('vibe')) }
}

export const mapHref = (text: string) => {
  const query = text.trim()
  return query ? `/map?query=${encodeURIComponent(query)}` : '/map'
}

/** SPEC §2: Add links prefill the submit form with the searched name and its slug. */
export function addNeighbourhoodHref(text: string): string {
  const name = text.trim()
  if (!name) return '/submit-neighbourhood'
  return `/submit-neighbourhood?name=${encodeURIComponent(name)}&slug=${encodeURIComponent(slugify(name))}`
}

export const vibeListHref = (vibe: string) => `/neighbourhoods?vibe=${encodeURIComponent(vibe)}`

/**
 * SPEC §9 home vibe tags: the unique vibes of the first 20 neighbourhoods, in order of first
 * appearance, at most 6; blanks and repeats (whatever their case) skipped.
 */
export function pickVibeTags(
  rows: { vibes?: readonly string[] | null }[],
  limit = VIBE_TAG_LIMIT,
  sourceRows = VIBE_TAG_SOURCE_ROWS,
): string[] {
  const tags: string[] = []
  const seen = new Set<string>()
  for (const row of rows.slice(0, sourceRows)) {
    for (const raw of row.vibes ?? []) {
      const tag = raw.trim()
      const key = tag.toLowerCase()
      if (!tag || seen.has(key)) continue
      seen.add(key)
      tags.push(tag)
      if (tags.length === limit) return tags
    }
  }
  return tags
}
