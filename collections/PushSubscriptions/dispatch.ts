import type { TaskHandler } from 'payload'

import { inTransaction, query, sql } from '@/server/database/db'
import { releaseStaleSends } from '@collections/Mails/dispatch'
import { MAIL_QUEUE } from '@collections/Mails/queue'
import { PUSH_DUE_JOINS } from './due'

/** Pushes per send job: a crash re-runs at most this many checks, and sends only the unsent. */
export const PUSHES_PER_JOB = 25
/** One dispatch queues at most this many; the next run takes the rest. */
const MAX_QUEUED = 5000

/**
 * The push dispatch job (every few seconds, one instance at a time by an advisory lock): every
 * notification of the last day due to a device (PUSH_DUE_JOINS) and made since the device chose
 * its kinds gets an outbox row, and the send jobs are queued in the same transaction, so a crash
 * leaves either nothing done or everything queued. Sent rows are kept a week.
 */
export const dispatchPushes: TaskHandler<'dispatchPushes'> = async ({ req }) => {
  const queued = await inTransaction(req, async () => {
    const [lock] = await query<{ got: boolean }>(
      req,
      sql`SELECT pg_try_advisory_xact_lock(hashtext('belong:push-dispatch')) AS got`,
    )
    if (!lock?.got) return 0
    await releaseStaleSends(req, 'sendPushes')
    await query(
      req,
      sql`DELETE FROM push_messages WHERE sent_at < now() - interval '7 days'
             OR (sent_at IS NULL AND created_at < now() - interval '2 days')`,
    )
    const rows = await query<{ id: number }>(
      req,
      sql`INSERT INTO push_messages (notification_id, subscription_id, created_at, updated_at)
          SELECT n.id, p.id, now(), now()
            FROM notifications n ${sql.raw(PUSH_DUE_JOINS)}
           WHERE n.created_at > greatest(p.updated_at, now() - interval '1 day')
             AND NOT EXISTS (SELECT 1 FROM push_messages m
                              WHERE m.notification_id = n.id AND m.subscription_id = p.id)
           ORDER BY n.id LIMIT ${MAX_QUEUED}
          ON CONFLICT DO NOTHING
          RETURNING id`,
    )
    const ids = rows.map((r) => r.id)
    for (let i = 0; i < ids.length; i += PUSHES_PER_JOB) {
      await req.payload.jobs.queue({
        task: 'sendPushes',
        input: { pushes: ids.slice(i, i + PUSHES_PER_JOB) },
        queue: MAIL_QUEUE,
        req,
      })
    }
    return ids.length
  })
  return { output: { queued } }
}
