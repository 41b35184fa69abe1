import type { Endpoint, PayloadRequest } from 'payload'

import { MAIL_TEXT } from '@/rules/notificationPrefs'
import { readJson, refuse } from '@/server/http/requests'
import { setMailChoice } from '@/data/mailChoice'
import { readUnsubscribeToken } from '@/data/unsubscribeToken'

/** The token from the query (the List-Unsubscribe URL) or a JSON body {token}. */
async function tokenAndChoice(req: PayloadRequest): Promise<{ token: string; on: boolean }> {
  const fromQuery = new URL(req.url ?? 'http://localhost').searchParams.get('t')
  const type = req.headers.get('content-type') ?? ''
  if (fromQuery !== null && !type.includes('json')) return { token: fromQuery, on: false }
  const body = await readJson(req)
  return {
    token: typeof body.token === 'string' ? body.token : (fromQuery ?? ''),
    on: body.on === true,
  }
}

/**
 * POST /api/mails/unsubscribe: no sign-in, the signed token names the member and the kind.
 * - RFC 8058 one-click: `?t=TOKEN` with the body `List-Unsubscribe=One-Click`, as mail clients
 *   send it from the List-Unsubscribe-Post header: turns that kind of mail off.
 * - The unsubscribe page: JSON {token, on}: off, or back on.
 * A forged or expired token changes nothing and says so.
 */
export const unsubscribeEndpoints: Endpoint[] = [
  {
    path: '/unsubscribe',
    method: 'post',
    handler: async (req) => {
      const { token, on } = await tokenAndChoice(req)
      const claim = readUnsubscribeToken(token)
      if (claim === 'forged') return refuse(400, MAIL_TEXT.forgedLink)
      if (claim === 'expired') return refuse(410, MAIL_TEXT.expiredLink)
      const changed = await setMailChoice(req.payload, claim.user, claim.kind, on)
      if (!changed) return refuse(404, MAIL_TEXT.forgedLink)
      return Response.json({
        kind: claim.kind,
        on,
        message: on ? MAIL_TEXT.turnedOn(changed.label) : MAIL_TEXT.turnedOff(changed.label),
      })
    },
  },
]
