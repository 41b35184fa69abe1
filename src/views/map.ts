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

/** The fields the map reads of a neighbourhood. */
export const MAP_FIELDS = ['name', 'slug', 'tagline', 'vibes', 'latitude', 'longitude'] as const
