import type { PayloadRequest } from 'payload'

import { query, sql } from '@/server/database/db'
import type { TopReviewer } from '@/views/topReviewer'

/**
 * SPEC "Top reviewers": ranked by review count, then by the reactions their reviews received.
 * One aggregate query over the stored counters. Read by GET /api/top-reviewers and by the
 * /top-reviewers page's loader.
 */
export async function readTopReviewers(req: PayloadRequest, limit: number): Promise<TopReviewer[]> {
  const rows = await query<{
    id: number
    user_name: string
    name: string | null
    avatar_url: string | null
    review_count: number
    reaction_count: number
  }>(
    req,
    // Avatars are stored as small squares; the 16:9 thumbnail size would crop them.
    sql`SELECT u.id, u.user_name, u.name, '/api/media/file/' || m.filename AS avatar_url,
               count(r.id)::int AS review_count,
               coalesce(sum(r.reaction_count), 0)::int AS reaction_count
          FROM reviews r
          JOIN users u ON u.id = r.user_id
          LEFT JOIN media m ON m.id = u.avatar_id
         WHERE r.hidden IS NOT TRUE AND u.user_name IS NOT NULL
         GROUP BY u.id, m.id
         ORDER BY review_count DESC, reaction_count DESC, u.user_name ASC
         LIMIT ${limit}`,
  )
  return rows.map((r) => ({
    id: r.id,
    userName: r.user_name,
    name: r.name,
    avatarUrl: r.avatar_url,
    reviewCount: r.review_count,
    reactionCount: r.reaction_count,
  }))
}
