import type { PayloadRequest } from 'payload'

import { REACTION_TARGETS, REACTION_TARGET_KINDS } from '@/rules/targets'
import { query, sql, tableName } from '@/server/database/db'

/**
 * The private traces of an account: what only it and the site see, or what stands for it alone.
 * Its notifications and queued e-mails, badges, follows, poll votes, reports it filed, and its
 * reactions and RSVPs, whose counts on what they were given to drop in the same statement (a
 * data-modifying CTE: the counts see the rows as they were before the delete).
 */
export async function removePrivateTraces(req: PayloadRequest, userId: number): Promise<void> {
  for (const kind of REACTION_TARGET_KINDS) {
    const table = sql.raw(`"${tableName(REACTION_TARGETS[kind].collection)}"`)
    await query(
      req,
      sql`WITH gone AS (
            DELETE FROM reactions WHERE user_id = ${userId} AND target_kind = ${kind}
            RETURNING target_id)
          UPDATE ${table} t SET reaction_count = greatest(coalesce(t.reaction_count, 0) - g.n, 0)
            FROM (SELECT target_id, count(*) AS n FROM gone GROUP BY target_id) g
           WHERE t.id = g.target_id`,
    )
  }
  await query(
    req,
    sql`WITH gone AS (DELETE FROM event_rsvps WHERE user_id = ${userId} RETURNING event_id, status)
        UPDATE events e SET
               attending_count = greatest(coalesce(e.attending_count, 0) - g.attending, 0),
               interested_count = greatest(coalesce(e.interested_count, 0) - g.interested, 0)
          FROM (SELECT event_id,
                       count(*) FILTER (WHERE status = 'attending') AS attending,
                       count(*) FILTER (WHERE status = 'interested') AS interested
                  FROM gone GROUP BY event_id) g
         WHERE e.id = g.event_id`,
  )
  for (const table of [
    'notifications',
    'mails',
    'user_badges',
    'poll_votes',
    'follows',
    'push_subscriptions',
  ]) {
    await query(req, sql`DELETE FROM ${sql.raw(table)} WHERE user_id = ${userId}`)
  }
  await query(req, sql`DELETE FROM reports WHERE reporter_id = ${userId}`)
}
