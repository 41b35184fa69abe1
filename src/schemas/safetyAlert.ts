import { z } from './zod'

import { parseDateInput } from '@/rules/dates'
import { MESSAGES } from '@/rules/messages'
import { findPrivateDetail, PRIVATE_DETAIL_MESSAGES } from '@/rules/privateDetails'
import { ALERT_CATEGORIES, ALERT_MESSAGES as TEXT } from '@/rules/safetyAlerts'
import { relationId, requiredText } from './common'

/** A clock a little ahead of ours still says 'now', not the future. */
const CLOCK_SLACK_MS = 5 * 60 * 1000

/** A number, or the text a form field sends; an empty field is no value. */
const coordinate = (limit: number) =>
  z.preprocess(
    (value) => (value === '' ? null : typeof value === 'string' ? Number(value) : value),
    z.number({ error: TEXT.place }).min(-limit, TEXT.place).max(limit, TEXT.place).nullish(),
  )

/**
 * A safety alert as a member raises it (and an editor writes it in the admin): the rules beside
 * each field; the place, when given, is checked against the neighbourhood and rounded on the
 * server.
 */
export const safetyAlertSchema = z
  .object({
    neighbourhood: relationId(MESSAGES.neighbourhoodNotFound),
    category: z.enum(ALERT_CATEGORIES, { error: TEXT.category }),
    title: requiredText(TEXT.title, 100, TEXT.titleTooLong),
    body: requiredText(TEXT.body, 1_000, TEXT.bodyTooLong),
    happenedAt: z.union([z.string(), z.date()], { error: TEXT.when }).transform((value, ctx) => {
      const date = parseDateInput(value)
      if (!date) {
        ctx.addIssue({ code: 'custom', message: TEXT.when })
        return z.NEVER
      }
      if (date.getTime() > Date.now() + CLOCK_SLACK_MS) {
        ctx.addIssue({ code: 'custom', message: TEXT.future })
        return z.NEVER
      }
      return date.toISOString()
    }),
    latitude: coordinate(90),
    longitude: coordinate(180),
  })
  .superRefine((alert, ctx) => {
    const detail = findPrivateDetail(alert.title, alert.body)
    if (detail)
      ctx.addIssue({
        code: 'custom',
        message: PRIVATE_DETAIL_MESSAGES[detail],
        path: [findPrivateDetail(alert.title) ? 'title' : 'body'],
      })
    if ((alert.latitude == null) !== (alert.longitude == null))
      ctx.addIssue({ code: 'custom', message: TEXT.place, path: ['latitude'] })
  })

export type SafetyAlertInput = z.input<typeof safetyAlertSchema>
