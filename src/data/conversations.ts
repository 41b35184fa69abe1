import type { Pool } from 'pg'

import type { ConversationList, ConversationView, MessageView } from '@/contracts/messages'
import { LIVE_ITEM_TEXT } from '@/data/market'
import type { MarketKind, MarketStatus } from '@/rules/market'
import {
  CONVERSATIONS_PER_PAGE,
  MESSAGES_PER_PAGE,
  PRIVATE_MESSAGE_TEXT,
  type AboutKind,
  type MessageFrom,
} from '@/rules/privateMessages'
import { marketItemSummary, type MarketItemSummary } from '@/views/market'

/**
 * The reads of private conversations that the commands (collections/Conversations) and the pages
 * (src/loaders/messages.ts) share. Every one is scoped to the reader: a conversation they are not
 * in reads as none at all.
 */
export type { ConversationList, ConversationView, MessageView }

/** SQL for 'the reader is one of the two', the other member and the reader's own seen time. */
const MINE = `(c.starter_id = $1 OR c.recipient_id = $1)`
const OTHER = `CASE WHEN c.starter_id = $1 THEN c.recipient_id ELSE c.starter_id END`
const MY_SEEN = `CASE WHEN c.starter_id = $1 THEN c.starter_seen_at ELSE c.recipient_seen_at END`
const THEIR_SEEN = `CASE WHEN c.starter_id = $1 THEN c.recipient_seen_at ELSE c.starter_seen_at END`
/** Conversations with someone the reader blocked leave the reader's list. */
const NOT_BLOCKED = `NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = $1 AND b.blocked_id = ${OTHER})`
/** A message from the other member the reader has not opened yet. */
const UNREAD = `(c.last_sender_id IS DISTINCT FROM $1 AND c.last_message_at > coalesce(${MY_SEEN}, '-infinity'))`

/** How many of the reader's conversations have unread messages (the header's count). */
export const UNREAD_CONVERSATIONS_SQL = (reader: string) =>
  `SELECT count(*)::int FROM conversations c
    WHERE ${MINE.replaceAll('$1', reader)} AND ${UNREAD.replaceAll('$1', reader)}
      AND ${NOT_BLOCKED.replaceAll('$1', reader)}`

interface SummaryRow {
  id: number
  title: string | null
  other_id: number | null
  user_name: string | null
  name: string | null
  last_text: string | null
  last_at: Date | string | null
  last_mine: boolean
  unread: boolean
  unread_total: number
}

/** One page of the reader's conversations, newest first, with the count of unread ones. */
export async function conversationPage(
  pool: Pool,
  reader: number,
  page = 1,
): Promise<ConversationList> {
  // Each side of the reader's conversations read newest first from its own index (member,
  // last message), only as far as the page goes, then the other members of that page alone: a
  // member with thousands of conversations reads a page's worth of rows, not all of them.
  // (Every conversation has a last message: it starts with one.)
  const side = (column: 'starter_id' | 'recipient_id') =>
    `(SELECT c.* FROM conversations c WHERE c.${column} = $1 AND ${NOT_BLOCKED}
       ORDER BY c.last_message_at DESC, c.id DESC LIMIT $2::int + $3::int)`
  const { rows } = await pool.query<SummaryRow>(
    `SELECT c.id, c.title, o.id AS other_id, o.user_name, o.name,
            c.last_message_at AS last_at, c.last_sender_id = $1 AS last_mine,
            ${UNREAD} AS unread,
            (SELECT m.body FROM messages m WHERE m.conversation_id = c.id
              ORDER BY m.created_at DESC, m.id DESC LIMIT 1) AS last_text,
            (${UNREAD_CONVERSATIONS_SQL('$1')}) AS unread_total
       FROM (SELECT * FROM (${side('starter_id')} UNION ALL ${side('recipient_id')}) mine
              ORDER BY last_message_at DESC, id DESC LIMIT $2 OFFSET $3) c
       LEFT JOIN users o ON o.id = ${OTHER}
      ORDER BY c.last_message_at DESC, c.id DESC`,
    [reader, CONVERSATIONS_PER_PAGE + 1, (page - 1) * CONVERSATIONS_PER_PAGE],
  )
  // The count comes with the page's rows (one round trip); a page past the end counts alone.
  const unread =
    rows[0]?.unread_total ??
    (await pool.query<{ n: number }>(`SELECT (${UNREAD_CONVERSATIONS_SQL('$1')}) AS n`, [reader]))
      .rows[0]?.n ??
    0
  return {
    docs: rows.slice(0, CONVERSATIONS_PER_PAGE).map((row) => ({
      id: row.id,
      title: row.title,
      other: row.other_id ? { id: row.other_id, userName: row.user_name, name: row.name } : null,
      last:
        row.last_at && row.last_text !== null
          ? { text: row.last_text, at: toIso(row.last_at), mine: Boolean(row.last_mine) }
          : null,
      unread: row.unread,
    })),
    page,
    hasNextPage: rows.length > CONVERSATIONS_PER_PAGE,
    unread,
  }
}

