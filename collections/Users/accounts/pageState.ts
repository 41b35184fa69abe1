import type { IncomingMessage } from 'node:http'
import type { Endpoint, Payload } from 'payload'

import { readFollowedFeeds } from '@/data/homeFeeds'
import { parsePageStateQuery } from '@/schemas/pageState'
import { pgPool } from '@/server/database/db'
import { earlyJson, type EarlyAnswer } from '@/server/http/earlyAnswers'
import { refuse } from '@/server/http/requests'
import { noteMember } from '@/server/observability/requestLog'
import { noteSessionUse } from '@collections/Users/devices/lastUsed'
import { payloadToken, tokenSession } from './claimedAccounts'
import { readPageState, type StateSession } from './pageStateRead'
import { requestTokenClaims } from './session'

const PRIVATE = { 'cache-control': 'private, no-store' }

/**
 * GET /api/users/state (src/schemas/pageState.ts): a page's personal state in one request, so
 * that a member's page costs one uncached read besides the shared ones. `at` is when the reads
 * began (server ms): live channels quiet since then need no second read. Only ever the asker's
 * own state; a visitor gets the follower count and nothing else. The site's server answers it
 * before Payload (pageStateFirst); this endpoint answers what that leaves to Payload.
 */
export const pageState: Endpoint = {
  path: '/state',
  method: 'get',
  handler: async (req) => {
    const ask = parsePageStateQuery(new URL(req.url ?? '', 'http://x').searchParams)
    if (typeof ask === 'string') return refuse(400, ask)
    const { user } = req
    const sid = (user as { _sid?: unknown } | null)?._sid
    const exp = requestTokenClaims(req)?.exp
    const session =
      typeof user?.id === 'number' && typeof sid === 'string'
        ? { id: user.id, sid, exp: typeof exp === 'number' ? exp : undefined }
        : null
    const state = await readPageState(pgPool(req.payload), ask, session, serverUrlOf(req.payload))
    if (ask.home)
      state.followedFeeds = state.user ? await readFollowedFeeds(req.payload, state.user.id) : null
    return Response.json(state, { headers: PRIVATE })
  },
}

const serverUrlOf = (payload: Payload) => payload.config.serverURL ?? ''

/**
 * The site answers GET /api/users/state itself, before Payload's request setup and sign-in
 * check (which cost several times the read): the token Payload would read (payloadToken), its
 * signature and expiry checked as Payload checks them, and its session found live in the same
 * statement that reads the state. A credential read any other way (another Authorization scheme,
 * a token this does not take for Payload's) is left to Payload's endpoint above. Handed to the
 * site's route table at start (payload.config.ts); none where Payload would sign a visitor in as
 * the configured account (autoLogin), not a case for this path.
 */
export function pageStateFirst(payload: Payload): EarlyAnswer | undefined {
  if (payload.config.admin?.autoLogin) return undefined
  const keys = {
    cookieName: `${payload.config.cookiePrefix}-token`,
    secret: payload.secret,
    csrf: payload.config.csrf,
  }
  return async (req, url) => {
    const ask = parsePageStateQuery(url.searchParams)
    if (typeof ask === 'string') return earlyJson(400, { errors: [{ message: ask }] }, PRIVATE)
    const session = sessionOf(req, keys)
    // The home's followed feeds are Local API reads: Payload's endpoint answers those.
    if (session === undefined || ask.home) return null
    const state = await readPageState(pgPool(payload), ask, session, serverUrlOf(payload))
    if (state.user && session) {
      noteMember(req, state.user.id)
      noteSessionUse(payload, new Headers({ 'user-agent': req.headers['user-agent'] ?? '' }), {
        id: state.user.id,
        _sid: session.sid,
      })
    }
    return earlyJson(200, state, PRIVATE)
  }
}

/** The request's session (null: a visitor), or undefined when Payload must say. */
function sessionOf(
  req: IncomingMessage,
  keys: Parameters<typeof payloadToken>[1],
): StateSession | null | undefined {
  const { authorization } = req.headers
  if (authorization !== undefined && !/^(?:JWT|Bearer) /.test(authorization)) return undefined
  const token = payloadToken(req.headers, keys)
  if (token === null) return null
  return tokenSession(token, keys.secret) ?? undefined
}
