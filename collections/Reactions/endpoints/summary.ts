import type { Endpoint, PayloadRequest } from 'payload'

import { REACTION_TARGET_KINDS, REACTION_TARGETS, type ReactionTargetKind } from '@/rules/targets'
import { query, sql } from '@/server/database/db'
import { refuse } from '@/server/http/requests'

export interface ReactionSummary {
  targetId: number
  counts: Record<string, number>
  total: number
  mine: string | null
}

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
      ? await query<{ target_id: number; emoji: string }>(
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

/** `ids=1,2,3` → up to 200 positive ids. */
function parseTargetIds(raw: string | null): number[] {
  return (raw ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0)
    .slice(0, 200)
}

/** `?targetKind=review&ids=1,2,3` of the summary and the asker's own reactions; a 400 if unknown. */
function readTargets(req: PayloadRequest): { kind: ReactionTargetKind; ids: number[] } | Response {
  const url = new URL(req.url ?? '', 'http://local')
  const kind = url.searchParams.get('targetKind') as ReactionTargetKind
  if (!REACTION_TARGET_KINDS.includes(kind)) return refuse(400, 'Unknown reaction target.')
  return { kind, ids: parseTargetIds(url.searchParams.get('ids')) }
}

/** A GET endpoint about many reaction targets, answered once `?targetKind=&ids=` are read. */
export function reactionTargetsEndpoint(
  path: string,
  answer: (req: PayloadRequest, kind: ReactionTargetKind, ids: number[]) => Promise<Response>,
): Endpoint {
  return {
    path,
    method: 'get',
    handler: async (req) => {
      const targets = readTargets(req)
      return targets instanceof Response ? targets : answer(req, targets.kind, targets.ids)
    },
  }
}

/** GET /api/reactions/summary?targetKind=review&ids=1,2,3 */
export const reactionSummary = reactionTargetsEndpoint('/summary', async (req, kind, ids) =>
  Response.json({ targetKind: kind, summaries: await summarise(req, kind, ids) }),
)
