import { setImmediate as nextTurn } from 'node:timers/promises'

import type { Payload, PayloadRequest, TaskConfig, TaskHandler } from 'payload'
import type { PoolClient } from 'pg'

import { env } from '@/server/config/env'
import { clientTransaction, inTransaction, pgPool, query, sql } from '@/server/database/db'
import { MAIL_QUEUE } from '@collections/Mails/queue'

/**
 * The outboxes (mails, pushes) work one way: a dispatch job, one instance at a time, writes
 * outbox rows and queues their send jobs in one transaction; a send job takes each row once (it
 * stays locked while it is handed on, and is marked sent in the same transaction, so a process
 * killed between the two sends it again rather than never); a failed send job is retried with
 * back-off, and one whose process died is released to run again, as every job is
 * (src/server/database/jobClaims.ts).
 */
const OUTBOXES = {
  sendMails: { table: 'mails', input: 'mails', lock: 'belong:mail-dispatch', perJob: 50 },
  sendPushes: { table: 'push_messages', input: 'pushes', lock: 'belong:push-dispatch', perJob: 25 },
} as const

type SendTask = keyof typeof OUTBOXES
type DispatchTask = 'dispatchMails' | 'dispatchPushes'

/**
 * Queues the send jobs for outbox rows, a batch each (perJob: a crash re-runs at most that many
 * checks, and sends only the unsent), in `req`'s transaction when given.
 */
export async function queueSends(
  payload: Payload,
  task: SendTask,
  ids: number[],
  req?: PayloadRequest,
): Promise<void> {
  const { perJob } = OUTBOXES[task]
  for (let i = 0; i < ids.length; i += perJob) {
    const batch = ids.slice(i, i + perJob)
    const queued = { queue: MAIL_QUEUE, req }
    // Each task names its batch as it always has (a job queued before an upgrade still runs).
    if (task === 'sendMails') await payload.jobs.queue({ task, input: { mails: batch }, ...queued })
    else await payload.jobs.queue({ task, input: { pushes: batch }, ...queued })
  }
}

/**
 * A dispatch run: under the outbox's advisory lock (another instance dispatching means this one
 * does nothing), `write` answers the outbox rows to send and their send jobs are queued in the
 * same transaction, so a crash leaves either nothing done or everything queued. A run that must
 * not be skipped (a daily one) `waits` for the lock instead: a dispatch holds it briefly.
 */
export async function dispatchOutbox(
  req: PayloadRequest,
  task: SendTask,
  write: () => Promise<number[]>,
  { waits = false } = {},
): Promise<{ output: { queued: number } }> {
  const queued = await inTransaction(req, async () => {
    const key = OUTBOXES[task].lock
    const [lock] = await query<{ got: boolean }>(
      req,
      waits
        ? sql`SELECT true AS got FROM (SELECT pg_advisory_xact_lock(hashtext(${key}))) AS held`
        : sql`SELECT pg_try_advisory_xact_lock(hashtext(${key})) AS got`,
    )
    if (!lock?.got) return 0
    const ids = await write()
    await queueSends(req.payload, task, ids, req)
    return ids.length
  })
  return { output: { queued } }
}

/**
 * What `send` did with its locked row: 'sent' marks it sent, 'dropped' deletes it (no longer
 * due); any other outcome has made its own writes. Throwing rolls back and retries the job.
 */
export type Handed<Outcome extends string> = 'sent' | 'dropped' | Outcome

/**
 * Sends one outbox row unless it is already sent or another process holds it ('skipped'): the
 * row is read with `columns` and locked while `send` hands it on, and what `send` answers is
 * written in the same transaction.
 */
export async function sendOnce<Row, Outcome extends string = never>(
  payload: Payload,
  task: SendTask,
  id: number,
  columns: string,
  send: (db: PoolClient, row: Row) => Promise<Handed<Outcome>>,
): Promise<Handed<Outcome> | 'skipped'> {
  const { table } = OUTBOXES[task]
  return clientTransaction(pgPool(payload), async (db) => {
    const { rows } = await db.query<Row & object>(
      `SELECT ${columns} FROM ${table} WHERE id = $1 AND sent_at IS NULL FOR UPDATE SKIP LOCKED`,
      [id],
    )
    const row = rows[0]
    if (!row) return 'skipped'
    const outcome = await send(db, row)
    if (outcome === 'sent')
      await db.query(`UPDATE ${table} SET sent_at = now(), updated_at = now() WHERE id = $1`, [id])
    else if (outcome === 'dropped') await db.query(`DELETE FROM ${table} WHERE id = $1`, [id])
    return outcome
  })
}

/**
 * A send job's run: its batch of outbox rows, one after another (a failure retries the job);
 * requests waiting meanwhile go before the next one.
 */
export async function sendBatch(
  batch: unknown,
  sendOne: (id: number) => Promise<string>,
): Promise<{ output: { sent: number } }> {
  const ids = (Array.isArray(batch) ? batch : []).map(Number).filter(Number.isInteger)
  let sent = 0
  for (const id of ids) {
    if ((await sendOne(id)) === 'sent') sent++
    await nextTurn()
  }
  return { output: { sent } }
}

/** A job that tells someone is retried with back-off: a service down for a while loses nothing. */
export const SEND_RETRIES = {
  attempts: 6,
  backoff: { type: 'exponential', delay: 10_000 },
} as const

/**
 * An outbox's two tasks, in the mail queue: the dispatch on MAIL_CRON, the send (its batch of
 * ids under the outbox's `input`) retried. Each is its own task, so the job metrics show each outbox apart.
 */
export function outboxTasks<D extends DispatchTask, S extends SendTask>(
  dispatch: { slug: D; label: string; handler: TaskHandler<D> },
  send: { slug: S; label: string; handler: TaskHandler<S> },
): TaskConfig[] {
  return [
    { ...dispatch, schedule: [{ cron: env.mailCron, queue: MAIL_QUEUE }] },
    {
      slug: send.slug,
      label: send.label,
      inputSchema: [{ name: OUTBOXES[send.slug].input, type: 'json', required: true }],
      handler: send.handler,
      retries: SEND_RETRIES,
    },
  ]
}
