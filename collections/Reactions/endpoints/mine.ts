import type { PayloadRequest } from 'payload'

import type { EmojiName, ReactionTargetKind } from '@/rules/targets'
import { query, sql } from '@/server/database/db'
import { command } from '@collections/shared/command'

export interface MyReaction {
  targetId: number
  emoji: EmojiName
}

/**
 * reactions.mine: the asker's own emoji on these targets (none for a visitor), one query on the
 * unique (target_kind, target_id, user_id) index. Islands read the counts, the same for everyone,
 * from reactions.summary without the session (the shared cache) and only this with it.
 */
export const myReactions = command('reactions.mine', async ({ req, input }) => ({
  targetKind: input.targetKind,
  mine: await reactionsOf(req, input.targetKind, input.ids),
}))

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
