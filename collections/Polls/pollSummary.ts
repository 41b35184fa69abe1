import type { PayloadRequest } from 'payload'

import { countsPerOption } from '@/rules/polls'
import { query, sql } from '@/server/database/db'

export interface PollSummary {
  pollId: number
  /** Votes per option, in option order. */
  counts: number[]
  total: number
  /** The asking user's choice, or null (also for visitors). */
  myVote: number | null
}

/** Counts per option and the asker's own vote from one aggregate over poll_votes. */
export async function pollSummary(
  req: PayloadRequest,
  pollId: number,
  optionCount: number,
): Promise<PollSummary> {
  const me = req.user?.id ?? null
  const rows = await query<{ optionIndex: number; votes: number; mine: boolean | null }>(
    req,
    sql`SELECT option_index AS "optionIndex", count(*)::int AS votes,
               bool_or(user_id = ${me}) AS mine
        FROM poll_votes WHERE poll_id = ${pollId}
        GROUP BY option_index`,
  )
  const counts = countsPerOption(
    rows.map((r) => ({ optionIndex: Number(r.optionIndex), votes: Number(r.votes) })),
    optionCount,
  )
  const mine = rows.find((r) => r.mine === true)
  return {
    pollId,
    counts,
    total: counts.reduce((sum, n) => sum + n, 0),
    myVote: mine ? Number(mine.optionIndex) : null,
  }
}
