import type { PayloadRequest } from 'payload'

import { REACTION_TARGETS, toggleOutcome, type ReactionTargetKind } from '@/rules/targets'
import { afterCommit } from '@/server/database/afterCommit'
import { announceApiChanges } from '@/server/http/apiChanges'
import {
  COUNTED_AT,
  columnName,
  inTransaction,
  lockRow,
  query,
  sql,
  tableName,
} from '@/server/database/db'
import { actorName, notify } from '@collections/Notifications/notify'
import { publish } from '@/server/services/realtime'
import { command } from '@collections/shared/command'
import { refuse } from '@/server/http/requests'
import { reactionTarget } from '@/data/targets'
import { summarise } from './summary'
import { announceStalePages } from '@/server/site/siteRevision'
import { PAGES_ORDERED_BY_REACTIONS } from '@collections/shared/stalePages'

/** reactions.toggle: SPEC §4 toggle, race-free. */
export const toggleReaction = command('reactions.toggle', async ({ req, input, user }) => {
  const { targetKind: kind, targetId, emoji } = input
  const userId = user!.id

  const target = await reactionTarget(req, kind, targetId)
  if (!target) return refuse(404, 'Not found.')
  if (target.closed) return refuse(403, target.closed)

  const { countedAt, ...result } = await inTransaction(req, async () => {
    // One writer per target at a time: the toggle reads the user's row and the recount reads
    // everyone's, so both must see the writes of whoever went before.
    await lockRow(req, tableName(REACTION_TARGETS[kind].collection), targetId)
    const [existing] = await query<{ id: number; emoji: typeof emoji }>(
      req,
      sql`SELECT id, emoji FROM reactions
          WHERE target_kind = ${kind} AND target_id = ${targetId} AND user_id = ${userId}`,
    )
    const outcome = toggleOutcome(existing?.emoji ?? null, emoji)
    if (outcome.action === 'remove') {
      await query(req, sql`DELETE FROM reactions WHERE id = ${existing!.id}`)
    } else if (outcome.action === 'replace') {
      await query(
        req,
        sql`UPDATE reactions SET emoji = ${emoji}, updated_at = now() WHERE id = ${existing!.id}`,
      )
    } else {
      await query(
        req,
        sql`INSERT INTO reactions (target_kind, target_id, user_id, emoji, created_at, updated_at)
            VALUES (${kind}, ${targetId}, ${userId}, ${emoji}, now(), now())`,
      )
    }
    const countedAt = await recount(req, kind, targetId)
    await announceApiChanges(req, ['reactions'])
    await announceStalePages(req, PAGES_ORDERED_BY_REACTIONS[kind] ?? [])
    if (outcome.action !== 'remove') {
      await notify(req, {
        recipient: target.owner,
        type: 'reaction',
        referenceId: targetId,
        link: target.link,
        message: `${actorName(req)} reacted to your ${REACTION_TARGETS[kind].noun}.`,
      })
    }
    const [summary] = await summarise(req, kind, [targetId])
    return {
      targetKind: kind,
      targetId,
      mine: outcome.next,
      counts: summary!.counts,
      total: summary!.total,
      countedAt,
    }
  })

  afterCommit(req, () =>
    publish(target.channel, 'reaction.changed', {
      targetKind: kind,
      targetId,
      counts: result.counts,
      total: result.total,
      countedAt,
    }),
  )
  return result
})

/**
 * Keeps the target's reactionCount (used for sorting, e.g. discussions) in the same transaction;
 * answers when it counted (COUNTED_AT, under the target's lock).
 */
async function recount(req: PayloadRequest, kind: ReactionTargetKind, targetId: number) {
  const table = sql.raw(`"${tableName(REACTION_TARGETS[kind].collection)}"`)
  const column = sql.raw(`"${columnName('reactionCount')}"`)
  const [row] = await query<{ countedAt: string }>(
    req,
    sql`UPDATE ${table} SET ${column} = (SELECT count(*) FROM reactions
         WHERE target_kind = ${kind} AND target_id = ${targetId}) WHERE id = ${targetId}
        RETURNING ${COUNTED_AT} AS "countedAt"`,
  )
  return Number(row?.countedAt ?? 0)
}
