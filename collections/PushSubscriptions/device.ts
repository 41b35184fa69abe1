import crypto from 'node:crypto'

import type { PayloadRequest } from 'payload'

import type { NotificationKind } from '@/rules/notificationPrefs'
import { PUSH_TEXT, deviceName, isPushEndpointAllowed } from '@/rules/push'
import type { PushDevice } from '@/schemas/push'
import { env } from '@/server/config/env'
import { inTransaction, query, sql } from '@/server/database/db'
import { refuse } from '@/server/http/requests'
import { command } from '@collections/shared/command'

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
async function kindsOf(
  req: PayloadRequest,
  user: number,
  endpoint: string,
): Promise<NotificationKind[]> {
  // Only push.device writes the row, and only kinds its schema let through.
  const [row] = await query<{ kinds: NotificationKind[] }>(
    req,
    sql`SELECT kinds FROM push_subscriptions WHERE endpoint = ${endpoint} AND user_id = ${user}`,
  )
  return Array.isArray(row?.kinds) ? row.kinds : []
}

async function saveDevice(req: PayloadRequest, user: number, body: PushDevice) {
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
  return { kinds }
}

/**
 * push.device: this device gets pushes of these kinds (none: it is forgotten). push.deviceState:
 * which kinds this device gets for the signed-in member (none when it is another member's).
 */
export const pushDeviceEndpoints = [
  command('push.device', ({ req, input, user }) => saveDevice(req, Number(user!.id), input)),
  command('push.deviceState', async ({ req, input, user }) => ({
    kinds: await kindsOf(req, Number(user!.id), input.endpoint),
  })),
]
