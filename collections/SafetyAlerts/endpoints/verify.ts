import { ALERT_MESSAGES } from '@/rules/safetyAlerts'
import { inTransaction, query, sql } from '@/server/database/db'
import { Refusal, refuse } from '@/server/http/requests'
import { command } from '@collections/shared/command'
import { viewOfAlert } from '@collections/SafetyAlerts/alertView'

/**
 * safety.verify: an editor verifies an alert. The row is locked first, so two editors verifying
 * at once verify it once (and its followers hear of it once).
 */
export const verifyAlertEndpoint = command('safety.verify', async ({ req, params, user }) => {
  try {
    const doc = await inTransaction(req, async () => {
      const [row] = await query<{ verified_at: string | null }>(
        req,
        sql`SELECT verified_at FROM safety_alerts WHERE id = ${params.id} FOR UPDATE`,
      )
      if (!row) throw new Refusal(404, ALERT_MESSAGES.notFound)
      if (row.verified_at) throw new Refusal(409, ALERT_MESSAGES.alreadyVerified)
      return req.payload.update({
        collection: 'safety-alerts',
        id: params.id,
        data: { verifiedAt: new Date().toISOString(), verifiedBy: Number(user!.id) },
        req,
        overrideAccess: true,
        depth: 0,
      })
    })
    return viewOfAlert(doc)
  } catch (error) {
    if (error instanceof Refusal) return refuse(error.status, error.message)
    throw error
  }
})
