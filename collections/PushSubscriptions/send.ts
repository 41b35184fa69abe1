import type { PayloadRequest, TaskHandler } from 'payload'
import type { PoolClient } from 'pg'
import webpush from 'web-push'

import { KIND_LABELS, type NotificationKind } from '@/rules/notificationPrefs'
import { pushBody, type PushPayload } from '@/rules/push'
import { env } from '@/server/config/env'
import { pgPool } from '@/server/database/db'
import { pushItem } from '@collections/Mails/content'
import { goneFromView } from '@collections/Mails/owed'
import { mailOrigin } from '@collections/Mails/send'
import { PUSH_DUE_JOINS } from './due'

/** How long a push service may take to answer, and how long it keeps a push for an offline device. */
const TIMEOUT_MS = 10_000
const TTL_SECONDS = 24 * 60 * 60

interface DuePush {
  notification: number
  kind: NotificationKind
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
    `SELECT n.id AS notification, k.kind, p.id AS subscription, p.endpoint, p.p256dh, p.auth
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
 * Sends one outbox push unless it is already sent, another process holds it, or it is no longer
 * due (the kind switched off, the device dropped it, the content hidden): the row stays locked
 * while the push service takes it and is marked sent in the same transaction, so a process killed
 * between the two sends it again. A device the service calls gone (404, 410) is forgotten.
 */
export async function sendPush(req: PayloadRequest, id: number): Promise<PushOutcome> {
  const db = await pgPool(req.payload).connect()
  try {
    await db.query('BEGIN')
    const { rows } = await db.query(
      'SELECT id FROM push_messages WHERE id = $1 AND sent_at IS NULL FOR UPDATE SKIP LOCKED',
      [id],
    )
    if (!rows.length) return (await db.query('ROLLBACK'), 'skipped')
    const push = await duePush(db, id)
    const item = push && (await pushItem(db, push.notification, mailOrigin()))
    if (!push || !item || (await goneFromView(req, [push.notification])).size) {
      await db.query('DELETE FROM push_messages WHERE id = $1', [id])
      return (await db.query('COMMIT'), 'dropped')
    }
    const status = await deliver(push, {
      // The bell's sentence, as a title (no full stop).
      title: item.message.replace(/\.$/, ''),
      body: pushBody(item.excerpt ?? KIND_LABELS[push.kind]),
      // The page on this site: the service worker opens it on its own origin.
      url: sitePath(item.url),
      tag: `notification-${push.notification}`,
    })
    if (status === 404 || status === 410) {
      await db.query('DELETE FROM push_messages WHERE subscription_id = $1', [push.subscription])
      await db.query('DELETE FROM push_subscriptions WHERE id = $1', [push.subscription])
      return (await db.query('COMMIT'), 'gone')
    }
    // Too many, or the service is down: the job tries again later (with back-off).
    if (status === 429 || status >= 500) throw new Error(`push service answered ${status}`)
    if (status >= 400) {
      // Refused for good (a bad request, keys it does not accept): never retried.
      req.payload.logger.warn({ status, push: id }, 'push refused by the push service')
      await db.query('DELETE FROM push_messages WHERE id = $1', [id])
      return (await db.query('COMMIT'), 'dropped')
    }
    await db.query('UPDATE push_messages SET sent_at = now(), updated_at = now() WHERE id = $1', [
      id,
    ])
    await db.query('COMMIT')
    return 'sent'
  } catch (error) {
    await db.query('ROLLBACK').catch(() => {})
    throw error
  } finally {
    db.release()
  }
}

/** The send job: its batch of outbox pushes, one after another; a failure retries the job. */
export const sendPushes: TaskHandler<'sendPushes'> = async ({ input, req }) => {
  const ids = (Array.isArray(input.pushes) ? input.pushes : []).map(Number).filter(Number.isInteger)
  let sent = 0
  for (const id of ids) if ((await sendPush(req, id)) === 'sent') sent++
  return { output: { sent } }
}