interface ConversationRow {
  id: number
  title: string | null
  closed: boolean | null
  about_kind: AboutKind | null
  about_id: string | null
  other_id: number | null
  user_name: string | null
  name: string | null
  their_seen: Date | string | null
  blocking: boolean
  excerpt: string | null
  slug: string | null
  item_kind: MarketKind | null
  item_title: string | null
  price_pence: number | null
  item_status: MarketStatus | null
  expires_at: Date | string | null
  /**
   * Its newest messages (or those before `before`), newest first, as JSON in the same row. Asked
   * by the id itself, not `c.id`: with the value known the plan walks the conversation's index
   * back from its newest (a correlated `c.id` sorted all 10,000 of a long conversation).
   */
  page: MessageRow[]
}

/** An item's columns as the conversation's first screen shows it. */
const ITEM_COLUMNS = `i.kind AS item_kind, i.title AS item_title, i.price_pence,
  i.status AS item_status, i.expires_at`

type ItemColumns = Pick<
  ConversationRow,
  'item_kind' | 'item_title' | 'price_pence' | 'item_status' | 'expires_at'
>

/** The item a conversation is about, as both members see it (null: hidden or deleted). */
const itemOf = (row: ItemColumns): MarketItemSummary | null =>
  row.item_kind && row.item_title !== null && row.item_status && row.expires_at
    ? marketItemSummary({
        kind: row.item_kind,
        title: row.item_title,
        price_pence: row.price_pence,
        status: row.item_status,
        expires_at: row.expires_at,
      })
    : null

/** What the conversation began from, as its first screen shows it. */
function aboutOf(row: ConversationRow): ConversationView['about'] {
  if (!row.about_kind || row.about_id === null) return null
  const id = Number(row.about_id)
  if (row.about_kind === 'market-item') {
    const item = itemOf(row)
    return { kind: 'market-item', id, item, href: item ? `/market/${id}` : null }
  }
  return {
    kind: 'review',
    id,
    excerpt: row.excerpt,
    href: row.slug ? `/neighbourhood/${row.slug}#review-${id}` : null,
  }
}

/** A timestamp as the driver gives it (a Date, or text where the adapter keeps it raw). */
export const toIso = (value: Date | string) => new Date(value).toISOString()

export interface MessageRow {
  id: number
  sender_id: number | null
  body: string
  created_at: Date | string
}

export const messageView = (row: MessageRow, reader: number): MessageView => ({
  id: row.id,
  sender: row.sender_id,
  mine: row.sender_id === reader,
  text: row.body,
  at: toIso(row.created_at),
})

/**
 * One of the reader's conversations with its newest messages (or those before `before`), oldest
 * first; null when the reader is not one of its two members, whatever else is true of the id.
 */
