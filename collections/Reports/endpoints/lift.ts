import type { Endpoint } from 'payload'

import { liftSchema } from '@/schemas/report'
import { inTransaction } from '@/server/database/db'
import { refuse } from '@/server/http/requests'
import { staffWrite } from '@collections/shared/memberWrite'
import { liftSuspension } from '@collections/Reports/cases'

/**
 * POST /api/reports/lift {member} (editors and admins): ends a member's suspension before its
 * date; the decision is logged like every other.
 */
export const liftCase: Endpoint = {
  path: '/lift',
  method: 'post',
  handler: staffWrite('Only editors lift suspensions.', liftSchema, async (req, editor, body) => {
    const lifted = await inTransaction(req, () => liftSuspension(req, body.member, editor))
    if (!lifted) return refuse(409, 'That member is not suspended.')
    return Response.json({ message: 'Suspension lifted.' })
  }),
}
