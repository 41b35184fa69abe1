import type { Endpoint } from 'payload'

import { FOLLOW_TEXT } from '@/rules/follow'
import { followToggleSchema } from '@/schemas/follow'
import { inTransaction, lockRow, query, sql } from '@/server/database/db'
import { announceApiChanges } from '@/server/http/apiChanges'
import { readJson, refuse } from '@/server/http/requests'
import { refusalForSuspended } from '@collections/shared/suspension'
import { countAndPushFollowers } from '@collections/Follows/followerCount'

/**
 * POST /api/follows/toggle {neighbourhood}: follows it, or stops following when one already
 * does. One writer per neighbourhood at a time, so the count it answers and pushes is exact.
 */
export const toggleFollow: Endpoint = {
  path: '/toggle',
  method: 'post',
  handler: async (req) => {
    if (!req.user) return refuse(401, FOLLOW_TEXT.loginToFollow)
    const suspended = refusalForSuspended(req.user)
    if (suspended) return suspended
    const parsed = followToggleSchema.safeParse(await readJson(req))
    if (!parsed.success) return refuse(400, parsed.error.issues[0]!.message)
    const { neighbourhood } = parsed.data
    const user = req.user.id
    const result = await inTransaction(req, async () => {
      const [place] = await query<{ id: number }>(
        req,
        sql`SELECT id FROM neighbourhoods WHERE id = ${neighbourhood}`,
      )
      if (!place) return null
      await lockRow(req, 'neighbourhoods', neighbourhood)
      const removed = await query<{ id: number }>(
        req,
        sql`DELETE FROM follows WHERE user_id = ${user} AND neighbourhood_id = ${neighbourhood}
            RETURNING id`,
      )
      if (!removed.length)
        await query(
          req,
          sql`INSERT INTO follows (user_id, neighbourhood_id, created_at, updated_at)
              VALUES (${user}, ${neighbourhood}, now(), now())`,
        )
      const count = await countAndPushFollowers(req, neighbourhood)
      await announceApiChanges(req, ['follows'])
      return { neighbourhood, following: removed.length === 0, count }
    })
    if (!result) return refuse(404, FOLLOW_TEXT.notFound)
    return Response.json(result)
  },
}
