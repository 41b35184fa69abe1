import { DEVICES_ANCHOR, DEVICES_MESSAGES, isSessionId } from '@/rules/devices'
import { SETTINGS_PATH } from '@/rules/settings'
import { signInHref } from '@/views/site'
import { ok, refusal, sendCommand, viewer } from './calls'
import { text, type FormHandler, type FormOutcome } from './types'

/**
 * Settings → Your devices as plain forms (the page has no island): each button makes the API
 * request an API client would (collections/Users/devices/endpoints.ts), then back to the list.
 */
const DEVICES = `${SETTINGS_PATH}#${DEVICES_ANCHOR}`

const signIn = (): FormOutcome => ({
  redirect: signInHref(SETTINGS_PATH),
  flash: DEVICES_MESSAGES.signInFirst,
})

const messageOf = (body: unknown) => {
  const message = (body as { message?: unknown } | undefined)?.message
  return typeof message === 'string' ? message : undefined
}

/** 'Sign out' beside one session; this device's own signs this browser out (to /login). */
export const sessionSignOut: FormHandler = async ({ fields, call }) => {
  const sid = text(fields, 'sid')
  if (!isSessionId(sid)) return { error: DEVICES_MESSAGES.badSession }
  if (!(await viewer(call))) return signIn()
  const answer = await sendCommand(call, 'sessions.signOut', {}, { sid })
  if (!ok(answer)) return refusal(answer, DEVICES_MESSAGES.failed)
  const signedOut = (answer.body as { signedOut?: unknown } | undefined)?.signedOut === true
  if (signedOut) return { redirect: '/login', flash: DEVICES_MESSAGES.signedOutThis }
  return { redirect: DEVICES, flash: messageOf(answer.body) }
}

/** 'Sign out everywhere else': every session but this one. */
export const sessionsSignOutOthers: FormHandler = async ({ call }) => {
  if (!(await viewer(call))) return signIn()
  const answer = await sendCommand(call, 'sessions.signOutOthers', {})
  if (!ok(answer)) return refusal(answer, DEVICES_MESSAGES.failed)
  return { redirect: DEVICES, flash: messageOf(answer.body) }
}
