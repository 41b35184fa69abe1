import { VIBES, type Vibe } from '@/rules/vibes'
import { MAP_FIELDS, MAP_PAGE_SIZE, type MapNeighbourhood } from '@/views/map'
import type { DocumentQuery } from '@widgets/lib/client'

/** SPEC §9: default view and focus zoom (the page size is the loader's too: src/views/map.ts). */
export const MAP_CENTRE: [number, number] = [51.505, -0.09]
export const MAP_ZOOM = 11
export const MAP_FOCUS_ZOOM = 13
export const CLUSTER_RADIUS = 80

export { MAP_PAGE_SIZE, type MapNeighbourhood } from '@/views/map'

export interface MapFilter {
  /** undefined: All */
  vibe?: Vibe
  query?: string
}

/** `?vibe=` and `?query=` from the page address; an unknown vibe means All. */
export function filterFromSearch(search: string): MapFilter {
  const params = new URLSearchParams(search)
  const rawVibe = params.get('vibe')
  const vibe = VIBES.find((v) => v.toLowerCase() === rawVibe?.trim().toLowerCase())
  const query = params.get('query')?.trim() || undefined
  return { vibe, query }
}

/** The address for a filter: vibe kept in `?vibe=` (removed for All), query kept as it was. */
export function searchForFilter(filter: MapFilter): string {
  const params = new URLSearchParams()
  if (filter.query) params.set('query', filter.query)
  if (filter.vibe) params.set('vibe', filter.vibe)
  const s = params.toString()
  return s ? `?${s}` : ''
}

/**
 * REST read (SPEC §7): neighbourhoods ordered by name, 20 per page, optional vibe and name match.
 * Only those with a position: a page of 20 means 20 markers, and paging stays honest.
 */
export function neighbourhoodsQuery(filter: MapFilter, page: number): DocumentQuery {
  return {
    sort: 'name',
    limit: MAP_PAGE_SIZE,
    page,
    depth: 0,
    select: Object.fromEntries(MAP_FIELDS.map((field) => [field, true as const])),
    where: {
      latitude: { exists: true },
      longitude: { exists: true },
      ...(filter.vibe ? { vibes: { contains: filter.vibe } } : {}),
      ...(filter.query ? { name: { like: filter.query } } : {}),
    },
  }
}

/** 'More available' is false once a page comes back short. */
export function hasMore(pageLength: number): boolean {
  return pageLength >= MAP_PAGE_SIZE
}

/** Where the map looks: the default view, or a name search's first result close up. */
export interface MapView {
  centre: [number, number]
  zoom: number
}

export function viewFor(focus: MapNeighbourhood | null): MapView {
  return focus && hasPosition(focus)
    ? { centre: [focus.latitude, focus.longitude], zoom: MAP_FOCUS_ZOOM }
    : { centre: MAP_CENTRE, zoom: MAP_ZOOM }
}

export function hasPosition(
  n: MapNeighbourhood,
): n is MapNeighbourhood & { latitude: number; longitude: number } {
  return typeof n.latitude === 'number' && typeof n.longitude === 'number'
}

/** Cluster badge size (SPEC §9): small under 10, medium under 100, large otherwise. */
export function clusterSize(count: number): 'small' | 'medium' | 'large' {
  return count < 10 ? 'small' : count < 100 ? 'medium' : 'large'
}

/** A lost or found post on the map's layer (lostFound.pins), at its rounded place. */
export interface MapPin {
  id: number
  kind: 'lost' | 'found'
  title: string
  latitude: number
  longitude: number
  href: string
}
