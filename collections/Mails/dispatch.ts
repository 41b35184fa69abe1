import crypto from 'node:crypto'

import type { PayloadRequest, TaskHandler } from 'payload'

import { env } from '@/server/config/env'
import { query, sql } from '@/server/database/db'
import { dispatchOutbox } from '@collections/shared/outbox'
import { intArray, planMails, type MailDraft, type MailRun } from './owed'
import { mailSubject } from './subjects'

/** A Message-ID fixed when the mail is written: every retry of it carries the same one. */
export function newMessageId(): string {
  const host = env.publicUrl ? new URL(env.publicUrl).hostname : 'belong.local'
  return `<${crypto.randomUUID()}@${host}>`
}

/** Writes the drafts as outbox rows, links their notifications, answers the new rows' ids. */
async function writeMails(req: PayloadRequest, drafts: MailDraft[]): Promise<number[]> {
  const rows = await query<{ id: number }>(
    req,
    sql`INSERT INTO mails (user_id, kind, "to", subject, message_id, conversation_id, created_at, updated_at)
        SELECT u, k::enum_mails_kind, t, s, m, c, now(), now()
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
                      ${sql.param(drafts.map(() => newMessageId()))}::text[],
                      ${sql.param(drafts.map((d) => d.conversation))}::int[])
               WITH ORDINALITY AS d(u, k, t, s, m, c, i)
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

/** The run's owed notifications written as outbox mails; those never to be mailed, marked so. */
async function writePlanned(req: PayloadRequest, run: MailRun): Promise<number[]> {
  const { drafts, cancelled } = await planMails(req, run)
  if (cancelled.length)
    await query(
      req,
      sql`UPDATE notifications SET mail_due = false WHERE id = ANY(${intArray(cancelled)})`,
    )
  return drafts.length ? writeMails(req, drafts) : []
}

/**
 * The dispatch job (collections/shared/outbox.ts): owed notifications become outbox mails, by
 * member and kind as each member chose; unsent mails no job holds go again.
 */
export const dispatchMails: TaskHandler<'dispatchMails'> = ({ req }) =>
  dispatchOutbox(req, 'sendMails', async () => [
    ...(await unqueuedMails(req)),
    ...(await writePlanned(req, 'ongoing')),
  ])

/**
 * The daily summaries (DAILY_SUMMARY_KINDS: new market items): each member who wants them by
 * mail gets one mail listing what the day's notifications of the kind told, still shown.
 */
export const dailySummaries: TaskHandler<'dailySummaries'> = ({ req }) =>
  dispatchOutbox(req, 'sendMails', () => writePlanned(req, 'dailySummary'), { waits: true })
