import { render } from '@react-email/render'
import type { Payload, TaskHandler } from 'payload'
import { createElement } from 'react'

import { KIND_LABELS, type MailKind, type NotificationKind } from '@/rules/notificationPrefs'
import { serverNow } from '@/server/config/clock'
import { env } from '@/server/config/env'
import { mailItems } from './content'
import { NotificationMail } from './templates/NotificationMail'
import { unsubscribeToken } from '@/data/unsubscribeToken'
import { sendBatch, sendOnce } from '@collections/shared/outbox'

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
 * Sends one outbox mail (collections/shared/outbox.ts): a process killed after the SMTP server
 * took it and before it was marked sent leaves it unsent, so it goes again, with the same
 * Message-ID. A mail whose every notification was hidden since is dropped, and those are not owed.
 */
export function sendOutboxMail(payload: Payload, id: number) {
  const columns = 'id, user_id, kind::text AS kind, "to", subject, message_id, html, text'
  return sendOnce<OutboxRow>(payload, 'sendMails', id, columns, async (db, row) => {
    const content =
      row.kind === 'digest'
        ? { html: row.html ?? '', text: row.text ?? '' }
        : await notificationContent(row, db)
    if (!content) {
      await db.query(
        'UPDATE notifications SET mail_due = false, mail_id = NULL WHERE mail_id = $1',
        [id],
      )
      return 'dropped'
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
    // Kept for editors: what was sent, as it was rendered then.
    await db.query('UPDATE mails SET html = $2, text = $3 WHERE id = $1', [
      id,
      content.html,
      content.text,
    ])
    return 'sent'
  })
}

/** The send job: its batch of outbox mails (rendering one is synchronous work). */
export const sendMails: TaskHandler<'sendMails'> = ({ input, req }) =>
  sendBatch(input.mails, (id) => sendOutboxMail(req.payload, id))
