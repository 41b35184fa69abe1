import { MAX_PINS } from '@/rules/lostFound'
import type { LostFoundKind, LostFoundWhat } from '@/rules/lostFound'
import { query, sql } from '@/server/database/db'
import { lostFoundHref } from '@collections/LostFound/postRules'
import { command } from '@collections/shared/command'

/**
 * lostFound.pins: the newest open, shown posts as pins (the map's layer), at their rounded
 * place. One query; the same for every reader, so the shared cache answers it.
 */
export const lostFoundPins = command('lostFound.pins', async ({ req, input }) => {
  const rows = await query<{
    id: number
    kind: LostFoundKind
    what: LostFoundWhat
    title: string
    latitude: string
    longitude: string
  }>(
    req,
    sql`SELECT id, kind, what, title, latitude, longitude FROM lost_found_posts
         WHERE status = 'open' AND hidden IS NOT TRUE
           ${input.neighbourhood ? sql`AND neighbourhood_id = ${input.neighbourhood}` : sql``}
         ORDER BY created_at DESC LIMIT ${MAX_PINS}`,
  )
  return {
    pins: rows.map((row) => ({
      ...row,
      latitude: Number(row.latitude),
      longitude: Number(row.longitude),
      href: lostFoundHref(row.id),
    })),
  }
})
