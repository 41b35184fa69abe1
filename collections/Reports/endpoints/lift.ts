import type { Endpoint } from 'payload'

import { liftSchema } from '@/schemas/report'
import { inTransaction } from '@/server/database/db'
import { readJson, refuse } from '@/server/http/requests'
import { isStaffUser } from '@collections/access'
import { liftSuspension } from '@collections/Reports/cases'

/**
 * POST /api/reports/lift {member} (editors and admins): ends a member's suspension before its
 * date; the decision is logged like every other.
 */
export const liftCase: Endpoint = {
  path: '/lift',
  method: 'post',
  handler: async (req) => {
    if (!isStaffUser(req.user)) return refuse(403, 'Only editors lift suspensions.')
    const parsed = liftSchema.safeParse(await readJson(req))
    if (!parsed.success) return refuse(400, parsed.error.issues[0]!.message)
    const editor = req.user!.id as number
    const lifted = await inTransaction(req, () => liftSuspension(req, parsed.data.member, editor))
    if (!lifted) return refuse(409, 'That member is not suspended.')
    return Response.json({ message: 'Suspension lifted.' })
  },
}