export async function conversationOf(
  pool: Pool,
  reader: number,
  id: number,
  before?: number,
): Promise<ConversationView | null> {
  const { rows } = await pool.query<ConversationRow>(
    `SELECT c.id, c.title, c.closed, c.about_kind, c.about_id, o.id AS other_id, o.user_name, o.name,
            ${THEIR_SEEN} AS their_seen,
            EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = $1 AND b.blocked_id = o.id) AS blocking,
            left(r.comment, 280) AS excerpt, n.slug, ${ITEM_COLUMNS},
            (SELECT coalesce(json_agg(p ORDER BY p.created_at DESC, p.id DESC), '[]')
               FROM (SELECT m.id, m.sender_id, m.body, m.created_at FROM messages m
                      WHERE m.conversation_id = $2
                        AND ($3::int IS NULL OR (m.created_at, m.id) <
                             (SELECT e.created_at, e.id FROM messages e
                               WHERE e.id = $3 AND e.conversation_id = $2))
                      ORDER BY m.created_at DESC, m.id DESC LIMIT $4) p) AS page
       FROM conversations c
       LEFT JOIN users o ON o.id = ${OTHER}
       LEFT JOIN reviews r ON c.about_kind = 'review' AND r.id = c.about_id AND r.hidden IS NOT TRUE
       LEFT JOIN neighbourhoods n ON n.id = r.neighbourhood_id
       LEFT JOIN market_items i
              ON c.about_kind = 'market-item' AND i.id = c.about_id AND i.hidden IS NOT TRUE
      WHERE c.id = $2 AND ${MINE}`,
    [reader, id, before ?? null, MESSAGES_PER_PAGE + 1],
  )
  const row = rows[0]
  if (!row) return null
  const page = row.page
  const shown = page.slice(0, MESSAGES_PER_PAGE).reverse()
  const theirSeen = row.their_seen === null ? null : new Date(row.their_seen).getTime()
  const seen =
    theirSeen === null
      ? null
      : (shown.findLast(
          (m) => m.sender_id === reader && new Date(m.created_at).getTime() <= theirSeen,
        )?.id ?? null)
  const closed = Boolean(row.closed) || row.other_id === null
  return {
    id: row.id,
    title: row.title,
    other: row.other_id ? { id: row.other_id, userName: row.user_name, name: row.name } : null,
    about: aboutOf(row),
    closed,
    blocking: row.blocking,
    cannotSend: cannotSendReason(closed, row.blocking),
    messages: shown.map((m) => messageView(m, reader)),
    earlier: page.length > MESSAGES_PER_PAGE ? (shown[0]?.id ?? null) : null,
    seen,
  }
}

/** Why the reader cannot send in a conversation, in the words a refused send answers. */
function cannotSendReason(closed: boolean, blocking: boolean): string | null {
  if (closed) return PRIVATE_MESSAGE_TEXT.closed
  // The blocked member is not told: their box stays, and a send is refused as any refusal is.
  return blocking ? PRIVATE_MESSAGE_TEXT.youBlocked : null
}

/** A bell entry opening the conversation marked read. */
export interface ReadNotice {
  id: number
  message: string
  link: string
  createdAt: string
}

/**
 * The reader has opened the conversation up to now: their unread mark goes, so does their bell
 * entry for it (`readNotices`; a conversation seen is never mailed), and the other member sees
 * 'Seen'. Null when the reader is not one of its two members.
 */
export async function markConversationSeen(
  pool: Pool,
  reader: number,
  id: number,
): Promise<{ seenAt: string; other: number | null; readNotices: ReadNotice[] } | null> {
  const { rows } = await pool.query<{
    seen: Date | string
    other: number | null
    read_notices: ReadNotice[]
  }>(
    `WITH c AS (
       UPDATE conversations c SET
              starter_seen_at = CASE WHEN c.starter_id = $1 THEN clock_timestamp() ELSE c.starter_seen_at END,
              recipient_seen_at = CASE WHEN c.recipient_id = $1 THEN clock_timestamp() ELSE c.recipient_seen_at END
        WHERE c.id = $2 AND ${MINE}
        RETURNING ${MY_SEEN} AS seen, ${OTHER} AS other
     ), read AS (
       UPDATE notifications n SET is_read = true, updated_at = now()
         FROM c WHERE n.user_id = $1 AND n.type = 'message' AND n.reference_id = $2::text
          AND NOT n.is_read
        RETURNING n.id, n.message, n.link, n.created_at
     )
     SELECT c.seen, c.other,
            coalesce((SELECT json_agg(json_build_object('id', id, 'message', message, 'link', link,
                                                        'createdAt', created_at)) FROM read), '[]')
              AS read_notices
       FROM c`,
    [reader, id],
  )
  const row = rows[0]
  return row ? { seenAt: toIso(row.seen), other: row.other, readNotices: row.read_notices } : null
}

/** What a new conversation would be about, as the page that starts it shows it. */
export type NewConversationAbout =
  | { kind: 'review'; id: number; neighbourhood: string; excerpt: string }
  | ({ kind: 'market-item'; id: number; href: string } & MarketItemSummary)

export interface MessageRecipient {
  id: number
  userName: string | null
  name: string | null
  about: NewConversationAbout | null
}

/**
 * Who a conversation would be with, for the page that starts one: a member by user name, the
 * author of a shown review, or the seller of a live item (null: no such member, or the review
 * or item is not there to ask about).
 */
