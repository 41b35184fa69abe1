import type { PayloadRequest } from 'payload'

import { query, sql } from '@/server/database/db'
import {
  discussionCard,
  DISCUSSIONS_PAGE_SIZE,
  POPULAR_TAGS,
  type DiscussionListQuery,
  type DiscussionListView,
} from '@/views/discussion'

/**
 * SPEC §7 discussions view: not hidden, optionally of one neighbourhood and carrying one tag
 * (case-insensitive), ordered by reaction count then newest, a page of 10 with authors, avatars,
 * neighbourhood slugs, tags and counts. One query (the total rides along as a window count; only
 * a page past the end costs a second, to count), whatever the page size.
 */
export async function listDiscussions(
  req: PayloadRequest,
  q: DiscussionListQuery,
): Promise<DiscussionListView> {
  const where = filters(q)
  const rows = await query<Parameters<typeof discussionCard>[0] & { total: number }>(
    req,
    sql`SELECT d.id, d.title, d.content, d.reaction_count::int AS reaction_count,
               d.comment_count::int AS comment_count, d.created_at, n.slug, n.name AS neighbourhood_name, d.author_id,
               u.user_name, coalesce(m.sizes_thumbnail_filename, m.filename) AS avatar,
               ARRAY(SELECT t.text FROM discussions_texts t
                      WHERE t.parent_id = d.id AND t.path = 'tags' ORDER BY t."order") AS tags,
               count(*) OVER ()::int AS total
          FROM discussions d
          LEFT JOIN neighbourhoods n ON n.id = d.neighbourhood_id
          LEFT JOIN users u ON u.id = d.author_id
          LEFT JOIN media m ON m.id = u.avatar_id
         WHERE ${where}
         ORDER BY d.reaction_count DESC NULLS LAST, d.created_at DESC, d.id DESC
         LIMIT ${DISCUSSIONS_PAGE_SIZE} OFFSET ${(q.page - 1) * DISCUSSIONS_PAGE_SIZE}`,
  )
  const total =
    rows[0]?.total ??
    (q.page > 1
      ? (
          await query<{ total: number }>(
            req,
            sql`SELECT count(*)::int AS total FROM discussions d
                  LEFT JOIN neighbourhoods n ON n.id = d.neighbourhood_id WHERE ${where}`,
          )
        )[0]!.total
      : 0)
  return {
    ...q,
    cards: rows.map(discussionCard),
    total,
    pageSize: DISCUSSIONS_PAGE_SIZE,
    totalPages: Math.max(1, Math.ceil(total / DISCUSSIONS_PAGE_SIZE)),
  }
}

function filters(q: DiscussionListQuery) {
  const parts = [sql`d.hidden IS NOT TRUE`]
  if (q.neighbourhoodSlug) parts.push(sql`n.slug = ${q.neighbourhoodSlug}`)
  if (q.tag) {
    parts.push(sql`EXISTS (SELECT 1 FROM discussions_texts t
                   WHERE t.parent_id = d.id AND t.path = 'tags' AND lower(t.text) = lower(${q.tag}))`)
  }
  return sql.join(parts, sql` AND `)
}

/** The most used tags of the visible discussions (of one neighbourhood), for the filter links. */
export async function popularDiscussionTags(
  req: PayloadRequest,
  neighbourhoodSlug: string | null,
): Promise<string[]> {
  const where = filters({ neighbourhoodSlug, tag: null, page: 1 })
  const rows = await query<{ tag: string }>(
    req,
    sql`SELECT min(t.text) AS tag
          FROM discussions_texts t
          JOIN discussions d ON d.id = t.parent_id
          LEFT JOIN neighbourhoods n ON n.id = d.neighbourhood_id
         WHERE t.path = 'tags' AND t.text <> '' AND ${where}
         GROUP BY lower(t.text)
         ORDER BY count(*) DESC, lower(t.text)
         LIMIT ${POPULAR_TAGS}`,
  )
  return rows.map((r) => r.tag)
}
