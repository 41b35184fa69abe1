/** SPEC §9: the map lists neighbourhoods 20 at a time, by name. */
export const MAP_PAGE_SIZE = 20

/** A neighbourhood as the map shows it: a marker and its card. */
export interface MapNeighbourhood {
  id: number
  name: string
  slug: string
  tagline: string
  vibes: string[]
  latitude: number | null
  longitude: number | null
}

/** A neighbourhood as read with the map's fields (MAP_FIELDS), as its marker and card show it. */
export const toMapNeighbourhood = (d: {
  id: number
  name: string
  slug: string
  tagline?: string | null
  vibes?: string[] | null
  latitude?: number | null
  longitude?: number | null
}): MapNeighbourhood => ({
  id: d.id,
  name: d.name,
  slug: d.slug,
  tagline: d.tagline ?? '',
  vibes: d.vibes ?? [],
  latitude: d.latitude ?? null,
  longitude: d.longitude ?? null,
})

/** The fields the map reads of a neighbourhood. */
export const MAP_FIELDS = ['name', 'slug', 'tagline', 'vibes', 'latitude', 'longitude'] as const