export async function messageRecipient(
  pool: Pool,
  to: { userName: string } | { review: number } | { item: number },
): Promise<MessageRecipient | null> {
  if ('userName' in to) {
    const { rows } = await pool.query<{ id: number; user_name: string; name: string | null }>(
      `SELECT id, user_name, name FROM users WHERE user_name_key = lower($1)`,
      [to.userName],
    )
    const row = rows[0]
    return row ? { id: row.id, userName: row.user_name, name: row.name, about: null } : null
  }
  if ('item' in to) return itemSeller(pool, to.item)
  const { rows } = await pool.query<{
    id: number
    user_name: string | null
    name: string | null
    neighbourhood: string
    excerpt: string
  }>(
    `SELECT u.id, u.user_name, u.name, n.name AS neighbourhood, left(r.comment, 280) AS excerpt
       FROM reviews r JOIN users u ON u.id = r.user_id JOIN neighbourhoods n ON n.id = r.neighbourhood_id
      WHERE r.id = $1 AND r.hidden IS NOT TRUE`,
    [to.review],
  )
  const row = rows[0]
  return row
    ? {
        id: row.id,
        userName: row.user_name,
        name: row.name,
        about: {
          kind: 'review',
          id: to.review,
          neighbourhood: row.neighbourhood,
          excerpt: row.excerpt,
        },
      }
    : null
}

/** The seller of a live item ('Message the seller'), with the item as the page shows it. */
async function itemSeller(pool: Pool, item: number): Promise<MessageRecipient | null> {
  const { rows } = await pool.query<
    ItemColumns & { id: number; user_name: string | null; name: string | null }
  >(
    `SELECT u.id, u.user_name, u.name, ${ITEM_COLUMNS}
       FROM market_items i JOIN users u ON u.id = i.author_id
      WHERE i.id = $1 AND ${LIVE_ITEM_TEXT}`,
    [item],
  )
  const row = rows[0]
  const summary = row ? itemOf(row) : null
  return row && summary
    ? {
        id: row.id,
        userName: row.user_name,
        name: row.name,
        about: { kind: 'market-item', id: item, href: `/market/${item}`, ...summary },
      }
    : null
}

/** The members the reader blocked, newest first (Settings → Messages, with Unblock). */
export async function blockedMembers(
  pool: Pool,
  reader: number,
): Promise<{ id: number; userName: string | null; name: string | null }[]> {
  const { rows } = await pool.query<{ id: number; user_name: string | null; name: string | null }>(
    `SELECT u.id, u.user_name, u.name FROM blocks b JOIN users u ON u.id = b.blocked_id
      WHERE b.blocker_id = $1 ORDER BY b.created_at DESC, b.id DESC`,
    [reader],
  )
  return rows.map((r) => ({ id: r.id, userName: r.user_name, name: r.name }))
}

/** The member's choice of who may start a conversation with them. */
export async function messageSendersChoice(pool: Pool, reader: number): Promise<MessageFrom> {
  const { rows } = await pool.query<{ from: MessageFrom | null }>(
    `SELECT messages_from AS from FROM users WHERE id = $1`,
    [reader],
  )
  return rows[0]?.from ?? 'anyone'
}

/** One conversation in 'Download my data': both sides' messages, oldest first. */
export interface ExportedConversation {
  id: number
  title: string | null
  with: string | null
  messages: { from: 'me' | 'them'; text: string; at: string }[]
}

/**
 * The member's conversations for 'Download my data': their own messages and the other side's,
 * the newest `limit` messages over all of them (`truncated` when there were more).
 */
export async function conversationsExport(
  pool: Pool,
  reader: number,
  limit: number,
): Promise<{ conversations: ExportedConversation[]; truncated: boolean }> {
  const { rows } = await pool.query<{
    id: number
    title: string | null
    other: string | null
    sender_id: number | null
    body: string
    created_at: Date | string
  }>(
    `SELECT c.id, c.title, o.user_name AS other, m.sender_id, m.body, m.created_at
       FROM conversations c
       JOIN messages m ON m.conversation_id = c.id
       LEFT JOIN users o ON o.id = ${OTHER}
      WHERE ${MINE}
      ORDER BY m.created_at DESC, m.id DESC LIMIT $2`,
    [reader, limit + 1],
  )
  const byId = new Map<number, ExportedConversation>()
  for (const row of rows.slice(0, limit).reverse()) {
    const conversation = byId.get(row.id) ?? {
      id: row.id,
      title: row.title,
      with: row.other,
      messages: [],
    }
    conversation.messages.push({
      from: row.sender_id === reader ? 'me' : 'them',
      text: row.body,
      at: toIso(row.created_at),
    })
    byId.set(row.id, conversation)
  }
  return { conversations: [...byId.values()], truncated: rows.length > limit }
}
