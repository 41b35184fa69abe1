import type { PayloadRequest } from 'payload'

import type { OutputOf } from '@/contracts/contract'
import type { reactionSummary as summaryContract } from '@/contracts/reactions'
import { REACTION_TARGETS, type EmojiName, type ReactionTargetKind } from '@/rules/targets'
import { query, sql } from '@/server/database/db'
import { command } from '@collections/shared/command'

export type ReactionSummary = OutputOf<typeof summaryContract>['summaries'][number]

/** Counts per emoji (and the caller's own emoji) for many targets in one query each. */
export async function summarise(
  req: PayloadRequest,
  kind: ReactionTargetKind,
  ids: number[],
): Promise<ReactionSummary[]> {
  const rows = ids.length
    ? await query<{ target_id: number; emoji: string; count: number }>(
        req,
        sql`SELECT target_id::int AS target_id, emoji, count(*)::int AS count FROM reactions
            WHERE target_kind = ${kind} AND target_id IN ${ids}
            GROUP BY target_id, emoji`,
      )
    : []
  const mine =
    req.user && ids.length
      ? await query<{ target_id: number; emoji: EmojiName }>(
          req,
          sql`SELECT target_id::int AS target_id, emoji FROM reactions
              WHERE target_kind = ${kind} AND target_id IN ${ids} AND user_id = ${req.user.id}`,
        )
      : []
  return ids.map((targetId) => {
    const counts = Object.fromEntries(REACTION_TARGETS[kind].emojis.map((e) => [e, 0]))
    for (const row of rows) if (row.target_id === targetId) counts[row.emoji] = row.count
    return {
      targetId,
      counts,
      total: Object.values(counts).reduce((a, b) => a + b, 0),
      mine: mine.find((m) => m.target_id === targetId)?.emoji ?? null,
    }
  })
}

/** reactions.summary: counts per emoji on many targets of one kind. */
export const reactionSummary = command('reactions.summary', async ({ req, input }) => ({
  targetKind: input.targetKind,
  summaries: await summarise(req, input.targetKind, input.ids),
}))
