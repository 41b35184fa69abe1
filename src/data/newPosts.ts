import type { PayloadRequest } from 'payload'

import { NEW_POSTS_MAX, type NewPostKind } from '@/rules/newPosts'
import { query, sql, type SQL } from '@/server/database/db'

/**
 * Each kind's posts as its open list shows them, listed after `after`: the moment a post became
 * visible there (an item listed, a post made, an alert verified), and the rule that hides it.
 */
const LISTED: Record<NewPostKind, (neighbourhood: number, after: Date) => SQL> = {
  'market-item': (n, after) =>
    sql`SELECT id FROM market_items WHERE neighbourhood_id = ${n} AND created_at > ${after}
        AND hidden IS NOT TRUE AND status <> 'gone' ORDER BY created_at DESC LIMIT ${NEW_POSTS_MAX}`,
  'lost-found': (n, after) =>
    sql`SELECT id FROM lost_found_posts WHERE neighbourhood_id = ${n} AND created_at > ${after}
        AND hidden IS NOT TRUE ORDER BY created_at DESC LIMIT ${NEW_POSTS_MAX}`,
  'safety-alert': (n, after) =>
    sql`SELECT id FROM safety_alerts WHERE neighbourhood_id = ${n} AND verified_at > ${after}
        AND hidden IS NOT TRUE ORDER BY verified_at DESC LIMIT ${NEW_POSTS_MAX}`,
}

/** The ids of a neighbourhood's posts of one kind listed after `after` (ms), newest first. */
export async function readNewPosts(
  req: PayloadRequest,
  neighbourhood: number,
  kind: NewPostKind,
  after: number,
): Promise<number[]> {
  const rows = await query<{ id: number }>(req, LISTED[kind](neighbourhood, new Date(after)))
  return rows.map((row) => row.id)
}
