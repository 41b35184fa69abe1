import type { PayloadRequest } from 'payload'

import { deliveryOfSql } from '@/rules/notificationPrefs'
import { afterCommit } from '@/server/database/afterCommit'
import { query, sql } from '@/server/database/db'
import { channels, publish } from '@/server/services/realtime'
import { memberName } from '@/views/messages'

/** The bell's words: who wrote and how many messages wait, never what they say. */
export function messageNotice(sender: string, unread: number): string {
  return unread === 1 ? `${sender} sent you a message` : `${sender} sent you ${unread} messages`
}

/**
 * The recipient's bell entry for a conversation: ONE per conversation with messages they have
 * not opened, not one per message. A new message rewrites the unread entry (its count, and its
 * time, so it comes first) or starts one. A mail already sent for the entry makes it owed again
 * (collections/Mails/owed.ts mails it once the conversation's window allows); an unsent one will
 * carry the new count. Opening the conversation marks the entry read (src/data/conversations.ts).
 * Runs in the sending transaction, which holds the conversation, so two sends never race here.
 */
export async function notifyOfMessage(
  req: PayloadRequest,
  conversation: number,
  recipient: number,
): Promise<void> {
  const sender = req.user!.id as number
  const [want] = await query<{ delivery: string; confirmed: boolean; unread: number }>(
    req,
    sql`SELECT ${sql.raw(deliveryOfSql('messages'))} AS delivery,
               email_confirmed_at IS NOT NULL AS confirmed,
               (SELECT count(*)::int FROM messages m JOIN conversations c ON c.id = m.conversation_id
                 WHERE c.id = ${conversation} AND m.sender_id = ${sender}
                   AND m.created_at > coalesce(CASE WHEN c.starter_id = ${recipient}
                         THEN c.starter_seen_at ELSE c.recipient_seen_at END, '-infinity')) AS unread
          FROM users WHERE id = ${recipient}`,
  )
  if (!want || want.delivery === 'off') return
  const mailDue = want.delivery === 'email' && want.confirmed
  const message = messageNotice(
    memberName({ id: sender, name: req.user?.name ?? null, userName: req.user?.userName ?? null }),
    Math.max(want.unread, 1),
  )
  const link = `/messages/${conversation}#latest`
  const reference = String(conversation)
  const [entry] = await query<{ id: number; created_at: string; created: boolean }>(
    req,
    sql`WITH updated AS (
          UPDATE notifications n SET message = ${message}, created_at = now(), updated_at = now(),
                 mail_due = CASE WHEN n.mail_id IS NULL OR m.sent_at IS NOT NULL THEN ${mailDue}
                                 ELSE n.mail_due END,
                 mail_id = CASE WHEN m.sent_at IS NOT NULL THEN NULL ELSE n.mail_id END
            FROM notifications o LEFT JOIN mails m ON m.id = o.mail_id
           WHERE o.id = n.id AND n.user_id = ${recipient} AND n.type = 'message'
             AND n.reference_id = ${reference} AND NOT n.is_read
          RETURNING n.id, n.created_at, false AS created
        ), inserted AS (
          INSERT INTO notifications
                 (user_id, type, reference_id, link, message, is_read, mail_due, updated_at, created_at)
          SELECT ${recipient}, 'message', ${reference}, ${link}, ${message}, false, ${mailDue}, now(), now()
           WHERE NOT EXISTS (SELECT 1 FROM updated)
          RETURNING id, created_at, true AS created
        )
        SELECT * FROM updated UNION ALL SELECT * FROM inserted`,
  )
  if (!entry || req.context?.disableLive) return
  const data = {
    id: entry.id,
    type: 'message',
    message,
    link,
    isRead: false,
    createdAt: new Date(entry.created_at).toISOString(),
  }
  const event = entry.created ? 'notification.created' : 'notification.updated'
  afterCommit(req, () => publish(channels.userPrivate(recipient), event, data))
}
