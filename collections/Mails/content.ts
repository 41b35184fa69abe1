import type { PoolClient } from 'pg'

import { LIVE_ITEM_TEXT } from '@/data/market'
import { londonDate } from '@/rules/dates'
import { EVENT_ZONE_LABEL } from '@/rules/eventTime'
import { MESSAGE_NOTICE_GONE } from './owed'
import type { MailItem } from './templates/NotificationMail'

/** Longest excerpt of a comment or an event in a mail. */
const EXCERPT_CHARS = 240

function excerptOf(text: string | null): string | null {
  if (!text) return null
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > EXCERPT_CHARS ? `${flat.slice(0, EXCERPT_CHARS - 1).trimEnd()}…` : flat
}

/**
 * The notifications a mail gathers (or a push tells), as they are now: anything hidden, made private or deleted
 * since it was owed is left out (a mail never shows what readers cannot see).
 */
export async function mailItems(
  db: PoolClient,
  mail: number,
  origin: string,
): Promise<{ ids: number[]; items: MailItem[] }> {
  return itemsWhere(db, 'n.mail_id = $1', mail, origin)
}

/** One notification as a push tells it, or null when its content is no longer shown. */
export async function pushItem(
  db: PoolClient,
  notification: number,
  origin: string,
): Promise<MailItem | null> {
  return (await itemsWhere(db, 'n.id = $1', notification, origin)).items[0] ?? null
}

async function itemsWhere(
  db: PoolClient,
  where: 'n.mail_id = $1' | 'n.id = $1',
  key: number,
  origin: string,
): Promise<{ ids: number[]; items: MailItem[] }> {
  const { rows } = await db.query<{
    id: number
    message: string
    link: string
    created_at: Date
    excerpt: string | null
    visible: boolean
  }>(
    `SELECT n.id, n.message, n.link, n.created_at,
            CASE WHEN n.type IN ('comment', 'reply', 'comment-reply') THEN c.content
                 WHEN n.type = 'new-event' THEN e.description
                 WHEN n.type = 'market-item' THEN i.description END AS excerpt,
            CASE WHEN n.type IN ('comment', 'reply', 'comment-reply') THEN c.id IS NOT NULL AND c.hidden IS NOT TRUE
                 WHEN n.type = 'new-event' THEN e.id IS NOT NULL AND e.hidden IS NOT TRUE
                   AND e.is_public IS NOT FALSE
                 WHEN n.type = 'message' THEN NOT ${MESSAGE_NOTICE_GONE}
                 WHEN n.type = 'market-item' THEN i.id IS NOT NULL AND ${LIVE_ITEM_TEXT}
                 ELSE true END AS visible
       FROM notifications n
       LEFT JOIN comments c ON n.type IN ('comment', 'reply', 'comment-reply') AND c.id::text = n.reference_id
       LEFT JOIN events e ON n.type = 'new-event' AND e.id::text = n.reference_id
       LEFT JOIN market_items i ON n.type = 'market-item' AND i.id::text = n.reference_id
      WHERE ${where} ORDER BY n.id`,
    [key],
  )
  const shown = rows.filter((r) => r.visible)
  return {
    ids: shown.map((r) => r.id),
    items: shown.map((r) => ({
      message: r.message,
      excerpt: excerptOf(r.excerpt),
      url: new URL(r.link, origin).toString(),
      // A mail is read hours or days later: the moment itself, not '9 minutes ago'.
      when: `${londonDate(new Date(r.created_at), 'moment')} (${EVENT_ZONE_LABEL})`,
    })),
  }
}
