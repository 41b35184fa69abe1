import type { IncomingMessage, ServerResponse } from 'node:http'

import { handleEndpoints } from 'payload'

import { databaseUnavailableResponse } from '@/server/database/databaseDown'
import { readFromPrimary } from '@/server/database/replicas'
import type { EarlyAnswer } from '@/server/http/earlyAnswers'
import { sendFetchResponse, toFetchRequest } from '@/server/http/nodeFetch'
import { inErrorShape, refuseBadQuery } from '@/server/http/queryGate'
import { tooManyRequestsResponse } from '@/server/http/rateLimits'
import { apiReadCache, type SignedInReads } from '@/server/http/readCache'
import { handOverSession } from '@/server/http/sessionHandOver'
import type { Site } from './context'

/** One API request to Payload, as the /api route and the forms posted to pages make it. */
export type CallApi = (request: Request, req: IncomingMessage) => Promise<Response>

/** Payload's handler behind the query gate, with the database-down answer. */
function dispatchApi(site: Site) {
  return async (request: Request): Promise<Response> => {
    // A query Payload's language refuses is the client's fault: a 400 here, never Payload's 500.
    const badQuery = await refuseBadQuery(site.config, request)
    if (badQuery) return badQuery
    const response = await handleEndpoints({ config: site.config, request })
    // (A 401/403 too: with the database down, Payload cannot read the user of a token.)
    if ([401, 403].includes(response.status) || response.status >= 500)
      if (await site.databaseUnavailable()) return databaseUnavailableResponse()
    return inErrorShape(response)
  }
}

/**
 * One API request: its rate limit, then Payload's handler. The /api route and the forms posted
 * to pages (src/server/http/formPosts.ts) both go through here, so both meet the same rules.
 */
export function callApi(site: Site): CallApi {
  const dispatch = dispatchApi(site)
  return async (request, req) => {
    const wait = await site.limitWait(request.method, new URL(request.url).pathname, req)
    if (wait.seconds) return tooManyRequestsResponse(wait.seconds, wait.refused)
    handOverSession(request, wait.session)
    return dispatch(request)
  }
}

/** A read answered before Payload's request is made (src/server/http/earlyAnswers.ts). */
export function early(answer: EarlyAnswer) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const answered = await answer(req, new URL(req.url ?? '', 'http://site'))
    if (!answered) return false
    res.writeHead(answered.status, answered.headers).end(answered.body)
    return true
  }
}

/**
 * The /api route: the limit, the read cache (signed-out public reads from memory, and the
 * signed-in ones whose route knows whose answer they get), then Payload's handler.
 */
export function api(site: Site, signedIn: SignedInReads) {
  const dispatch = dispatchApi(site)
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const url = req.url ?? '/'
    // The limit before the body is read: a client over it sends nothing more for us to read.
    const wait = await site.limitWait(
      req.method ?? 'GET',
      new URL(url, 'http://site').pathname,
      req,
    )
    if (wait.seconds) {
      await sendFetchResponse(res, tooManyRequestsResponse(wait.seconds, wait.refused))
      return true
    }
    const cache = apiReadCache()
    await cache.sortSignedIn(req, signedIn)
    if (cache.serve(req, res)) return true
    const request = await toFetchRequest(req, res, site.originOf(req))
    if (!request) return true
    // The limits checked the session of a write: Payload's auth takes it instead of a second look.
    handOverSession(request, wait.session)
    // An answer the cache keeps outlives a replica's lag (it is dropped when the write is
    // announced, which may be before the replica has it): it is read on the primary.
    const response = await (cache.mayKeep(req)
      ? readFromPrimary(() => dispatch(request))
      : dispatch(request))
    await sendFetchResponse(res, await cache.keep(req, response))
    return true
  }
}
