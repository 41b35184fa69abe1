import { setImmediate as nextTurn } from 'node:timers/promises'

import { render } from '@react-email/render'
import type { Payload, TaskHandler } from 'payload'
import { createElement } from 'react'

import { KIND_LABELS, type MailKind, type NotificationKind } from '@/rules/notificationPrefs'
import { serverNow } from '@/server/config/clock'
import { env } from '@/server/config/env'
import { pgPool } from '@/server/database/db'
import { mailItems } from './content'
import { NotificationMail } from './templates/NotificationMail'
import { unsubscribeToken } from '@/data/unsubscribeToken'

interface OutboxRow {
  id: number
  user_id: number
  kind: MailKind
  to: string
  subject: string
  message_id: string
  html: string | null
  text: string | null
}

/** Links in mails: PUBLIC_URL, or the local site. */
export function mailOrigin(): string {
  return env.publicUrl?.replace(/\/+$/, '') ?? `http://localhost:${env.port}`
}

/** The https link of the mail's footer (a page) and of its List-Unsubscribe header (one click). */
export function unsubscribeLinks(user: number, kind: MailKind) {
  const token = encodeURIComponent(unsubscribeToken({ user, kind }, serverNow()))
  const origin = mailOrigin()
  return {
    page: `${origin}/unsubscribe?t=${token}`,
    oneClick: `${origin}/api/mails/unsubscribe?t=${token}`,
  }
}

async function notificationContent(row: OutboxRow, db: Parameters<typeof mailItems>[0]) {
  const { ids, items } = await mailItems(db, row.id, mailOrigin())
  if (!ids.length) return null
  const links = unsubscribeLinks(row.user_id, row.kind)
  const element = createElement(NotificationMail, {
    heading: row.subject,
    items,
    preview: items[0]!.message,
    kindLabel: KIND_LABELS[row.kind as NotificationKind],
    unsubscribeUrl: links.page,
    settingsUrl: `${mailOrigin()}/profile/settings`,
  })
  return { html: await render(element), text: await render(element, { plainText: true }) }
}

/**
 * Sends one outbox mail unless it is already sent or another process holds it: the row stays
 * locked while the SMTP server takes it, then is marked sent in the same transaction. A process
 * killed between the two leaves it unsent, so it goes again, with the same Message-ID.
 */
export async function sendOutboxMail(payload: Payload, id: number): Promise<'sent' | 'skipped'> {
  const db = await pgPool(payload).connect()
  try {
    await db.query('BEGIN')
    const { rows } = await db.query<OutboxRow>(
      `SELECT id, user_id, kind::text AS kind, "to", subject, message_id, html, text FROM mails
        WHERE id = $1 AND sent_at IS NULL FOR UPDATE SKIP LOCKED`,
      [id],
    )
    const row = rows[0]
    if (!row) return (await db.query('ROLLBACK'), 'skipped')
    const content =
      row.kind === 'digest'
        ? { html: row.html ?? '', text: row.text ?? '' }
        : await notificationContent(row, db)
    if (!content) {
      // Everything it gathered was hidden since: no mail, and those notifications are not owed.
      await db.query(
        'UPDATE notifications SET mail_due = false, mail_id = NULL WHERE mail_id = $1',
        [id],
      )
      await db.query('DELETE FROM mails WHERE id = $1', [id])
      await db.query('COMMIT')
      return 'skipped'
    }
    const links = unsubscribeLinks(row.user_id, row.kind)
    await payload.sendEmail({
      to: row.to,
      subject: row.subject,
      html: content.html,
      text: content.text,
      messageId: row.message_id,
      headers: {
        'List-Unsubscribe': `<${links.oneClick}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    })
    await db.query(
      'UPDATE mails SET sent_at = now(), html = $2, text = $3, updated_at = now() WHERE id = $1',
      [id, content.html, content.text],
    )
    await db.query('COMMIT')
    return 'sent'
  } catch (error) {
    await db.query('ROLLBACK').catch(() => {})
    throw error
  } finally {
    db.release()
  }
}

/** The send job: its batch of outbox mails, one after another; a failure retries the job. */
export const sendMails: TaskHandler<'sendMails'> = async ({ input, req }) => {
  const ids = (Array.isArray(input.mails) ? input.mails : []).map(Number).filter(Number.isInteger)
  let sent = 0
  for (const id of ids) {
    if ((await sendOutboxMail(req.payload, id)) === 'sent') sent++
    // Rendering a mail is synchronous work: requests waiting meanwhile go before the next one.
    await nextTurn()
  }
  return { output: { sent } }
}
