import crypto from 'node:crypto'

import type { PayloadRequest, TaskHandler } from 'payload'

import { env } from '@/server/config/env'
import { inTransaction, query, sql } from '@/server/database/db'
import { MAIL_QUEUE } from './queue'
import { intArray, planMails, type MailDraft } from './owed'
import { mailSubject } from './subjects'

/** Mails per send job: a crash re-runs at most this many checks, and sends only the unsent. */
export const MAILS_PER_JOB = 50

/** A Message-ID fixed when the mail is written: every retry of it carries the same one. */
export function newMessageId(): string {
  const host = env.publicUrl ? new URL(env.publicUrl).hostname : 'belong.local'
  return `<${crypto.randomUUID()}@${host}>`
}

/** Writes the drafts as outbox rows, links their notifications, answers the new rows' ids. */
async function writeMails(req: PayloadRequest, drafts: MailDraft[]): Promise<number[]> {
  const rows = await query<{ id: number }>(
    req,
    sql`INSERT INTO mails (user_id, kind, "to", subject, message_id, created_at, updated_at)
        SELECT u, k::enum_mails_kind, t, s, m, now(), now()
          FROM unnest(${sql.param(drafts.map((d) => d.user))}::int[],
                      ${sql.param(drafts.map((d) => d.kind))}::text[],
                      ${sql.param(drafts.map((d) => d.to))}::text[],
                      ${sql.param(
                        drafts.map((d) =>
                          mailSubject(
                            d.kind,
                            d.notifications.map((n) => n.message),
                          ),
                        ),
                      )}::text[],
                      ${sql.param(drafts.map(() => newMessageId()))}::text[])
               WITH ORDINALITY AS d(u, k, t, s, m, i)
         ORDER BY i
        RETURNING id`,
  )
  const ids = rows.map((r) => r.id)
  const links = drafts.flatMap((d, i) => d.notifications.map((n) => [n.id, ids[i]!] as const))
  await query(
    req,
    sql`UPDATE notifications n SET mail_id = x.mail
          FROM unnest(${intArray(links.map((l) => l[0]))}, ${intArray(links.map((l) => l[1]))})
               AS x(id, mail)
         WHERE n.id = x.id`,
  )
  return ids
}

/**
 * Send jobs whose process died mid-run stay marked as processing; after MAIL_STALE_MS they are
 * released to run again (their mails or pushes not yet marked sent go out; a mail with the same
 * Message-ID).
 */
export async function releaseStaleSends(
  req: PayloadRequest,
  task: 'sendMails' | 'sendPushes',
): Promise<void> {
  await query(
    req,
    sql`UPDATE payload_jobs SET processing = false
         WHERE processing AND completed_at IS NULL AND task_slug = ${task}
           AND updated_at < now() - make_interval(secs => ${env.mailStaleMs / 1000})`,
  )
}

/**
 * Unsent mails of the last two days that no pending send job holds (a digest batch that died
 * between its commit and its queueing, a job removed by hand): queued again.
 */
async function unqueuedMails(req: PayloadRequest): Promise<number[]> {
  const rows = await query<{ id: number }>(
    req,
    sql`SELECT m.id FROM mails m
         WHERE m.sent_at IS NULL AND m.created_at > now() - interval '2 days'
           AND m.created_at < now() - interval '1 minute'
           AND NOT EXISTS (SELECT 1 FROM payload_jobs j
                 WHERE j.task_slug = 'sendMails' AND j.completed_at IS NULL
                   AND j.input -> 'mails' @> to_jsonb(m.id))
         ORDER BY m.id LIMIT 1000`,
  )
  return rows.map((r) => r.id)
}

/**
 * The dispatch job: in one transaction (one instance at a time, by an advisory lock), owed
 * notifications become outbox mails and their send jobs are queued, so a crash leaves either
 * nothing done or everything queued.
 */
export const dispatchMails: TaskHandler<'dispatchMails'> = async ({ req }) => {
  const queued = await inTransaction(req, async () => {
    const [lock] = await query<{ got: boolean }>(
      req,
      sql`SELECT pg_try_advisory_xact_lock(hashtext('belong:mail-dispatch')) AS got`,
    )
    if (!lock?.got) return 0
    await releaseStaleSends(req, 'sendMails')
    const { drafts, cancelled } = await planMails(req)
    if (cancelled.length)
      await query(
        req,
        sql`UPDATE notifications SET mail_due = false WHERE id = ANY(${intArray(cancelled)})`,
      )
    const ids = [
      ...(await unqueuedMails(req)),
      ...(drafts.length ? await writeMails(req, drafts) : []),
    ]
    for (let i = 0; i < ids.length; i += MAILS_PER_JOB) {
      await req.payload.jobs.queue({
        task: 'sendMails',
        input: { mails: ids.slice(i, i + MAILS_PER_JOB) },
        queue: MAIL_QUEUE,
        req,
      })
    }
    return ids.length
  })
  return { output: { queued } }
}
