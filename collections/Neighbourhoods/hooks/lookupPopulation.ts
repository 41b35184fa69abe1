import type { Neighbourhood } from '@/payload-types'
import type { CollectionAfterChangeHook, PayloadRequest } from 'payload'

import { coordinatesOf } from '@/rules/location'
import {
  POPULATION_STATUS,
  POPULATION_TIMEOUT_MS,
  isNoDataAnswer,
  parsePopulationAnswer,
  populationRequestBody,
  type Population,
  type PopulationStatus,
} from '@/rules/population'
import { env } from '@/server/config/env'
import { answerPopulationSum } from '@/server/services/population'

type Answer = { status: number; body: unknown }
type Lookup = { population: Population } | { status: PopulationStatus }

/** POST {POPULATION_URL}/sum; no answer at all (refused, DNS, 5 s timeout) means unreachable. */
async function askOutsideService(
  req: PayloadRequest,
  url: string,
  request: unknown,
): Promise<Answer | undefined> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (env.populationToken) headers.authorization = `Bearer ${env.populationToken}`
  try {
    const response = await fetch(`${url}/sum`, {
      method: 'POST',
      headers,
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(POPULATION_TIMEOUT_MS),
    })
    return { status: response.status, body: await response.json().catch(() => undefined) }
  } catch (error) {
    req.payload.logger.warn({ err: error, msg: `population service unreachable at ${url}` })
    return undefined
  }
}

/**
 * Asks the population service about the 400 m square around a point and reads its answer. The
 * service is POPULATION_URL's when set, else the site's own (the census shipped with it, the
 * handler of POST /api/population/sum called in process); both get the same request and their
 * answers are read by the same rules. A non-2xx or unreadable answer is a service error.
 */
export async function lookUpPopulation(
  req: PayloadRequest,
  latitude: number,
  longitude: number,
  service: 'configured' | 'embedded' = 'configured',
): Promise<Lookup> {
  const request = populationRequestBody(latitude, longitude)
  const url = service === 'configured' ? env.populationUrl : undefined
  const answer = url ? await askOutsideService(req, url, request) : answerPopulationSum(request)
  if (!answer) return { status: POPULATION_STATUS.unreachable }
  const ok = answer.status >= 200 && answer.status < 300
  if (ok && isNoDataAnswer(answer.body)) return { status: POPULATION_STATUS.noData }
  const population = ok ? parsePopulationAnswer(answer.body) : undefined
  if (!population) {
    req.payload.logger.warn(`population service answered ${answer.status} without a population`)
    return { status: POPULATION_STATUS.serviceError }
  }
  return { population }
}

/**
 * After a neighbourhood is created with coordinates, ask the population service (SPEC §4, §7)
 * and store the answer. A failure or no data keeps the neighbourhood; the response says what
 * happened in `populationStatus` (not stored). Skipped when the caller sets
 * `context.disablePopulation`; `context.populationService: 'embedded'` asks the site's own
 * service whatever POPULATION_URL says (the demo seed: the same figures on every machine).
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
  const service = context.populationService === 'embedded' ? 'embedded' : 'configured'
  const result = await lookUpPopulation(req, point.latitude, point.longitude, service)
  if ('status' in result) return { ...doc, populationStatus: result.status }
  await req.payload.db.updateOne({
    collection: 'neighbourhoods',
    id: doc.id,
    data: { ...result.population },
    req,
    returning: false,
  })
  return { ...doc, ...result.population, populationStatus: POPULATION_STATUS.saved }
}
