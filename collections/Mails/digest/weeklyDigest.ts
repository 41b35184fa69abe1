import { render } from '@react-email/render'
import type { PayloadRequest, TaskHandler } from 'payload'
import { createElement } from 'react'

import { KIND_LABELS } from '@/rules/notificationPrefs'
import { serverNow } from '@/server/config/clock'
import { clientTransaction, pgPool } from '@/server/database/db'
import { recentMoment } from '@/views/home'
import { newMessageId } from '@collections/Mails/dispatch'
import { mailOrigin, unsubscribeLinks } from '@collections/Mails/send'
import { DigestMail } from '@collections/Mails/templates/DigestMail'
import { queueSends } from '@collections/shared/outbox'
import { digestContent, isEmptyDigest } from './digestContent'

/** Members taken per transaction: their digests are written and queued together. */
const BATCH = 100

/**
 * One batch: members who want the digest, have a confirmed address, follow at least one
 * neighbourhood and had none for six days are claimed (digestSentAt) in the same transaction
 * that writes their mails; the sends are queued after it, and the dispatch job queues any mail
 * a crash left unqueued: nothing is lost and nothing is sent twice.
 * A week with nothing new in their neighbourhoods sends nothing.
 */
async function digestBatch(req: PayloadRequest): Promise<{ claimed: number; written: number }> {
  const now = serverNow()
  const { claimed, mails } = await clientTransaction(pgPool(req.payload), async (db) => {
    const { rows: members } = await db.query<{ id: number; email: string }>(
      `UPDATE users u SET digest_sent_at = $1
        WHERE u.id IN (
          SELECT id FROM users WHERE notify_weekly_digest IS NOT FALSE
             AND email_confirmed_at IS NOT NULL
             AND (digest_sent_at IS NULL OR digest_sent_at < $1::timestamptz - interval '6 days')
             AND EXISTS (SELECT 1 FROM follows f WHERE f.user_id = users.id)
           ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING u.id, u.email`,
      [now],
    )
    const mails: number[] = []
    for (const member of members) {
      const content = await digestContent(db, member.id, now)
      if (isEmptyDigest(content)) continue
      const links = unsubscribeLinks(member.id, 'digest')
      const element = createElement(DigestMail, {
        content,
        origin: mailOrigin(),
        dateOf: recentMoment,
        preview: 'What happened this week where you follow',
        kindLabel: KIND_LABELS.digest,
        unsubscribeUrl: links.page,
        settingsUrl: `${mailOrigin()}/profile/settings`,
      })
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO mails (user_id, kind, "to", subject, message_id, html, text, created_at, updated_at)
         VALUES ($1, 'digest', $2, $3, $4, $5, $6, now(), now()) RETURNING id`,
        [
          member.id,
          member.email,
          'Your week in your neighbourhoods',
          newMessageId(),
          await render(element),
          await render(element, { plainText: true }),
        ],
      )
      mails.push(rows[0]!.id)
    }
    return { claimed: members.length, mails }
  })
  // Queued after the commit: the dispatch job also queues any unsent digest it finds alone.
  await queueSends(req.payload, 'sendMails', mails)
  return { claimed, written: mails.length }
}

/** The weekly job: batch after batch until every member due a digest has had their turn. */
export const weeklyDigest: TaskHandler<'weeklyDigest'> = async ({ req }) => {
  let written = 0
  for (;;) {
    const batch = await digestBatch(req)
    written += batch.written
    if (batch.claimed < BATCH) break
  }
  return { output: { written } }
}
