import { MESSAGES } from '@/rules/messages'
import { ALERT_MESSAGES } from '@/rules/safetyAlerts'
import { safetyAlertSchema } from '@/schemas/safetyAlert'
import { alertHref, alertInput } from '@/views/safetyAlert'
import { ok, refusal, schemaRefusal, sendCommand, viewer } from './calls'
import type { FormHandler } from './types'

export const RAISE_TEXT = {
  raised: 'Thank you. An editor will verify your alert before neighbours are told.',
  raisedVerified: 'Alert raised and verified.',
} as const

/**
 * 'Raise an alert' (when is London wall-clock time, as the form says): the same command as the
 * island, then the alert's own page.
 */
export const raiseAlert: FormHandler = async ({ fields, call }) => {
  if (!(await viewer(call))) return { error: MESSAGES.mustBeLoggedIn }
  const input = alertInput(fields)
  const parsed = safetyAlertSchema.safeParse(input)
  if (!parsed.success) return schemaRefusal(parsed.error)
  const answer = await sendCommand(call, 'safety.raise', input)
  if (!ok(answer)) return refusal(answer, ALERT_MESSAGES.raiseFailed)
  const alert = answer.body as { id: number; verifiedAt: string | null }
  return {
    redirect: alertHref(alert.id),
    flash: alert.verifiedAt ? RAISE_TEXT.raisedVerified : RAISE_TEXT.raised,
  }
}
