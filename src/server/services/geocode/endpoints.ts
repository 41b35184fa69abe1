import type { Endpoint, PayloadRequest } from 'payload'

import { MESSAGES } from '@/rules/messages'
import { refuse } from '@/server/http/requests'
import { geocoder, UpstreamFailure } from './geocoder'
import { QueueFull } from './spacing'

const QUERY_MIN = 2
const QUERY_MAX = 200

const params = (req: PayloadRequest) => new URL(req.url ?? '', 'http://local').searchParams

/** A number within ±limit, from a query parameter; undefined for anything else. */
function coordinate(raw: string | null, limit: number): number | undefined {
  if (raw === null || raw.trim() === '') return undefined
  const n = Number(raw)
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : undefined
}

/**
 * Signed-in users only: the upstream is a shared public service with a strict usage policy,
 * and only the neighbourhood and local-spot forms (which need a session anyway) search.
 */
async function answer(ask: () => Promise<unknown>, req: PayloadRequest): Promise<Response> {
  try {
    return Response.json(await ask(), { headers: { 'cache-control': 'private, max-age=3600' } })
  } catch (error) {
    if (error instanceof QueueFull) {
      return refuse(429, MESSAGES.placeSearchBusy)
    }
    if (error instanceof UpstreamFailure) {
      req.payload.logger.warn({ msg: `place search failed: ${error.message}` })
      return refuse(502, MESSAGES.searchFailed)
    }
    throw error
  }
}

/** GET /api/geocode/search?q=… → [{ lat, lon, displayName }] (at most 5; [] when none). */
export const geocodeSearch: Endpoint = {
  path: '/geocode/search',
  method: 'get',
  handler: (req) => {
    if (!req.user) return refuse(401, MESSAGES.placeSearchSignIn)
    const q = (params(req).get('q') ?? '').trim()
    if (q.length < QUERY_MIN || q.length > QUERY_MAX) {
      return refuse(400, MESSAGES.placeQueryInvalid)
    }
    return answer(() => geocoder().search(q), req)
  },
}

/** GET /api/geocode/reverse?lat=…&lon=… → { name, address } (both null when nothing is there). */
export const geocodeReverse: Endpoint = {
  path: '/geocode/reverse',
  method: 'get',
  handler: (req) => {
    if (!req.user) return refuse(401, MESSAGES.placeSearchSignIn)
    const lat = coordinate(params(req).get('lat'), 90)
    const lon = coordinate(params(req).get('lon'), 180)
    if (lat === undefined || lon === undefined) return refuse(400, MESSAGES.coordinatesInvalid)
    return answer(() => geocoder().reverse(lat, lon), req)
  },
}

export const geocodeEndpoints: Endpoint[] = [geocodeSearch, geocodeReverse]
