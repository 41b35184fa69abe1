import type { PayloadRequest } from 'payload'

import { deliveryOfSql } from '@/rules/notificationPrefs'
import { query, sql } from '@/server/database/db'
import { channels } from '@/server/services/realtime'
import { memberName } from '@/views/messages'
import type { LiveEvent } from './livePush'

/**
 * The recipient's bell entry for a conversation: ONE per conversation with messages they have
 * not opened, not one per message. A new message rewrites the unread entry (who wrote and how
 * many wait, never what; its time, so it comes first) or starts one. A mail already sent for the
 * entry makes it owed again (collections/Mails/owed.ts mails it once the conversation's window
 * allows); an unsent one will carry the new count. Opening the conversation marks the entry read
 * (src/data/conversations.ts). One statement in the sending transaction, which holds the
 * conversation, so two sends never race here. Answers the bell's live event, for the caller to
 * publish with the message's own after the commit (one request to the realtime server).
 */
export async function notifyOfMessage(
  req: PayloadRequest,
  conversation: number,
  recipient: number,
): Promise<LiveEvent | null> {
  const sender = req.user!.id as number
  const name = memberName({
    id: sender,
    name: req.user?.name ?? null,
    userName: req.user?.userName ?? null,
  })
  const delivery = sql.raw(deliveryOfSql('messages'))
  const link = `/messages/${conversation}#latest`
  const reference = String(conversation)
  const [entry] = await query<{
    id: number
    message: string
    created_at: string
    created: boolean
  }>(
    req,
    sql`WITH wanted AS (
          SELECT ${delivery} = 'email' AND email_confirmed_at IS NOT NULL AS mail_due,
                 (SELECT count(*)::int FROM messages m JOIN conversations c ON c.id = m.conversation_id
                   WHERE c.id = ${conversation} AND m.sender_id = ${sender}
                     AND m.created_at > coalesce(CASE WHEN c.starter_id = ${recipient}
                           THEN c.starter_seen_at ELSE c.recipient_seen_at END, '-infinity')) AS unread
            FROM users WHERE id = ${recipient} AND ${delivery} <> 'off'
        ), words AS (
          SELECT mail_due, CASE WHEN unread <= 1 THEN ${name} || ' sent you a message'
                                ELSE ${name} || ' sent you ' || unread || ' messages' END AS message
            FROM wanted
        ), updated AS (
          UPDATE notifications n SET message = w.message, created_at = now(), updated_at = now(),
                 mail_due = CASE WHEN n.mail_id IS NULL OR m.sent_at IS NOT NULL THEN w.mail_due
                                 ELSE n.mail_due END,
                 mail_id = CASE WHEN m.sent_at IS NOT NULL THEN NULL ELSE n.mail_id END
            FROM words w, notifications o LEFT JOIN mails m ON m.id = o.mail_id
           WHERE o.id = n.id AND n.user_id = ${recipient} AND n.type = 'message'
             AND n.reference_id = ${reference} AND NOT n.is_read
          RETURNING n.id, n.message, n.created_at, false AS created
        ), inserted AS (
          INSERT INTO notifications
                 (user_id, type, reference_id, link, message, is_read, mail_due, updated_at, created_at)
          SELECT ${recipient}, 'message', ${reference}, ${link}, w.message, false, w.mail_due, now(), now()
            FROM words w WHERE NOT EXISTS (SELECT 1 FROM updated)
          RETURNING id, message, created_at, true AS created
        )
        SELECT * FROM updated UNION ALL SELECT * FROM inserted`,
  )
  if (!entry) return null
  return {
    channel: channels.userPrivate(recipient),
    name: entry.created ? 'notification.created' : 'notification.updated',
    data: {
      id: entry.id,
      type: 'message',
      message: entry.message,
      link,
      isRead: false,
      createdAt: new Date(entry.created_at).toISOString(),
    },
  }
}
