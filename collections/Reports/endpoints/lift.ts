import { DESK_TEXT } from '@/rules/moderation'
import { inTransaction } from '@/server/database/db'
import { refuse } from '@/server/http/requests'
import { command } from '@collections/shared/command'
import { liftSuspension } from '@collections/Reports/cases'

/**
 * reports.lift (editors and admins): ends a member's suspension before its date; the decision
 * is logged like every other.
 */
export const liftCase = command('reports.lift', async ({ req, input, user }) => {
  const lifted = await inTransaction(req, () => liftSuspension(req, input.member, Number(user!.id)))
  if (!lifted) return refuse(409, DESK_TEXT.notSuspended)
  return { message: DESK_TEXT.lifted }
})
