import type { Endpoint } from 'payload'

import type { Neighbourhood } from '@/payload-types'
import { coordinatesOf } from '@/rules/location'
import { POPULATION_STATUS } from '@/rules/population'
import { refuse, routeId } from '@/server/http/requests'
import { isStaffUser } from '@collections/access'
import { lookUpPopulation } from '@collections/Neighbourhoods/hooks/lookupPopulation'

/** The words of the admin's 'Look up population again' (cms/components/PopulationLookup.tsx). */
export const REFRESH_POPULATION = {
  staffOnly: 'Only editors can look up a population again.',
  notFound: 'Neighbourhood not found.',
  noPoint: 'This neighbourhood has no latitude and longitude to look up.',
} as const

/**
 * POST /api/neighbourhoods/:id/population (staff): asks the population service again (after a
 * move, or once an outside service answers) and saves the answer through the collection's own
 * update, so its page, versions and search follow. Answers {populationStatus, doc}; a failure or
 * no data leaves the stored figures as they were.
 */
export const refreshPopulation: Endpoint = {
  path: '/:id/population',
  method: 'post',
  handler: async (req) => {
    if (!isStaffUser(req.user)) return refuse(403, REFRESH_POPULATION.staffOnly)
    const id = routeId(req)
    const doc =
      id === null
        ? null
        : ((await req.payload
            .findByID({ collection: 'neighbourhoods', id, depth: 0, req, disableErrors: true })
            .catch(() => null)) as Neighbourhood | null)
    if (!doc) return refuse(404, REFRESH_POPULATION.notFound)
    const point = coordinatesOf(doc.latitude, doc.longitude)
    if (!point) return refuse(400, REFRESH_POPULATION.noPoint)
    const result = await lookUpPopulation(req, point.latitude, point.longitude)
    if ('status' in result) return Response.json({ populationStatus: result.status, doc })
    const updated = await req.payload.update({
      collection: 'neighbourhoods',
      id: doc.id,
      data: result.population,
      depth: 0,
      req,
      overrideAccess: false,
    })
    return Response.json({ populationStatus: POPULATION_STATUS.saved, doc: updated })
  },
}
