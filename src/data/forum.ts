import type { PayloadRequest } from 'payload'

import { query, sql } from '@/server/database/db'
import { FORUM_PAGE_SIZE, type ForumCard, type ForumPage, type ForumType } from '@/views/forum'

/**
 * The community forum's mixed feed (SPEC §2), newest first, 10 a page. One UNION query plus one
 * count; authors and neighbourhoods joined in the same query, so no per-card lookups. Read by
 * GET /api/forum and by the forum page's loader (src/loaders/forum.ts).
 */
export async function readForumPage(
  req: PayloadRequest,
  type: ForumType | null,
  page: number,
): Promise<ForumPage> {
  const only = type ? sql`WHERE type = ${type}` : sql``
  const feed = sql`(
      SELECT 'discussion' AS type, id, title, content AS text, neighbourhood_id, author_id, created_at
        FROM discussions WHERE hidden IS NOT TRUE
      UNION ALL
      SELECT 'event', id, title, description, neighbourhood_id, author_id, created_at
        FROM events WHERE hidden IS NOT TRUE AND is_public
      UNION ALL
      SELECT 'story', id, title, description, neighbourhood_id, author_id, created_at
        FROM stories WHERE hidden IS NOT TRUE AND is_public
      UNION ALL
      SELECT 'poll', id, question, '', neighbourhood_id, author_id, created_at
        FROM polls WHERE hidden IS NOT TRUE
    ) feed`
  const rows = await query<{
    type: ForumType
    id: number
    title: string
    text: string | null
    slug: string | null
    author_id: number | null
    user_name: string | null
    avatar: string | null
    created_at: string
  }>(
    req,
    sql`SELECT feed.type, feed.id, feed.title, feed.text, n.slug, feed.author_id, u.user_name,
               coalesce(m.sizes_thumbnail_filename, m.filename) AS avatar, feed.created_at
          FROM ${feed}
          LEFT JOIN neighbourhoods n ON n.id = feed.neighbourhood_id
          LEFT JOIN users u ON u.id = feed.author_id
          LEFT JOIN media m ON m.id = u.avatar_id
          ${only}
         ORDER BY feed.created_at DESC, feed.id DESC
         LIMIT ${FORUM_PAGE_SIZE} OFFSET ${(page - 1) * FORUM_PAGE_SIZE}`,
  )
  const [{ total }] = await query<{ total: number }>(
    req,
    sql`SELECT count(*)::int AS total FROM ${feed} ${only}`,
  )
  const cards: ForumCard[] = rows.map((r) => ({
    type: r.type,
    id: r.id,
    title: r.title,
    text: r.text ?? '',
    neighbourhoodSlug: r.slug,
    author: r.author_id
      ? {
          id: r.author_id,
          userName: r.user_name,
          avatarUrl: r.avatar ? `/api/media/file/${r.avatar}` : null,
        }
      : null,
    createdAt: new Date(r.created_at).toISOString(),
  }))
  return {
    cards,
    page,
    pageSize: FORUM_PAGE_SIZE,
    total,
    totalPages: Math.max(1, Math.ceil(total / FORUM_PAGE_SIZE)),
  }
}
