import type { Payload } from 'payload'

import { pgPool } from '@/server/database/db'

/** What the editors' dashboard shows: one query per figure. */
export interface PostedCount {
  collection: string
  label: string
  count: number
}

export interface DashboardFigures {
  lastDay: PostedCount[]
  newMembers: number
  activeNeighbourhoods: { name: string; slug: string; posts: number }[]
}

const POSTED = [
  ['reviews', 'Reviews'],
  ['comments', 'Comments'],
  ['stories', 'Stories'],
  ['discussions', 'Discussions'],
  ['events', 'Events'],
  ['polls', 'Polls'],
  ['local_businesses', 'Local spots'],
] as const

/** What members posted after `since`, by kind: one query. */
async function postedSince(payload: Payload, since: Date): Promise<PostedCount[]> {
  const { rows } = await pgPool(payload).query<Record<string, number>>(
    `SELECT ${POSTED.map(
      ([table]) => `(SELECT count(*)::int FROM ${table} WHERE created_at > $1) AS ${table}`,
    ).join(', ')}`,
    [since],
  )
  const row = rows[0] ?? {}
  return POSTED.map(([table, label]) => ({
    collection: table.replace(/_/g, '-'),
    label,
    count: row[table] ?? 0,
  }))
}

export async function dashboardFigures(payload: Payload): Promise<DashboardFigures> {
  const pool = pgPool(payload)
  const [lastDay, members, active] = await Promise.all([
    postedSince(payload, new Date(Date.now() - 24 * 60 * 60 * 1000)),
    pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE created_at > now() - interval '7 days'`,
    ),
    pool.query<{ name: string; slug: string; posts: number }>(
      `SELECT n.name, n.slug, count(*)::int AS posts FROM (
         SELECT neighbourhood_id FROM reviews WHERE created_at > now() - interval '7 days'
         UNION ALL SELECT neighbourhood_id FROM stories WHERE created_at > now() - interval '7 days'
         UNION ALL SELECT neighbourhood_id FROM discussions WHERE created_at > now() - interval '7 days'
         UNION ALL SELECT neighbourhood_id FROM events WHERE created_at > now() - interval '7 days'
         UNION ALL SELECT neighbourhood_id FROM polls WHERE created_at > now() - interval '7 days'
         UNION ALL SELECT neighbourhood_id FROM local_businesses
                    WHERE created_at > now() - interval '7 days') p
       JOIN neighbourhoods n ON n.id = p.neighbourhood_id
       GROUP BY n.id ORDER BY posts DESC, n.name LIMIT 5`,
    ),
  ])
  return {
    lastDay,
    newMembers: members.rows[0]?.n ?? 0,
    activeNeighbourhoods: active.rows,
  }
}

/** Half an hour away from the admin ends a visit. */
export const VISIT_GAP_MS = 30 * 60 * 1000

export interface SinceLastVisit {
  /** When the editor's previous visit ended; null on their first. */
  from: string | null
  posted: PostedCount[]
  members: number
  decisions: number
}

/**
 * 'Since your last visit': marks this editor's visit (a new one after VISIT_GAP_MS away) and
 * counts what arrived after the previous one ended. One update, then one query per figure.
 */
export async function sinceLastVisit(payload: Payload, editor: number): Promise<SinceLastVisit> {
  const pool = pgPool(payload)
  const { rows } = await pool.query<{ from: Date | null }>(
    `UPDATE users SET
        admin_visit_from = CASE WHEN admin_seen_at IS NULL OR admin_seen_at < now() - $2::interval
                                THEN admin_seen_at ELSE admin_visit_from END,
        admin_seen_at = now()
      WHERE id = $1 RETURNING admin_visit_from AS "from"`,
    [editor, `${VISIT_GAP_MS / 1000} seconds`],
  )
  const from = rows[0]?.from ?? null
  if (!from) return { from: null, posted: [], members: 0, decisions: 0 }
  const [posted, counts] = await Promise.all([
    postedSince(payload, from),
    pool.query<{ members: number; decisions: number }>(
      `SELECT (SELECT count(*)::int FROM users WHERE created_at > $1) AS members,
              (SELECT count(*)::int FROM moderation_actions WHERE created_at > $1) AS decisions`,
      [from],
    ),
  ])
  return {
    from: from.toISOString(),
    posted,
    members: counts.rows[0]?.members ?? 0,
    decisions: counts.rows[0]?.decisions ?? 0,
  }
}
