import { MAIL_TEXT } from '@/rules/notificationPrefs'
import { ok, refusal } from './calls'
import { text, type FormHandler } from './types'

/** The unsubscribe page's button: that kind of mail off (or back on), no sign-in needed. */
export const unsubscribe: FormHandler = async ({ fields, call }) => {
  const token = text(fields, 'token')
  const on = text(fields, 'on') === 'true'
  const answer = await call('POST', '/api/mails/unsubscribe', { token, on })
  if (!ok(answer)) return refusal(answer, MAIL_TEXT.forgedLink)
  return {
    redirect: `/unsubscribe?t=${encodeURIComponent(token)}&done=${on ? 'on' : 'off'}`,
  }
}
