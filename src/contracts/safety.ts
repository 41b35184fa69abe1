import { PRIVATE_DETAIL_MESSAGES } from '@/rules/privateDetails'
import { MESSAGES } from '@/rules/messages'
import { ALERT_CATEGORIES, ALERT_MESSAGES } from '@/rules/safetyAlerts'
import { safetyAlertSchema } from '@/schemas/safetyAlert'
import { z } from '@/schemas/zod'
import { defineContract } from './contract'
import { idParams } from './params'

/** An alert as its author and the public see it; the place only as stored, rounded to ≈100 m. */
export const alertView = z.object({
  id: z.number().int(),
  category: z.enum(ALERT_CATEGORIES),
  title: z.string(),
  body: z.string(),
  happenedAt: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  neighbourhood: z.number().int(),
  /** When an editor verified it; null while it is 'Not yet verified'. */
  verifiedAt: z.string().nullable(),
  createdAt: z.string(),
})

/**
 * A member raises an alert in a neighbourhood: at most three a day (removed ones count), no
 * phone number or e-mail address, a place within 2 km of the neighbourhood, stored rounded.
 * It waits for an editor's verification; an editor's own is verified at once.
 */
export const safetyRaise = defineContract({
  method: 'POST',
  path: '/api/safety-alerts/raise',
  summary: 'Raise a safety alert',
  tag: 'safety-alerts',
  caller: 'member',
  signIn: MESSAGES.mustBeLoggedIn,
  input: safetyAlertSchema,
  output: alertView,
  status: 201,
  refusals: {
    400: `${ALERT_MESSAGES.future} Or: ${ALERT_MESSAGES.tooFar} Or: ${PRIVATE_DETAIL_MESSAGES.phone}`,
  },
})

/** An editor verifies an alert: it becomes the neighbourhood's banner and reaches followers. */
export const safetyVerify = defineContract({
  method: 'POST',
  path: '/api/safety-alerts/{id}/verify',
  summary: 'Verify a safety alert (editors)',
  tag: 'safety-alerts',
  caller: 'staff',
  params: idParams,
  input: z.object({}),
  output: alertView,
  refusals: {
    403: ALERT_MESSAGES.editorsOnly,
    404: ALERT_MESSAGES.notFound,
    409: ALERT_MESSAGES.alreadyVerified,
  },
})
