import { ALERT_MESSAGES } from '@/rules/safetyAlerts'
import { alertHref, alertInput } from '@/views/safetyAlert'
import { send } from '@widgets/lib/client'
import { postFormStore, sendPostForm } from '@widgets/lib/postForm'

/** 'Raise an alert' (the neighbourhood's safety page): its send and its refusal. */
export const $alertForm = postFormStore()

/**
 * Raises the alert the form holds with the command the form handler (src/forms/safety.ts) calls
 * without JavaScript; the server's refusal names its field. Nothing is uploaded, so nothing is
 * checked here first. Resolves with the alert's page, or null when refused.
 */
export function submitAlert(fields: FormData): Promise<string | null> {
  return sendPostForm($alertForm, ALERT_MESSAGES.raiseFailed, async () => {
    const alert = await send('safety.raise', alertInput(fields))
    return alertHref(alert.id)
  })
}
