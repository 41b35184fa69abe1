import crypto from 'node:crypto'

import type { Endpoint, PayloadRequest } from 'payload'

import { PUSH_TEXT, deviceName, isPushEndpointAllowed } from '@/rules/push'
import { pushDeviceSchema, pushStateSchema, type PushDevice } from '@/schemas/push'
import { env } from '@/server/config/env'
import { inTransaction, query, sql } from '@/server/database/db'
import { refuse } from '@/server/http/requests'
import { parsedBody, signedInOnly, type Writer } from '@collections/shared/memberWrite'

/** Whether the browser's public key is a point on P-256 (anything else cannot be encrypted to). */
function isCurvePoint(p256dh: string): boolean {
  try {
    const ecdh = crypto.createECDH('prime256v1')
    ecdh.generateKeys()
    ecdh.computeSecret(Buffer.from(p256dh, 'base64url'))
    return true
  } catch {
    return false
  }
}

/** The member's own row for this endpoint: its kinds, or none. */
async function kindsOf(req: PayloadRequest, user: number, endpoint: string): Promise<string[]> {
  const [row] = await query<{ kinds: string[] }>(
    req,
    sql`SELECT kinds FROM push_subscriptions WHERE endpoint = ${endpoint} AND user_id = ${user}`,
  )
  return Array.isArray(row?.kinds) ? row.kinds : []
}

async function saveDevice(req: PayloadRequest, member: Writer, body: PushDevice) {
  const user = Number(member.id)
  if (body.user !== undefined && String(body.user) !== String(user))
    return refuse(403, PUSH_TEXT.otherAccount)
  const { endpoint, keys } = body.subscription
  if (!isPushEndpointAllowed(endpoint, env.pushEndpointAllow))
    return refuse(400, PUSH_TEXT.badEndpoint)
  if (!isCurvePoint(keys.p256dh)) return refuse(400, PUSH_TEXT.badKeys)
  const kinds = [...new Set(body.kinds)]
  await inTransaction(req, async () => {
    if (!kinds.length) {
      await query(
        req,
        sql`DELETE FROM push_subscriptions WHERE endpoint = ${endpoint} AND user_id = ${user}`,
      )
      return
    }
    // A browser has one subscription per site: whoever signs in on it and turns pushes on
    // takes the device over, and the member before stops getting pushes there.
    await query(
      req,
      sql`INSERT INTO push_subscriptions
            (user_id, endpoint, p256dh, auth, kinds, device, created_at, updated_at)
          VALUES (${user}, ${endpoint}, ${keys.p256dh}, ${keys.auth}, ${JSON.stringify(kinds)}::jsonb,
                  ${deviceName(req.headers.get('user-agent'))}, now(), now())
          ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id,
            p256dh = excluded.p256dh, auth = excluded.auth, kinds = excluded.kinds,
            device = excluded.device, updated_at = now()`,
    )
  })
  return Response.json({ kinds })
}

/**
 * PUT /api/push-subscriptions/device {subscription, kinds}: this device gets pushes of these
 * kinds (none: it is forgotten). POST /api/push-subscriptions/device/state {endpoint}: which
 * kinds this device gets for the signed-in member (none when it is another member's).
 */
export const pushDeviceEndpoints: Endpoint[] = [
  {
    path: '/device',
    method: 'put',
    handler: signedInOnly(PUSH_TEXT.loginFirst, async (req, member) => {
      const body = await parsedBody(req, pushDeviceSchema)
      return body instanceof Response ? body : saveDevice(req, member, body)
    }),
  },
  {
    path: '/device/state',
    method: 'post',
    handler: signedInOnly(PUSH_TEXT.loginFirst, async (req, member) => {
      const body = await parsedBody(req, pushStateSchema)
      if (body instanceof Response) return body
      return Response.json({ kinds: await kindsOf(req, Number(member.id), body.endpoint) })
    }),
  },
]
