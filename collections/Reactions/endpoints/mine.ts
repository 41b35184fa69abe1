import type { PayloadRequest } from 'payload'

import type { ReactionTargetKind } from '@/rules/targets'
import { query, sql } from '@/server/database/db'
import { reactionTargetsEndpoint } from './summary'

export interface MyReaction {
  targetId: number
  emoji: string
}

/**
 * GET /api/reactions/mine?targetKind=review&ids=1,2,3 → {targetKind, mine: [{targetId, emoji}]}:
 * the asker's own emoji on these targets (none for a visitor), one query on the unique
 * (target_kind, target_id, user_id) index. Islands read the counts, the same for everyone, from
 * GET /api/reactions/summary without the session (the shared cache) and only this with it.
 */
export const myReactions = reactionTargetsEndpoint('/mine', async (req, kind, ids) =>
  Response.json({ targetKind: kind, mine: await reactionsOf(req, kind, ids) }),
)

/** The signed-in asker's own emoji on these targets (none for a visitor). */
export async function reactionsOf(
  req: PayloadRequest,
  kind: ReactionTargetKind,
  ids: number[],
): Promise<MyReaction[]> {
  if (!req.user || !ids.length) return []
  return query<MyReaction>(
    req,
    sql`SELECT target_id::int AS "targetId", emoji FROM reactions
        WHERE target_kind = ${kind} AND target_id IN ${ids} AND user_id = ${req.user.id}`,
  )
}
