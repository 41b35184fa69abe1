import { z } from './zod'

import { NOTIFICATION_KINDS } from '@/rules/notificationPrefs'
import { PUSH_ENDPOINT_MAX, PUSH_TEXT } from '@/rules/push'

const base64url = (bytes: number) =>
  z
    .string({ message: PUSH_TEXT.badKeys })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { message: PUSH_TEXT.badKeys })
    // Unpadded base64url of n bytes is ceil(4n/3) characters.
    .refine((s) => s.replace(/=+$/, '').length === Math.ceil((bytes * 4) / 3), {
      message: PUSH_TEXT.badKeys,
    })

/** A browser's PushSubscription as `toJSON()` gives it (expirationTime may come along). */
export const pushSubscriptionSchema = z.object(
  {
    endpoint: z
      .string({ message: PUSH_TEXT.malformed })
      .max(PUSH_ENDPOINT_MAX, { message: PUSH_TEXT.badEndpoint })
      .url({ message: PUSH_TEXT.badEndpoint }),
    expirationTime: z.number().nullish(),
    keys: z.object(
      // An uncompressed P-256 point (65 bytes) and the 16-byte authentication secret.
      { p256dh: base64url(65), auth: base64url(16) },
      { message: PUSH_TEXT.malformed },
    ),
  },
  { message: PUSH_TEXT.malformed },
)

const kinds = z
  .array(z.enum(NOTIFICATION_KINDS, { message: PUSH_TEXT.unknownKind }), {
    message: PUSH_TEXT.unknownKind,
  })
  .max(NOTIFICATION_KINDS.length, { message: PUSH_TEXT.unknownKind })

/**
 * PUT /api/push-subscriptions/device: this device's subscription and the kinds it gets pushed
 * (none: the device gets nothing and is forgotten). `user`, when sent, must be the member.
 */
export const pushDeviceSchema = z.object({
  subscription: pushSubscriptionSchema,
  kinds,
  user: z.union([z.number(), z.string()]).optional(),
})
export type PushDevice = z.infer<typeof pushDeviceSchema>

/** POST /api/push-subscriptions/device/state: which kinds this device (its endpoint) gets. */
export const pushStateSchema = z.object({
  endpoint: z.string({ message: PUSH_TEXT.malformed }).max(PUSH_ENDPOINT_MAX).min(1),
})
