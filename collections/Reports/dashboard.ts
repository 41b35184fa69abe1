import type { Payload } from 'payload'

import { pgPool } from '@/server/db'

/** What the editors' dashboard shows: one query per figure. */
export interface DashboardFigures {
  lastDay: { collection: string; label: string; count: number }[]
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

export async function dashboardFigures(payload: Payload): Promise<DashboardFigures> {
  const pool = pgPool(payload)
  const [posted, members, active] = await Promise.all([
    pool.query<Record<string, number>>(
      `SELECT ${POSTED.map(
        ([table]) =>
          `(SELECT count(*)::int FROM ${table} WHERE created_at > now() - interval '1 day') AS ${table}`,
      ).join(', ')}`,
    ),
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
  const row = posted.rows[0] ?? {}
  return {
    lastDay: POSTED.map(([table, label]) => ({
      collection: table.replace(/_/g, '-'),
      label,
      count: row[table] ?? 0,
    })),
    newMembers: members.rows[0]?.n ?? 0,
    activeNeighbourhoods: active.rows,
  }
}
