import type { Neighbourhood } from '@/payload-types'
import type { CollectionAfterChangeHook, PayloadRequest } from 'payload'

import { coordinatesOf } from '@/rules/location'
import {
  POPULATION_STATUS,
  POPULATION_TIMEOUT_MS,
  parsePopulationAnswer,
  populationRequestBody,
  type Population,
  type PopulationStatus,
} from '@/rules/population'
import { env } from '@/server/config/env'

type Lookup = { population: Population } | { failure: PopulationStatus }

/** POST {POPULATION_URL}/sum; a non-2xx or unreadable answer is a service error, no answer at all
 * (refused, DNS, 5 s timeout) means unreachable. */
async function askPopulationService(
  req: PayloadRequest,
  url: string,
  latitude: number,
  longitude: number,
): Promise<Lookup> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (env.populationToken) headers.authorization = `Bearer ${env.populationToken}`
  let response: Response
  try {
    response = await fetch(`${url}/sum`, {
      method: 'POST',
      headers,
      body: JSON.stringify(populationRequestBody(latitude, longitude)),
      signal: AbortSignal.timeout(POPULATION_TIMEOUT_MS),
    })
  } catch (error) {
    req.payload.logger.warn({ err: error, msg: `population service unreachable at ${url}` })
    return { failure: POPULATION_STATUS.unreachable }
  }
  const body: unknown = await response.json().catch(() => undefined)
  const population = response.ok ? parsePopulationAnswer(body) : undefined
  if (!population) {
    req.payload.logger.warn(`population service answered ${response.status} without a population`)
    return { failure: POPULATION_STATUS.serviceError }
  }
  return { population }
}

/**
 * After a neighbourhood is created with coordinates, ask the population service (SPEC §4, §7)
 * and store the answer. A failure keeps the neighbourhood; the response says what happened in
 * `populationStatus` (not stored). Skipped without POPULATION_URL, and when the caller sets
 * `context.disablePopulation` (the seed does).
 */
export const lookupPopulation: CollectionAfterChangeHook<Neighbourhood> = async ({
  doc,
  operation,
  req,
  context,
}) => {
  if (operation !== 'create' || context.disablePopulation) return doc
  const point = coordinatesOf(doc.latitude, doc.longitude)
  if (!point) return doc
  const url = env.populationUrl
  if (!url) return { ...doc, populationStatus: POPULATION_STATUS.notConfigured }

  const result = await askPopulationService(req, url, point.latitude, point.longitude)
  if ('failure' in result) return { ...doc, populationStatus: result.failure }
  await req.payload.db.updateOne({
    collection: 'neighbourhoods',
    id: doc.id,
    data: { ...result.population },
    req,
    returning: false,
  })
  return { ...doc, ...result.population, populationStatus: POPULATION_STATUS.saved }
}
