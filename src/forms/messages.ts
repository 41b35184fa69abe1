import { PRIVATE_MESSAGE_TEXT as TEXT, type MessageFrom } from '@/rules/privateMessages'
import type { ReportReason } from '@/rules/moderation'
import { ok, refusal, sendCommand, viewer } from './calls'
import { id, text, type FormHandler } from './types'

/** Signed out, the person signs in and comes back to the page they were on. */
const signInFirst = (page: URL) => ({
  redirect: `/login?next=${encodeURIComponent(page.pathname + page.search)}`,
  flash: TEXT.signIn,
})

/** 'Send' in a conversation: the message, then back to the conversation at its newest (PRG). */
export const messageSend: FormHandler = async ({ fields, page, call }) => {
  const conversation = id(fields, 'conversation')
  if (conversation === null) return { error: TEXT.notFound }
  if (!(await viewer(call))) return signInFirst(page)
  const answer = await sendCommand(
    call,
    'messages.send',
    { text: text(fields, 'text') },
    { id: conversation },
  )
  if (!ok(answer)) return refusal(answer, TEXT.failed)
  return { redirect: `/messages/${conversation}#latest` }
}

/** What the form's hidden field says the conversation is about: a review or a market item. */
function aboutOf(fields: FormData) {
  const review = id(fields, 'review')
  if (review !== null) return { aboutKind: 'review' as const, aboutId: review }
  const item = id(fields, 'item')
  return item === null ? {} : { aboutKind: 'market-item' as const, aboutId: item }
}

/** The first message to a member (from their profile, one of their reviews or items). */
export const conversationStart: FormHandler = async ({ fields, page, call }) => {
  if (!(await viewer(call))) return signInFirst(page)
  const to = id(fields, 'to')
  const answer = await sendCommand(call, 'messages.start', {
    to: to ?? 0,
    text: text(fields, 'text'),
    ...aboutOf(fields),
  })
  const started = answer.body as { id?: number }
  if (!ok(answer) || typeof started.id !== 'number') return refusal(answer, TEXT.failed)
  return { redirect: `/messages/${started.id}#latest` }
}

/** Block or Unblock a member, back to the page it was pressed on. */
export const memberBlock: FormHandler = async ({ fields, page, call }) => {
  if (!(await viewer(call))) return signInFirst(page)
  const blocked = text(fields, 'blocked') === 'true'
  const answer = await sendCommand(call, 'messages.block', {
    user: id(fields, 'user') ?? 0,
    blocked,
  })
  const back = page.pathname + page.search
  if (!ok(answer)) return { redirect: back, flash: refusal(answer, TEXT.failed).error }
  return { redirect: back, flash: blocked ? TEXT.blocked : TEXT.unblocked }
}

/** 'Report this message': into the moderators' queue, back to the conversation. */
export const messageReport: FormHandler = async ({ fields, page, call }) => {
  if (!(await viewer(call))) return signInFirst(page)
  const conversation = id(fields, 'conversation') ?? 0
  const answer = await sendCommand(
    call,
    'messages.report',
    { reason: text(fields, 'reason') as ReportReason, note: text(fields, 'note') },
    { id: conversation, message: id(fields, 'message') ?? 0 },
  )
  const back = page.pathname
  if (!ok(answer)) return { redirect: back, flash: refusal(answer, TEXT.failed).error }
  return { redirect: back, flash: TEXT.reported }
}

/** Settings → Messages: who may start a conversation with the member. */
export const messageSettings: FormHandler = async ({ fields, page, call }) => {
  if (!(await viewer(call))) return signInFirst(page)
  const answer = await sendCommand(call, 'messages.settings', {
    from: text(fields, 'from') as MessageFrom,
  })
  if (!ok(answer)) return refusal(answer, TEXT.failed)
  return { redirect: page.pathname, flash: 'Saved.' }
}
