import type { PayloadRequest } from 'payload'

import { LIVE_ITEM } from '@/data/market'
import {
  DAILY_SUMMARY_TYPES,
  KIND_OF_TYPE,
  MAIL_WINDOW_MINUTES,
  MESSAGE_MAIL_GRACE_SECONDS,
  MESSAGE_MAIL_WINDOW_MINUTES,
  NOTIFICATION_KINDS,
  deliveryOfSql,
  type EmailTiming,
  type NotificationKind,
} from '@/rules/notificationPrefs'
import { serverNow } from '@/server/config/clock'
import { query, sql } from '@/server/database/db'

/** A whole-number array as one parameter (drizzle would spread a plain array into a list). */
export const intArray = (values: number[]) => sql`${sql.param(values)}::int[]`

/** One dispatch gathers at most this many owed notifications; the next run takes the rest. */
const MAX_OWED = 20_000

export interface OwedNotification {
  id: number
  user_id: number
  type: string
  message: string
  reference_id: string | null
  created_at: string
}

interface Recipient {
  id: number
  email: string
  confirmed: boolean
  timing: EmailTiming
  delivery: Record<NotificationKind, string>
}

/** A mail to write: one member, one kind (messages: one conversation), the notifications it gathers. */
export interface MailDraft {
  user: number
  to: string
  kind: NotificationKind
  conversation: number | null
  notifications: OwedNotification[]
}

/**
 * A messages entry (collections/Conversations/notifyMessage.ts) no longer to be mailed or pushed:
 * its member opened the conversation (read), the conversation is closed or gone, or either member
 * blocked the other.
 */
export const MESSAGE_NOTICE_GONE = `(n.is_read OR NOT EXISTS (
  SELECT 1 FROM conversations cv
   WHERE cv.id = nullif(n.reference_id, '')::int AND cv.closed IS NOT TRUE
     AND NOT EXISTS (SELECT 1 FROM blocks b
           WHERE (b.blocker_id = cv.starter_id AND b.blocked_id = cv.recipient_id)
              OR (b.blocker_id = cv.recipient_id AND b.blocked_id = cv.starter_id))))`

/** A mention's post (reference `collection:id`) still there, not hidden, not private. */
const mentionedPostShown = sql.raw(
  ['comments', 'discussions', 'stories', 'reviews']
    .map(
      (table) => `SELECT 1 FROM ${table} p
         WHERE split_part(n.reference_id, ':', 1) = '${table}'
           AND p.id = nullif(split_part(n.reference_id, ':', 2), '')::int AND p.hidden IS NOT TRUE
           ${table === 'stories' ? 'AND p.is_public IS NOT FALSE' : ''}`,
    )
    .join(' UNION ALL '),
)

/** Owed notifications whose content was hidden, made private or deleted since: never mailed. */
export async function goneFromView(req: PayloadRequest, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set()
  const rows = await query<{ id: number }>(
    req,
    sql`SELECT n.id FROM notifications n
         WHERE n.id = ANY(${intArray(ids)}) AND (
           (n.type IN ('comment', 'reply', 'comment-reply') AND NOT EXISTS (
              SELECT 1 FROM comments c WHERE c.id::text = n.reference_id AND c.hidden IS NOT TRUE))
           OR (n.type IN ('new-event', 'event-reminder', 'event-changed') AND NOT EXISTS (
              SELECT 1 FROM events e WHERE e.id::text = n.reference_id
                 AND e.hidden IS NOT TRUE AND e.is_public IS NOT FALSE))
           OR (n.type = 'mention' AND NOT EXISTS (${mentionedPostShown}))
           OR (n.type = 'lost-found' AND NOT EXISTS (
              SELECT 1 FROM lost_found_posts l WHERE l.id::text = n.reference_id
                 AND l.hidden IS NOT TRUE))
           OR (n.type = 'market-item' AND NOT EXISTS (
              SELECT 1 FROM market_items i WHERE i.id::text = n.reference_id AND ${LIVE_ITEM}))
           OR (n.type = 'message' AND ${sql.raw(MESSAGE_NOTICE_GONE)}))`,
  )
  return new Set(rows.map((r) => r.id))
}

async function recipients(req: PayloadRequest, users: number[]): Promise<Map<number, Recipient>> {
  const columns = NOTIFICATION_KINDS.map((kind) => `${deliveryOfSql(kind)} AS "${kind}"`).join(', ')
  const rows = await query<
    Record<string, string> & { id: number; email: string; confirmed: boolean }
  >(
    req,
    sql`SELECT id, email, email_confirmed_at IS NOT NULL AS confirmed,
               coalesce(notify_email_timing::text, 'instant') AS timing, ${sql.raw(columns)}
          FROM users WHERE id = ANY(${intArray(users)})`,
  )
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        email: r.email,
        confirmed: r.confirmed,
        timing: r.timing as EmailTiming,
        delivery: Object.fromEntries(
          NOTIFICATION_KINDS.map((k) => [k, r[k]!]),
        ) as Recipient['delivery'],
      },
    ]),
  )
}

