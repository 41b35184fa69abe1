import { APIError } from 'payload'

import { ALERT_DAY_MS, ALERT_MESSAGES, ALERTS_PER_DAY } from '@/rules/safetyAlerts'
import { inTransaction, query, sql } from '@/server/database/db'
import { Refusal, refuse } from '@/server/http/requests'
import { isStaffUser } from '@collections/access'
import { command } from '@collections/shared/command'
import { viewOfAlert } from '@collections/SafetyAlerts/alertView'

/**
 * safety.raise: the member's alert, after the day's limit. Alerts staff hid still count, so a
 * removed alert cannot be raised again and again; the author's rows are locked first so parallel
 * raises cannot all slip under the limit. The collection's hooks check and round the place.
 */
export const raiseAlertEndpoint = command('safety.raise', async ({ req, input, user }) => {
  const author = Number(user!.id)
  try {
    const doc = await inTransaction(req, async () => {
      await query(req, sql`SELECT pg_advisory_xact_lock(hashtext(${`safety-alerts:${author}`}))`)
      if (!isStaffUser(user)) {
        const since = new Date(Date.now() - ALERT_DAY_MS).toISOString()
        const [raised] = await query<{ count: string }>(
          req,
          sql`SELECT count(*) AS count FROM safety_alerts
               WHERE author_id = ${author} AND created_at > ${since}`,
        )
        if (Number(raised?.count ?? 0) >= ALERTS_PER_DAY)
          throw new Refusal(429, ALERT_MESSAGES.dailyLimit)
      }
      return req.payload.create({
        collection: 'safety-alerts',
        data: input,
        req,
        overrideAccess: true,
        depth: 0,
      })
    })
    return viewOfAlert(doc)
  } catch (error) {
    if (error instanceof APIError)
      // Payload's error shape, with the field the hook named (the place), if any.
      return Response.json(
        { errors: [{ message: error.message, ...(error.data ? { data: error.data } : {}) }] },
        { status: error.status },
      )
    if (error instanceof Refusal) return refuse(error.status, error.message)
    throw error
  }
})
