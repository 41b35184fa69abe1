import type { Endpoint } from 'payload'

import { answerPopulationSum } from './populationSum'

/**
 * POST /api/population/sum {polygon_geojson, year} → {population, year, source, quality}: the
 * population service's contract (SPEC §7), answered from the census shipped with the site. No
 * session is needed (it reveals only public census figures); the site's rate limit counts it
 * (src/server/http/rateLimits.ts, `populationSum`).
 */
export const populationSumEndpoint: Endpoint = {
  path: '/population/sum',
  method: 'post',
  handler: async (req) => {
    let body: unknown
    try {
      body = req.json ? await req.json() : undefined
    } catch {
      body = undefined
    }
    const answer = answerPopulationSum(body)
    return Response.json(answer.body, { status: answer.status })
  },
}
