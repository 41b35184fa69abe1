import type { Endpoint } from 'payload'

import { followToggleSchema } from '@/schemas/follow'
import { pgPool } from '@/server/database/db'
import { refuse } from '@/server/http/requests'

/**
 * GET /api/follows/state?neighbourhood=ID: how many follow it, and (signed in) whether the
 * reader does; `following` is null for a visitor.
 */
export const followState: Endpoint = {
  path: '/state',
  method: 'get',
  handler: async (req) => {
    const raw = new URL(req.url ?? '', 'http://x').searchParams.get('neighbourhood')
    const parsed = followToggleSchema.safeParse({ neighbourhood: raw ?? '' })
    if (!parsed.success) return refuse(400, parsed.error.issues[0]!.message)
    const { neighbourhood } = parsed.data
    const user = req.user?.id ?? null
    const { rows } = await pgPool(req.payload).query<{ count: number; mine: boolean }>(
      `SELECT count(*)::int AS count, coalesce(bool_or(user_id = $2), false) AS mine
         FROM follows WHERE neighbourhood_id = $1`,
      [neighbourhood, user],
    )
    return Response.json(
      {
        neighbourhood,
        count: rows[0]?.count ?? 0,
        following: user === null ? null : rows[0]!.mine,
      },
      { headers: { 'cache-control': 'private, no-store' } },
    )
  },
}
