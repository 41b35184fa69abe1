import type { Payload } from 'payload'

import { MAP_FIELDS, MAP_PAGE_SIZE, toMapNeighbourhood, type MapNeighbourhood } from '@/views/map'

/**
 * The map's first page as a visitor reads it (by name, only those with a position): the page
 * carries it, so the map draws its markers without a request. Filters and Load More read the API.
 */
export async function loadMapFirstPage(payload: Payload): Promise<MapNeighbourhood[]> {
  const { docs } = await payload.find({
    collection: 'neighbourhoods',
    where: { and: [{ latitude: { exists: true } }, { longitude: { exists: true } }] },
    sort: 'name',
    limit: MAP_PAGE_SIZE,
    depth: 0,
    select: Object.fromEntries(MAP_FIELDS.map((f) => [f, true])),
    overrideAccess: false,
  })
  return docs.map(toMapNeighbourhood)
}
