import type { Endpoint, PayloadRequest } from 'payload'
import { generateExpiredPayloadCookie } from 'payload/shared'

import { DEVICES_MESSAGES, isSessionId } from '@/rules/devices'
import { inTransaction, pgPool } from '@/server/database/db'
import { refuse } from '@/server/http/requests'
import { describeUserAgent, toDeviceViews } from '@/views/devices'
import { signedInOnly } from '@collections/Users/signedInOnly'
import { endSessions, liveSessions } from '@/data/sessions'

/**
 * Settings → Your devices, for the signed-in account only (the account is the session's; the only
 * thing read from the request is a session id, which must be one of that account's):
 * - GET /api/users/me/sessions → {sessions: [{sid, device, lastUsed, signedIn, current}]};
 * - DELETE /api/users/me/sessions/:sid → that session signed out; this one too when named (its
 *   cookie is cleared: {signedOut: true});
 * - POST /api/users/me/sessions/sign-out-others → every session but this one signed out.
 * An ended session's next request, on any instance, is signed out (sessions.ts).
 */

const signInFirst = DEVICES_MESSAGES.signInFirst

const currentSid = (req: PayloadRequest) => {
  const sid = (req.user as { _sid?: unknown } | null)?._sid
  return typeof sid === 'string' ? sid : undefined
}

export const listSessions: Endpoint = {
  path: '/me/sessions',
  method: 'get',
  handler: signedInOnly(signInFirst, async (req, user) => {
    const sessions = toDeviceViews(
      await liveSessions(pgPool(req.payload), user.id),
      currentSid(req),
    )
    return Response.json({ sessions }, { headers: { 'cache-control': 'private, no-store' } })
  }),
}

export const signOutSession: Endpoint = {
  path: '/me/sessions/:sid',
  method: 'delete',
  handler: signedInOnly(signInFirst, async (req, user) => {
    const sid = req.routeParams?.sid
    if (!isSessionId(sid)) return refuse(400, DEVICES_MESSAGES.badSession)
    const session = (await liveSessions(pgPool(req.payload), user.id)).find((s) => s.sid === sid)
    if (!session) return refuse(404, DEVICES_MESSAGES.notYours)
    const ended = await inTransaction(req, () => endSessions(req, user.id, { only: sid }))
    if (ended === 0) return refuse(404, DEVICES_MESSAGES.notYours)
    if (sid !== currentSid(req)) {
      const device = describeUserAgent(session.userAgent)
      return Response.json({ message: DEVICES_MESSAGES.signedOutOne(device), signedOut: false })
    }
    // This very session: the browser forgets its token too, as after 'Sign out'.
    const auth = req.payload.collections.users.config.auth
    const cookie = generateExpiredPayloadCookie({
      collectionAuthConfig: auth,
      cookiePrefix: req.payload.config.cookiePrefix,
    })
    return Response.json(
      { message: DEVICES_MESSAGES.signedOutThis, signedOut: true },
      { headers: { 'Set-Cookie': cookie } },
    )
  }),
}

export const signOutOtherSessions: Endpoint = {
  path: '/me/sessions/sign-out-others',
  method: 'post',
  handler: signedInOnly(signInFirst, async (req, user) => {
    const except = currentSid(req)
    const ended = await inTransaction(req, () => endSessions(req, user.id, { except }))
    return Response.json({ message: DEVICES_MESSAGES.signedOutOthers(ended), ended })
  }),
}

export const deviceEndpoints = [listSessions, signOutSession, signOutOtherSessions]