/** What a mail's window is counted by: member and kind, and for messages the conversation. */
const windowKey = (user: number, kind: string, conversation: number | string | null) =>
  kind === 'messages' ? `${user}:${kind}:${conversation}` : `${user}:${kind}`

/** When each member last got a mail of each kind (and about each conversation) → time. */
async function lastMails(req: PayloadRequest, users: number[]): Promise<Map<string, Date>> {
  const rows = await query<{
    user_id: number
    kind: string
    conversation_id: number | null
    at: string
  }>(
    req,
    sql`SELECT user_id, kind::text, conversation_id, max(created_at) AS at FROM mails
         WHERE user_id = ANY(${intArray(users)}) AND kind <> 'digest' GROUP BY 1, 2, 3`,
  )
  return new Map(rows.map((r) => [windowKey(r.user_id, r.kind, r.conversation_id), new Date(r.at)]))
}

/** How long after a member's last mail of a kind (or about a conversation) the next may go. */
const windowMs = (kind: NotificationKind, timing: EmailTiming) =>
  Math.max(MAIL_WINDOW_MINUTES[timing], kind === 'messages' ? MESSAGE_MAIL_WINDOW_MINUTES : 0) *
  60_000

/**
 * A daily summary goes at most this often: less than a day, so a daily run that starts a little
 * earlier than yesterday's still sends, while a second run the same day sends nothing.
 */
const SUMMARY_WINDOW_MS = 20 * 3600_000

/**
 * What a run plans: the mails that go as notifications come (the dispatch, every few seconds),
 * or the daily summaries (DAILY_SUMMARY_KINDS), which the dispatch leaves waiting.
 */
export type MailRun = 'ongoing' | 'dailySummary'

/**
 * Sorts the owed notifications: mails to write now (one per member and kind, gathering all of
 * that kind; for messages one per conversation), notifications never to mail (switched off
 * since, address unconfirmed, content gone, conversation opened), and the rest, which wait while
 * their member's window since the last mail is open (or a conversation's newest message is too
 * fresh: its member may be reading it).
 */
export async function planMails(
  req: PayloadRequest,
  run: MailRun = 'ongoing',
): Promise<{ drafts: MailDraft[]; cancelled: number[] }> {
  const summaryTypes = sql`${sql.param([...DAILY_SUMMARY_TYPES])}::text[]`
  const ofRun =
    run === 'dailySummary'
      ? sql`type::text = ANY(${summaryTypes})`
      : sql`type::text <> ALL(${summaryTypes})`
  const owed = await query<OwedNotification>(
    req,
    sql`SELECT id, user_id, type::text, message, reference_id, created_at FROM notifications
         WHERE mail_due AND mail_id IS NULL AND ${ofRun} ORDER BY id LIMIT ${MAX_OWED}`,
  )
  if (!owed.length) return { drafts: [], cancelled: [] }
  const users = [...new Set(owed.map((n) => n.user_id))]
  // One after another: they share the transaction's one connection.
  const gone = await goneFromView(
    req,
    owed.map((n) => n.id),
  )
  const people = await recipients(req, users)
  const last = await lastMails(req, users)
  const now = serverNow().getTime()
  const cancelled: number[] = []
  const groups = new Map<string, MailDraft>()
  for (const n of owed) {
    const kind = KIND_OF_TYPE[n.type]
    const person = people.get(n.user_id)
    if (
      !kind ||
      !person ||
      !person.confirmed ||
      person.delivery[kind] !== 'email' ||
      gone.has(n.id)
    ) {
      cancelled.push(n.id)
      continue
    }
    const conversation = kind === 'messages' ? Number(n.reference_id) : null
    const key = windowKey(n.user_id, kind, conversation)
    const lastAt = last.get(key)
    const window = run === 'dailySummary' ? SUMMARY_WINDOW_MS : windowMs(kind, person.timing)
    if (lastAt && now - lastAt.getTime() < window) continue
    if (
      kind === 'messages' &&
      now - new Date(n.created_at).getTime() < MESSAGE_MAIL_GRACE_SECONDS * 1000
    )
      continue
    const draft = groups.get(key) ?? {
      user: n.user_id,
      to: person.email,
      kind,
      conversation,
      notifications: [],
    }
    draft.notifications.push(n)
    groups.set(key, draft)
  }
  return { drafts: [...groups.values()], cancelled }
}
