import { MESSAGES } from '@/rules/messages'
import { ok, refusal, viewer } from './calls'
import { id, text, type FormHandler } from './types'

/**
 * A reaction button (a small form per bar): toggles the emoji, back to the same page. Signed out,
 * the person is sent to sign in and back, with the spec's message.
 */
export const reaction: FormHandler = async ({ fields, page, call }) => {
  const back = page.pathname + page.search
  if (!(await viewer(call)))
    return {
      redirect: `/login?next=${encodeURIComponent(back)}`,
      flash:
        text(fields, 'targetKind') === 'local-business' ? 'Login to react.' : MESSAGES.loginToReact,
    }
  const answer = await call('POST', '/api/reactions/toggle', {
    targetKind: text(fields, 'targetKind'),
    targetId: id(fields, 'targetId'),
    emoji: text(fields, 'emoji'),
  })
  if (!ok(answer)) return { redirect: back, flash: refusal(answer, 'Reaction failed').error }
  return { redirect: back }
}
