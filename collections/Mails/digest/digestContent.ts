import type { PoolClient } from 'pg'

import { LIVE_ITEM_TEXT } from '@/data/market'
import { ALERT_CATEGORY_LABELS, type AlertCategory } from '@/rules/safetyAlerts'

/** What happened in one member's followed neighbourhoods over the last week. */
export interface DigestContent {
  stories: { title: string; place: string; path: string }[]
  events: { title: string; place: string; path: string; date: Date; location: string }[]
  reviews: { rating: number; text: string; place: string; path: string }[]
  discussions: { title: string; place: string; path: string; comments: number }[]
  alerts: { title: string; place: string; path: string; category: string }[]
  freeItems: { title: string; place: string; path: string }[]
}

const PER_SECTION = 3
const EVENTS = 5
const ALERTS = 5
const FREE_ITEMS = 5

export const isEmptyDigest = (d: DigestContent) =>
  !d.stories.length &&
  !d.events.length &&
  !d.reviews.length &&
  !d.discussions.length &&
  !d.alerts.length &&
  !d.freeItems.length

/**
 * The top new stories (most discussed), the coming week's events, new reviews with their stars,
 * the busiest discussions, the safety alerts verified this week and up to five new Free market
 * items still listed, from the neighbourhoods the member follows: public and not hidden only, and
 * nothing by a member who is suspended now.
 */
export async function digestContent(
  db: PoolClient,
  user: number,
  now: Date,
): Promise<DigestContent> {
  const week = [user, now] as const
  const visible = (alias: string, author: string) =>
    `${alias}.hidden IS NOT TRUE AND NOT EXISTS (SELECT 1 FROM users a WHERE a.id = ${alias}.${author}
       AND a.suspended_until > $2)`
  const followed = `SELECT neighbourhood_id FROM follows WHERE user_id = $1`
  // One after another: one connection answers one query at a time.
  const stories = await db.query(
    `SELECT s.title, n.name AS place, '/neighbourhood/' || n.slug || '/stories/' || s.id AS path
         FROM stories s JOIN neighbourhoods n ON n.id = s.neighbourhood_id
        WHERE s.neighbourhood_id IN (${followed}) AND s.is_public IS NOT FALSE
          AND ${visible('s', 'author_id')}
          AND s.created_at > $2::timestamptz - interval '7 days'
        ORDER BY s.comment_count DESC, s.reaction_count DESC, s.created_at DESC LIMIT ${PER_SECTION}`,
    [...week],
  )
  const events = await db.query(
    `SELECT e.title, n.name AS place, '/neighbourhood/' || n.slug || '/events#event-' || e.id AS path,
              e.event_date AS date, e.location
         FROM events e JOIN neighbourhoods n ON n.id = e.neighbourhood_id
        WHERE e.neighbourhood_id IN (${followed}) AND e.is_public IS NOT FALSE
          AND ${visible('e', 'author_id')}
          AND e.event_date >= $2 AND e.event_date < $2::timestamptz + interval '7 days'
        ORDER BY e.event_date LIMIT ${EVENTS}`,
    [...week],
  )
  const reviews = await db.query(
    `SELECT r.rating::int AS rating, r.comment AS text, n.name AS place,
              '/neighbourhood/' || n.slug || '#review-' || r.id AS path
         FROM reviews r JOIN neighbourhoods n ON n.id = r.neighbourhood_id
        WHERE r.neighbourhood_id IN (${followed})
          AND ${visible('r', 'user_id')}
          AND r.created_at > $2::timestamptz - interval '7 days'
        ORDER BY r.created_at DESC LIMIT ${PER_SECTION}`,
    [...week],
  )
  const discussions = await db.query(
    `SELECT d.title, n.name AS place, '/discussions/' || d.id AS path, count(c.id)::int AS comments
         FROM discussions d JOIN neighbourhoods n ON n.id = d.neighbourhood_id
         JOIN comments c ON c.target_kind = 'discussion' AND c.target_id = d.id
              AND c.hidden IS NOT TRUE AND c.created_at > $2::timestamptz - interval '7 days'
        WHERE d.neighbourhood_id IN (${followed}) AND ${visible('d', 'author_id')}
        GROUP BY d.id, n.name ORDER BY comments DESC, d.id DESC LIMIT ${PER_SECTION}`,
    [...week],
  )
  const alerts = await db.query<{ title: string; place: string; path: string; category: string }>(
    `SELECT sa.title, n.name AS place, '/safety/' || sa.id AS path, sa.category::text AS category
         FROM safety_alerts sa JOIN neighbourhoods n ON n.id = sa.neighbourhood_id
        WHERE sa.neighbourhood_id IN (${followed}) AND ${visible('sa', 'author_id')}
          AND sa.verified_at > $2::timestamptz - interval '7 days' AND sa.verified_at <= $2
        ORDER BY sa.verified_at DESC LIMIT ${ALERTS}`,
    [...week],
  )
  const freeItems = await db.query(
    `SELECT i.title, n.name AS place, '/market/' || i.id AS path
         FROM market_items i JOIN neighbourhoods n ON n.id = i.neighbourhood_id
        WHERE i.neighbourhood_id IN (${followed}) AND i.kind = 'free' AND ${LIVE_ITEM_TEXT}
          AND ${visible('i', 'author_id')} AND i.author_id IS DISTINCT FROM $1
          AND i.created_at > $2::timestamptz - interval '7 days'
        ORDER BY i.created_at DESC LIMIT ${FREE_ITEMS}`,
    [...week],
  )
  return {
    stories: stories.rows,
    events: events.rows,
    reviews: reviews.rows,
    discussions: discussions.rows,
    alerts: alerts.rows.map((a) => ({
      ...a,
      category: ALERT_CATEGORY_LABELS[a.category as AlertCategory] ?? a.category,
    })),
    freeItems: freeItems.rows,
  } as DigestContent
}
