import { z } from './zod'

import { DELIVERIES, EMAIL_TIMINGS, NOTIFICATION_KINDS } from '@/rules/notificationPrefs'
import { SETTINGS_TEXT } from '@/rules/settings'

const delivery = z.enum(DELIVERIES, { message: SETTINGS_TEXT.unknownDelivery })
const timing = z.enum(EMAIL_TIMINGS, { message: SETTINGS_TEXT.unknownTiming })
const digest = z.boolean({ message: SETTINGS_TEXT.unknownDigest })

const kinds = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, delivery])) as Record<
  (typeof NOTIFICATION_KINDS)[number],
  typeof delivery
>

/**
 * The whole Notifications section as the settings form (or an island) sends it in
 * `PATCH /api/users/{id}` `{ notify }`: every kind, the timing and the digest switch.
 */
export const notificationSettingsSchema = z.strictObject({
  ...kinds,
  emailTiming: timing,
  weeklyDigest: digest,
})
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>

/**
 * What the users collection accepts in any write's `notify` (src/schemas/user.ts): each part
 * optional (unset ones read as their default), but never a value that is not a choice.
 */
export const notifyFieldSchema = z
  .object({
    ...Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, delivery.nullish()])),
    emailTiming: timing.nullish(),
    weeklyDigest: digest.nullish(),
  })
  .nullish()
