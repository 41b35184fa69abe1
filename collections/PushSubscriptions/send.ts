import type { PayloadRequest, TaskHandler } from 'payload'
import type { PoolClient } from 'pg'
import webpush from 'web-push'

import { pushWords, type PushPayload } from '@/rules/push'
import { env } from '@/server/config/env'
import { pushItem } from '@collections/Mails/content'
import { goneFromView } from '@collections/Mails/owed'
import { mailOrigin } from '@collections/Mails/send'
import { sendBatch, sendOnce } from '@collections/shared/outbox'
import { PUSH_DUE_JOINS } from './due'

/** How long a push service may take to answer, and how long it keeps a push for an offline device. */
const TIMEOUT_MS = 10_000
const TTL_SECONDS = 24 * 60 * 60

interface DuePush {
  notification: number
  subscription: number
  endpoint: string
  p256dh: string
  auth: string
}

/** A link's path, query and fragment, whichever public address built it. */
const sitePath = (url: string) => {
  const { pathname, search, hash } = new URL(url)
  return pathname + search + hash
}

export type PushOutcome = 'sent' | 'skipped' | 'dropped' | 'gone'

/** The outbox row as still due, with its device; null when it no longer is. */
async function duePush(db: PoolClient, id: number): Promise<DuePush | null> {
  const { rows } = await db.query<DuePush>(
    `SELECT n.id AS notification, p.id AS subscription, p.endpoint, p.p256dh, p.auth
       FROM push_messages m
       JOIN notifications n ON n.id = m.notification_id
       ${PUSH_DUE_JOINS}
      WHERE m.id = $1 AND p.id = m.subscription_id`,
    [id],
  )
  return rows[0] ?? null
}

/** Hands the encrypted push to the device's push service (web-push encrypts and signs it). */
async function deliver(push: DuePush, payload: PushPayload): Promise<number> {
  const request = webpush.generateRequestDetails(
    { endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: env.vapid,
      TTL: TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      urgency: 'normal',
    },
  )
  const answer = await fetch(request.endpoint, {
    method: request.method,
    headers: request.headers as Record<string, string>,
    body: new Uint8Array(request.body),
    redirect: 'error',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
  await answer.body?.cancel()
  return answer.status
}

/**
 * Sends one outbox push (collections/shared/outbox.ts) unless it is no longer due (the kind
 * switched off, the device dropped it, the content hidden). A device the service calls gone
 * (404, 410) is forgotten.
 */
export async function sendPush(req: PayloadRequest, id: number): Promise<PushOutcome> {
  return sendOnce<{ id: number }, 'gone'>(req.payload, 'sendPushes', id, 'id', async (db) => {
    const push = await duePush(db, id)
    const item = push && (await pushItem(db, push.notification, mailOrigin()))
    if (!push || !item || (await goneFromView(req, [push.notification])).size) return 'dropped'
    const status = await deliver(push, {
      ...pushWords(item.message, item.excerpt),
      // The page on this site: the service worker opens it on its own origin.
      url: sitePath(item.url),
      tag: `notification-${push.notification}`,
    })
    if (status === 404 || status === 410) {
      await db.query('DELETE FROM push_messages WHERE subscription_id = $1', [push.subscription])
      await db.query('DELETE FROM push_subscriptions WHERE id = $1', [push.subscription])
      return 'gone'
    }
    // Too many, or the service is down: the job tries again later (with back-off).
    if (status === 429 || status >= 500) throw new Error(`push service answered ${status}`)
    if (status < 400) return 'sent'
    // Refused for good (a bad request, keys it does not accept): never retried.
    req.payload.logger.warn({ status, push: id }, 'push refused by the push service')
    return 'dropped'
  })
}

/** The send job: its batch of outbox pushes. */
export const sendPushes: TaskHandler<'sendPushes'> = ({ input, req }) =>
  sendBatch(input.pushes, (id) => sendPush(req, id))
