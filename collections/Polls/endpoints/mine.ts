import { query, sql } from '@/server/database/db'
import { command } from '@collections/shared/command'

/**
 * polls.mine: the asker's own choice or null (also for visitors), one lookup on the unique
 * (poll_id, user_id) index. Islands read the counts, the same for everyone, from polls.summary
 * without the session (the shared cache) and only this with it. It shows nothing but the asker's
 * own vote, so the poll is not looked up.
 */
export const myVoteEndpoint = command('polls.mine', async ({ req, params }) => {
  const pollId = params.id
  const [row] = req.user
    ? await query<{ optionIndex: number }>(
        req,
        sql`SELECT option_index::int AS "optionIndex" FROM poll_votes
            WHERE poll_id = ${pollId} AND user_id = ${req.user.id}`,
      )
    : []
  return { pollId, myVote: row ? Number(row.optionIndex) : null }
})
