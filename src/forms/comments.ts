import { MESSAGES } from '@/rules/messages'
import { ok, refusal, sendCommand, viewer } from './calls'
import { id, text, type FormHandler } from './types'

/** A comment or a reply (with `parent`) on a review, story, discussion…; back to the page at it. */
export const comment: FormHandler = async ({ fields, page, call }) => {
  const parent = id(fields, 'parent')
  if (!(await viewer(call)))
    return { error: parent ? MESSAGES.loginToReply : MESSAGES.loginToComment }
  const answer = await sendCommand(call, 'comments.post', {
    targetKind: text(fields, 'targetKind'),
    targetId: id(fields, 'targetId'),
    parent,
    content: text(fields, 'content').trim(),
  })
  if (!ok(answer))
    return refusal(answer, parent ? 'Failed to post reply' : 'Failed to post comment')
  const created = (answer.body as { comment?: { id?: number } } | undefined)?.comment?.id
  return { redirect: `${page.pathname}${page.search}${created ? `#comment-${created}` : ''}` }
}
