import { MAIL_KINDS, MAIL_TEXT, NOTIFICATION_KINDS } from '@/rules/notificationPrefs'
import { PUSH_TEXT } from '@/rules/push'
import { SETTINGS_TEXT } from '@/rules/settings'
import { pushDeviceSchema, pushStateSchema } from '@/schemas/push'
import { z } from '@/schemas/zod'
import { defineContract } from './contract'

/**
 * A member's own data: the download of it, the account's deletion, the e-mails' unsubscribe link
 * and the devices that get pushes. The handlers are collections/Users/settings,
 * collections/Mails/unsubscribe and collections/PushSubscriptions/device.ts.
 */

const message = z.object({ message: z.string() })
const several = (...messages: string[]) => messages.join(' | ')

export const exportOwnData = defineContract({
  method: 'GET',
  path: '/api/users/me/export',
  summary: "Download the account's own data (a JSON file, as an attachment)",
  tag: 'ownData',
  caller: 'signed-in',
  signIn: SETTINGS_TEXT.signInFirst,
  input: z.object({}),
  output: z.looseObject({
    exportedAt: z.iso.datetime(),
    profile: z.looseObject({ id: z.number().int() }),
    /** The kinds of data with more than the file holds. */
    truncated: z.array(z.string()),
    data: z.record(z.string(), z.array(z.looseObject({}))),
    conversations: z.array(z.looseObject({})),
  }),
  cache: 'private',
})

export const deleteOwnAccount = defineContract({
  method: 'POST',
  path: '/api/users/me/delete',
  summary:
    'Delete the account: {password}; or, for an account made by external sign-in, {} mails a link whose page posts {token}',
  tag: 'ownData',
  caller: 'signed-in',
  signIn: SETTINGS_TEXT.signInFirst,
  input: z.object({ password: z.string().optional(), token: z.string().optional() }),
  output: message,
  accepted: {
    description: 'A link to delete the account was mailed to its confirmed address',
    output: message,
  },
  refusals: {
    400: several(
      SETTINGS_TEXT.passwordRequired,
      SETTINGS_TEXT.wrongPassword,
      SETTINGS_TEXT.linkInvalid,
      SETTINGS_TEXT.confirmEmailFirst,
    ),
    403: SETTINGS_TEXT.linkOtherAccount,
  },
})

export const mailUnsubscribe = defineContract({
  method: 'POST',
  path: '/api/mails/unsubscribe',
  summary:
    "Turn one kind of e-mail off (or back on) with the link's signed token; no sign-in. Mail clients' one-click form post (?t=TOKEN, RFC 8058) turns it off too",
  tag: 'mails',
  caller: 'anyone',
  input: z.object({ token: z.string(), on: z.boolean().optional() }),
  output: message.extend({ kind: z.enum(MAIL_KINDS), on: z.boolean() }),
  refusals: { 400: MAIL_TEXT.forgedLink, 404: MAIL_TEXT.forgedLink, 410: MAIL_TEXT.expiredLink },
})

const kinds = z.object({ kinds: z.array(z.enum(NOTIFICATION_KINDS)) })

export const pushDevice = defineContract({
  method: 'PUT',
  path: '/api/push-subscriptions/device',
  summary: 'This device gets pushes of these kinds (none: it is forgotten)',
  tag: 'push',
  caller: 'signed-in',
  signIn: PUSH_TEXT.loginFirst,
  input: pushDeviceSchema,
  output: kinds,
  refusals: {
    400: several(
      PUSH_TEXT.malformed,
      PUSH_TEXT.badEndpoint,
      PUSH_TEXT.badKeys,
      PUSH_TEXT.unknownKind,
    ),
    403: PUSH_TEXT.otherAccount,
  },
})

export const pushDeviceState = defineContract({
  method: 'POST',
  path: '/api/push-subscriptions/device/state',
  summary: 'Which kinds this device (its push endpoint) gets for the signed-in member',
  tag: 'push',
  caller: 'signed-in',
  signIn: PUSH_TEXT.loginFirst,
  input: pushStateSchema,
  output: kinds,
})
