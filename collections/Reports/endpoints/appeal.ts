import { MODERATION_TEXT } from '@/rules/moderation'
import { inTransaction, query, sql } from '@/server/database/db'
import { refuse } from '@/server/http/requests'
import { lockTarget } from '@collections/Reports/cases'
import { command } from '@collections/shared/command'

type Outcome = 'gone' | 'not-yours' | 'not-hidden' | 'already' | 'sent'

/**
 * reports.appeal: the author of a hidden item asks once for a review; the note goes to the
 * editors' queue beside the case. Suspended members may ask too (it is how they are heard).
 */
export const appealCase = command('reports.appeal', async ({ req, input, user }) => {
  const { targetKind: kind, targetId: id, note } = input
  const me = user!.id
  const outcome = await inTransaction(req, async (): Promise<Outcome> => {
    const target = await lockTarget(req, kind, id)
    if (!target) return 'gone'
    if (target.owner !== me) return 'not-yours'
    if (!target.hidden) return 'not-hidden'
    const updated = await query<{ id: number }>(
      req,
      sql`UPDATE moderation_actions SET appeal = ${note || '(no note)'}, appealed_at = now(),
                 updated_at = now()
           WHERE id = (SELECT id FROM moderation_actions
                        WHERE target_kind = ${kind} AND target_id = ${id} AND action = 'hidden'
                        ORDER BY created_at DESC LIMIT 1)
             AND appealed_at IS NULL
       RETURNING id`,
    )
    return updated.length ? 'sent' : 'already'
  })
  if (outcome === 'gone') return refuse(404, MODERATION_TEXT.gone)
  if (outcome === 'not-yours') return refuse(403, MODERATION_TEXT.notYours)
  if (outcome === 'not-hidden') return refuse(409, MODERATION_TEXT.notHidden)
  if (outcome === 'already') return refuse(409, MODERATION_TEXT.appealedAlready)
  return { message: MODERATION_TEXT.appealSent }
})
