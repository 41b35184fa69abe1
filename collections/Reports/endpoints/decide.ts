import { DESK_TEXT, isStaffRole, suspensionEnd } from '@/rules/moderation'
import { inTransaction, query, sql } from '@/server/database/db'
import { refuse } from '@/server/http/requests'
import { command } from '@collections/shared/command'
import { hideItem, lockTarget, restoreItem, suspendAuthor } from '@collections/Reports/cases'

/**
 * reports.decide (editors and admins): Hide, Restore, or Suspend the author, for one case or
 * several at once. Every decision is logged; nothing is deleted.
 */
export const decideCases = command('reports.decide', async ({ req, input, user }) => {
  const { cases, action, length } = input
  const editor = Number(user!.id)
  const decided = await inTransaction(req, async () => {
    let count = 0
    for (const { targetKind: kind, targetId: id } of cases) {
      const target = await lockTarget(req, kind, id)
      if (!target) continue
      const d = { kind, id, target, editor }
      if (action === 'hide') await hideItem(req, d, true)
      else if (action === 'restore') await restoreItem(req, d)
      else {
        const [owner] = await query<{ role: string }>(
          req,
          sql`SELECT role FROM users WHERE id = ${target.owner ?? 0}`,
        )
        if (!owner || isStaffRole(owner.role)) continue
        await suspendAuthor(req, d, suspensionEnd(length ?? 'week'))
      }
      count++
    }
    return count
  })
  if (!decided) return refuse(404, DESK_TEXT.nothingToDecide)
  return { decided }
})
