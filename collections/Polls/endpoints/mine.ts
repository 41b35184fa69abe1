import type { Endpoint } from 'payload'

import { MESSAGES } from '@/rules/messages'
import { query, sql } from '@/server/database/db'
import { refuse, routeId } from '@/server/http/requests'

/**
 * GET /api/polls/:id/mine → {pollId, myVote}: the asker's own choice or null (also for
 * visitors), one lookup on the unique (poll_id, user_id) index. Islands read the counts, the
 * same for everyone, from GET /api/polls/:id/summary without the session (the shared cache) and
 * only this with it. It shows nothing but the asker's own vote, so the poll is not looked up.
 */
export const myVoteEndpoint: Endpoint = {
  path: '/:id/mine',
  method: 'get',
  handler: async (req) => {
    const pollId = routeId(req)
    if (pollId === null) return refuse(404, MESSAGES.pollNotFound)
    const [row] = req.user
      ? await query<{ optionIndex: number }>(
          req,
          sql`SELECT option_index::int AS "optionIndex" FROM poll_votes
              WHERE poll_id = ${pollId} AND user_id = ${req.user.id}`,
        )
      : []
    return Response.json({ pollId, myVote: row ? Number(row.optionIndex) : null })
  },
}
