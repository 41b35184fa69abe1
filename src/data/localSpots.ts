import type { PayloadRequest } from 'payload'

import { categoryLabel, SPOTS_PAGE_SIZE } from '@/rules/localSpots'
import type { EmojiName } from '@/rules/targets'
import { serverNow } from '@/server/config/clock'
import { query, sql } from '@/server/database/db'
import {
  isVibeEmoji,
  mediaFileUrl,
  type LocalSpotPage,
  type LocalSpotView,
  type SpotBadgeView,
} from '@/views/localSpot'

interface SpotRow {
  id: number
  name: string
  category: string
  description: string | null
  address: string | null
  google_maps_url: string | null
  image_id: number | null
  image_file: string | null
  author_id: number | null
  user_name: string | null
  avatar_file: string | null
  created_at: string | Date
  updated_at: string | Date
  emojis: string[] | null
  badges: SpotBadgeView[] | null
  reactions: Partial<Record<EmojiName, number>> | null
  total: number
}

const iso = (value: string | Date) => new Date(value).toISOString()

function toView(row: SpotRow): LocalSpotView {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    categoryLabel: categoryLabel(row.category),
    description: row.description ?? '',
    address: row.address ?? '',
    googleMapsUrl: row.google_maps_url ?? '',
    imageId: row.image_id,
    imageUrl: mediaFileUrl(row.image_file),
    emojis: (row.emojis ?? []).filter(isVibeEmoji),
    author: row.author_id
      ? { id: row.author_id, userName: row.user_name, avatarUrl: mediaFileUrl(row.avatar_file) }
      : null,
    badges: row.badges ?? [],
    reactionCounts: row.reactions ?? {},
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  }
}

/**
 * A neighbourhood's local spots as visitors see them (hidden ones left out), newest first:
 * `pages` pages of 9 starting at page `page`, with authors, avatars, images, emoji tags,
 * unexpired badges and reaction counts in ONE query whatever the page size (plus one existence
 * check of the neighbourhood when nothing is found). Read by GET /api/local-businesses/spots and
 * by the page's loader (src/loaders/localSpots.ts). Null: no such neighbourhood.
 */
export async function readSpots(
  req: PayloadRequest,
  neighbourhoodId: number,
  { page = 1, pages = 1 }: { page?: number; pages?: number } = {},
): Promise<LocalSpotPage | null> {
  const now = serverNow()
  const offset = (page - 1) * SPOTS_PAGE_SIZE
  const limit = pages * SPOTS_PAGE_SIZE
  const rows = await query<SpotRow>(
    req,
    sql`SELECT b.id, b.name, b.category, b.description, b.address, b.google_maps_url, b.image_id,
               coalesce(im.sizes_card_filename, im.filename) AS image_file,
               b.author_id, u.user_name,
               coalesce(av.sizes_thumbnail_filename, av.filename) AS avatar_file,
               b.created_at, b.updated_at,
               (SELECT json_agg(e.value ORDER BY e."order") FROM local_businesses_emojis e
                 WHERE e.parent_id = b.id) AS emojis,
               (SELECT json_agg(json_build_object('id', bb.id, 'label', bb.label,
                                                  'colour', bb.colour)
                                ORDER BY bb.created_at, bb.id)
                  FROM business_badges bb
                 WHERE bb.business_id = b.id
                   AND (bb.expires_at IS NULL OR bb.expires_at > ${now.toISOString()})) AS badges,
               (SELECT json_object_agg(r.emoji, r.n) FROM (
                  SELECT emoji, count(*)::int AS n FROM reactions
                   WHERE target_kind = 'local-business' AND target_id = b.id GROUP BY emoji) r
               ) AS reactions,
               count(*) OVER ()::int AS total
          FROM local_businesses b
          LEFT JOIN users u ON u.id = b.author_id
          LEFT JOIN media av ON av.id = u.avatar_id
          LEFT JOIN media im ON im.id = b.image_id
         WHERE b.neighbourhood_id = ${neighbourhoodId} AND b.hidden IS NOT TRUE
         ORDER BY b.created_at DESC, b.id DESC
         LIMIT ${limit} OFFSET ${offset}`,
  )
  if (!rows.length) {
    const [found] = await query<{ id: number }>(
      req,
      sql`SELECT id FROM neighbourhoods WHERE id = ${neighbourhoodId}`,
    )
    if (!found) return null
  }
  const total = rows[0]?.total ?? 0
  return {
    spots: rows.map(toView),
    pages: page - 1 + pages,
    total,
    hasMore: offset + rows.length < total,
    now: now.toISOString(),
  }
}
