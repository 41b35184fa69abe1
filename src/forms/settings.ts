import { NOTIFICATION_KINDS } from '@/rules/notificationPrefs'
import { DELETE_LINK_PATH, SETTINGS_PATH, SETTINGS_TEXT } from '@/rules/settings'
import { notificationSettingsSchema } from '@/schemas/notificationSettings'
import { signInHref } from '@/views/site'
import { ok, refusal, schemaRefusal, sendCommand, viewer } from './calls'
import { text, type FormHandler, type FormOutcome } from './types'

const signIn = (path: string, search = ''): FormOutcome => ({
  redirect: signInHref(path, search),
  flash: SETTINGS_TEXT.signInFirst,
})

/**
 * Profile → Settings' Notifications: a choice per kind, the e-mail timing and the weekly digest
 * (an unticked box is not sent: off), checked with the island's schema, then
 * `PATCH /api/users/{id}` `{ notify }`, whose own schema refuses anything else.
 */
export const notificationSettings: FormHandler = async ({ fields, call }) => {
  const parsed = notificationSettingsSchema.safeParse({
    ...Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, text(fields, kind)])),
    emailTiming: text(fields, 'emailTiming'),
    weeklyDigest: fields.has('weeklyDigest'),
  })
  if (!parsed.success) return schemaRefusal(parsed.error)
  const user = await viewer(call)
  if (!user) return signIn(SETTINGS_PATH)
  const answer = await sendCommand(call, 'users.update', { notify: parsed.data }, { id: user.id })
  if (!ok(answer)) return refusal(answer, SETTINGS_TEXT.saveFailed)
  return { redirect: SETTINGS_PATH, flash: SETTINGS_TEXT.saved }
}

/**
 * Delete my account: the current password, or for an account made through external sign-in
 * nothing (the server mails a link instead, 202, and the page says where it went).
 */
export const deleteAccount: FormHandler = async ({ fields, call }) => {
  if (!(await viewer(call))) return signIn(SETTINGS_PATH)
  const answer = await call('POST', '/api/users/me/delete', { password: text(fields, 'password') })
  if (answer.status === 202) {
    const message = (answer.body as { message?: unknown } | undefined)?.message
    return { redirect: SETTINGS_PATH, flash: typeof message === 'string' ? message : '' }
  }
  if (!ok(answer)) return { ...refusal(answer, SETTINGS_TEXT.deleteFailed), field: 'password' }
  return { redirect: '/', flash: SETTINGS_TEXT.deleted }
}

/** The page the mailed link opens (/profile/settings/delete?token=…): its Delete button. */
export const confirmAccountDeletion: FormHandler = async ({ fields, page, call }) => {
  const token = text(fields, 'token')
  if (!token) return { error: SETTINGS_TEXT.linkInvalid }
  if (!(await viewer(call))) return signIn(DELETE_LINK_PATH, page.search)
  const answer = await call('POST', '/api/users/me/delete', { token })
  if (!ok(answer)) return refusal(answer, SETTINGS_TEXT.deleteFailed)
  return { redirect: '/', flash: SETTINGS_TEXT.deleted }
}
