import { MODERATION_TEXT, reachesThreshold, reportWeight } from '@/rules/moderation'
import { canBeHidden } from '@/rules/targets'
import { inTransaction, query, sql } from '@/server/database/db'
import { refuse } from '@/server/http/requests'
import { command } from '@collections/shared/command'
import { hideItem, lockTarget } from '@collections/Reports/cases'

type Outcome = 'gone' | 'own' | 'already' | 'sent'

/**
 * reports.send: one report per member per item. Three statements (the item locked and read, the
 * report, the open reports' weight), then the hide when the weight reaches the threshold. The
 * lock makes reports of one item go one at a time, so five at once hide it once and log it once.
 */
export const sendReport = command('reports.send', async ({ req, input, user }) => {
  const { targetKind: kind, targetId: id, reason, note } = input
  const reporter = user!
  // A private message is reported from its conversation, by one of its two members only.
  if (kind === 'message') return refuse(404, MODERATION_TEXT.gone)
  const weight = reportWeight(reporter)

  const outcome = await inTransaction(req, async (): Promise<Outcome> => {
    const target = await lockTarget(req, kind, id)
    if (!target || target.hidden) return 'gone'
    if (target.owner === reporter.id) return 'own'
    const inserted = await query<{ id: number }>(
      req,
      sql`INSERT INTO reports (target_kind, target_id, reporter_id, reason, note, weight,
                               neighbourhood_id, status, created_at, updated_at)
          VALUES (${kind}, ${id}, ${reporter.id}, ${reason}, ${note || null}, ${weight},
                  ${target.neighbourhood}, 'open', now(), now())
          ON CONFLICT DO NOTHING RETURNING id`,
    )
    if (!inserted.length) return 'already'
    const [open] = await query<{ weight: number }>(
      req,
      sql`SELECT coalesce(sum(weight), 0)::float AS weight FROM reports
           WHERE target_kind = ${kind} AND target_id = ${id} AND status = 'open'`,
    )
    if (canBeHidden(kind) && reachesThreshold(open?.weight ?? 0)) {
      await hideItem(req, { kind, id, target, editor: null })
    }
    return 'sent'
  })

  if (outcome === 'gone') return refuse(404, MODERATION_TEXT.gone)
  if (outcome === 'own') return refuse(403, MODERATION_TEXT.own)
  if (outcome === 'already') return refuse(409, MODERATION_TEXT.already)
  return { message: MODERATION_TEXT.thanks }
})
