import { FOLLOW_TEXT } from '@/rules/follow'
import { inTransaction, lockRow, query, sql } from '@/server/database/db'
import { announceApiChanges } from '@/server/http/apiChanges'
import { refuse } from '@/server/http/requests'
import { command } from '@collections/shared/command'
import { countAndPushFollowers } from '@collections/Follows/followerCount'

/**
 * follows.toggle: follows the neighbourhood, or stops following when one already does. One
 * writer per neighbourhood at a time, so the count it answers and pushes is exact.
 */
export const toggleFollow = command('follows.toggle', async ({ req, input, user }) => {
  const { neighbourhood } = input
  const member = user!.id
  const result = await inTransaction(req, async () => {
    const [place] = await query<{ id: number }>(
      req,
      sql`SELECT id FROM neighbourhoods WHERE id = ${neighbourhood}`,
    )
    if (!place) return null
    await lockRow(req, 'neighbourhoods', neighbourhood)
    const removed = await query<{ id: number }>(
      req,
      sql`DELETE FROM follows WHERE user_id = ${member} AND neighbourhood_id = ${neighbourhood}
          RETURNING id`,
    )
    if (!removed.length)
      await query(
        req,
        sql`INSERT INTO follows (user_id, neighbourhood_id, created_at, updated_at)
            VALUES (${member}, ${neighbourhood}, now(), now())`,
      )
    const count = await countAndPushFollowers(req, neighbourhood)
    await announceApiChanges(req, ['follows'])
    return { neighbourhood, following: removed.length === 0, count }
  })
  return result ?? refuse(404, FOLLOW_TEXT.notFound)
})
