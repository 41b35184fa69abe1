import type { PayloadRequest } from 'payload'

import { deliveryOfSql } from '@/rules/notificationPrefs'
import { query, sql, type SQL } from '@/server/database/db'
import { channels } from '@/server/services/realtime'
import { memberName } from '@/views/messages'
import type { LiveEvent } from './livePush'

/** The bell entry a message wrote (or rewrote). */
export interface BellRow {
  id: number
  message: string
  created_at: string
  created: boolean
}

/** Who is writing, as the bell names them. */
export const senderOf = (req: PayloadRequest) => ({
  id: req.user!.id as number,
  name: memberName({
    id: req.user!.id as number,
    name: req.user?.name ?? null,
    userName: req.user?.userName ?? null,
  }),
})

/**
 * The recipient's bell entry for a conversation, as a statement's CTEs ending in `bell` (the
 * entry written): ONE per conversation with messages they have not opened, not one per message.
 * A new message rewrites the unread entry (who wrote and how many wait, never what; its time, so
 * it comes first) or starts one. A mail already sent for the entry makes it owed again
 * (collections/Mails/owed.ts mails it once the conversation's window allows); an unsent one will
 * carry the new count. Opening the conversation marks the entry read (src/data/conversations.ts).
 * `recipient`: SQL for the member told; `gate`: what is joined in (`, m`: only when the message
 * was added); `unseen`: messages of this send that its statement cannot see (its own insert).
 * Written where the conversation is locked, so two sends never race here.
 */
export function bellParts(
  conversation: number,
  sender: { id: number; name: string },
  recipient: SQL,
  gate: SQL,
  unseen: number,
): SQL {
  const delivery = sql.raw(deliveryOfSql('messages'))
  const link = `/messages/${conversation}#latest`
  const reference = String(conversation)
  return sql`wanted AS (
      SELECT users.id AS recipient,
             ${delivery} = 'email' AND users.email_confirmed_at IS NOT NULL AS mail_due,
             ${unseen}::int + (SELECT count(*)::int FROM messages mm JOIN conversations c ON c.id = mm.conversation_id
               WHERE c.id = ${conversation} AND mm.sender_id = ${sender.id}
                 AND mm.created_at > coalesce(CASE WHEN c.starter_id = users.id
                       THEN c.starter_seen_at ELSE c.recipient_seen_at END, '-infinity')) AS unread
        FROM users ${gate} WHERE users.id = ${recipient} AND ${delivery} <> 'off'
    ), words AS (
      SELECT recipient, mail_due,
             CASE WHEN unread <= 1 THEN ${sender.name} || ' sent you a message'
                  ELSE ${sender.name} || ' sent you ' || unread || ' messages' END AS message
        FROM wanted
    ), updated AS (
      UPDATE notifications n SET message = w.message, created_at = now(), updated_at = now(),
             mail_due = CASE WHEN n.mail_id IS NULL OR mail.sent_at IS NOT NULL THEN w.mail_due
                             ELSE n.mail_due END,
             mail_id = CASE WHEN mail.sent_at IS NOT NULL THEN NULL ELSE n.mail_id END
        FROM words w, notifications o LEFT JOIN mails mail ON mail.id = o.mail_id
       WHERE o.id = n.id AND n.user_id = w.recipient AND n.type = 'message'
         AND n.reference_id = ${reference} AND NOT n.is_read
      RETURNING n.id, n.message, n.created_at, false AS created
    ), inserted AS (
      INSERT INTO notifications
             (user_id, type, reference_id, link, message, is_read, mail_due, updated_at, created_at)
      SELECT w.recipient, 'message', ${reference}, ${link}, w.message, false, w.mail_due, now(), now()
        FROM words w WHERE NOT EXISTS (SELECT 1 FROM updated)
      RETURNING id, message, created_at, true AS created
    ), bell AS (SELECT * FROM updated UNION ALL SELECT * FROM inserted)`
}

/**
 * The bell entry's live event, for the caller to publish with the message's own after the
 * commit (one request to the realtime server).
 */
export function bellEvent(
  conversation: number,
  recipient: number,
  entry: BellRow | null | undefined,
): LiveEvent | null {
  if (!entry) return null
  return {
    channel: channels.userPrivate(recipient),
    name: entry.created ? 'notification.created' : 'notification.updated',
    data: {
      id: entry.id,
      type: 'message',
      message: entry.message,
      link: `/messages/${conversation}#latest`,
      isRead: false,
      createdAt: new Date(entry.created_at).toISOString(),
    },
  }
}

/**
 * The bell entry for a message already added in the request's transaction, which holds the
 * conversation (a conversation's first message: start.ts). Answers its live event.
 */
export async function notifyOfMessage(
  req: PayloadRequest,
  conversation: number,
  recipient: number,
): Promise<LiveEvent | null> {
  const parts = bellParts(conversation, senderOf(req), sql`${recipient}::int`, sql``, 0)
  const [entry] = await query<BellRow>(req, sql`WITH ${parts} SELECT * FROM bell`)
  return bellEvent(conversation, recipient, entry)
}
