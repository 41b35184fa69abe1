import type { Payload } from 'payload'

import type { ReactionTargetKind } from '@/rules/targets'
import { pgPool } from '@/server/database/db'

/** Counts by emoji name, as a reaction bar shows them. */
export type ReactionCounts = Record<string, number>

/**
 * Reaction counts of targets of one kind, in one aggregate, so the HTML shows them before and
 * without JavaScript (the viewer's own emoji comes from the island). A target without any
 * reaction is absent.
 */
export async function reactionCounts(
  payload: Payload,
  kind: ReactionTargetKind,
  ids: number[],
): Promise<Map<number, ReactionCounts>> {
  const map = new Map<number, ReactionCounts>()
  if (!ids.length) return map
  const { rows } = await pgPool(payload).query<{ id: number; emoji: string; count: number }>(
    `SELECT target_id::int AS id, emoji, count(*)::int AS count FROM reactions
      WHERE target_kind = $1 AND target_id = ANY($2) GROUP BY target_id, emoji`,
    [kind, ids],
  )
  for (const row of rows) map.set(row.id, { ...map.get(row.id), [row.emoji]: row.count })
  return map
}
