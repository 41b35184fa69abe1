import type { PayloadRequest } from 'payload'

import { MARKET_PAGE_SIZE } from '@/rules/market'
import { query, sql } from '@/server/database/db'
import {
  marketCard,
  type MarketListQuery,
  type MarketListView,
  type MarketRow,
} from '@/views/market'

/** Items still in the lists (`i`): not hidden, not gone, not expired. */
export const LIVE_ITEM_SQL = `i.hidden IS NOT TRUE AND i.status <> 'gone' AND i.expires_at > now()`
export const LIVE_ITEM = sql.raw(LIVE_ITEM_SQL)

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

function filters(q: MarketListQuery, neighbourhood: number) {
  const parts = [sql`i.neighbourhood_id = ${neighbourhood}`, LIVE_ITEM]
  if (q.kind) parts.push(sql`i.kind = ${q.kind}`)
  if (q.minPence !== null) parts.push(sql`i.price_pence >= ${q.minPence}`)
  if (q.maxPence !== null) parts.push(sql`i.price_pence <= ${q.maxPence}`)
  if (q.text) {
    const pattern = likePattern(q.text)
    parts.push(sql`(i.title ILIKE ${pattern} OR i.description ILIKE ${pattern})`)
  }
  return sql.join(parts, sql` AND `)
}

/**
 * One page of a neighbourhood's market, newest first, with each item's first photo. One query
 * (the total rides along as a window count); a page past the end counts in a second.
 */
export async function listMarketItems(
  req: PayloadRequest,
  q: MarketListQuery,
  neighbourhood: number,
): Promise<MarketListView> {
  const where = filters(q, neighbourhood)
  const rows = await query<MarketRow & { total: number }>(
    req,
    sql`SELECT i.id, i.kind, i.title, i.price_pence, i.condition, i.status, i.street, i.created_at,
               (SELECT coalesce(m.sizes_card_filename, m.filename)
                  FROM market_items_rels r JOIN media m ON m.id = r.media_id
                 WHERE r.parent_id = i.id AND r.path = 'photos'
                 ORDER BY r."order" LIMIT 1) AS photo,
               count(*) OVER ()::int AS total
          FROM market_items i
         WHERE ${where}
         ORDER BY i.created_at DESC, i.id DESC
         LIMIT ${MARKET_PAGE_SIZE} OFFSET ${(q.page - 1) * MARKET_PAGE_SIZE}`,
  )
  const total =
    rows[0]?.total ??
    (q.page > 1
      ? (
          await query<{ total: number }>(
            req,
            sql`SELECT count(*)::int AS total FROM market_items i WHERE ${where}`,
          )
        )[0]!.total
      : 0)
  return {
    ...q,
    cards: rows.map(marketCard),
    total,
    totalPages: Math.max(1, Math.ceil(total / MARKET_PAGE_SIZE)),
  }
}

/** How many items a neighbourhood's market lists (its tab's count). */
export async function liveItemCount(req: PayloadRequest, neighbourhood: number): Promise<number> {
  const [row] = await query<{ n: number }>(
    req,
    sql`SELECT count(*)::int AS n FROM market_items i
         WHERE i.neighbourhood_id = ${neighbourhood} AND ${LIVE_ITEM}`,
  )
  return row!.n
}
