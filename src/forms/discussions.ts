import type { Contracts } from '@/contracts'
import type { OutputOf } from '@/contracts/contract'
import { normaliseTags } from '@/rules/tags'
import { discussionSchema } from '@/schemas/discussion'
import { DISCUSSION_TEXT, discussionHref } from '@/views/discussion'
import { ok, refusal, schemaRefusal, sendCommand, viewer } from './calls'
import { id, text, type FormHandler, type FormRefusal } from './types'

/** The schema's first problem, beside its field. */
function checked(
  fields: FormData,
): FormRefusal | { title: string; content: string; tags: string[] } {
  const input = {
    title: text(fields, 'title').trim(),
    content: text(fields, 'content').trim(),
    tags: normaliseTags(text(fields, 'tags')),
  }
  const parsed = discussionSchema.safeParse(input)
  if (parsed.success) return input
  return schemaRefusal(parsed.error)
}

/** 'New Discussion': then its own page, as the island goes there. */
export const discussion: FormHandler = async ({ fields, call }) => {
  if (!(await viewer(call))) return { error: DISCUSSION_TEXT.loginToPost }
  const input = checked(fields)
  if ('error' in input) return input
  const answer = await sendCommand(call, 'discussions.post', {
    ...input,
    neighbourhood: id(fields, 'neighbourhood'),
  })
  if (!ok(answer)) return refusal(answer, DISCUSSION_TEXT.postFailed)
  const created = (answer.body as OutputOf<Contracts['discussions.post']>).doc.id
  return { redirect: discussionHref(created), flash: DISCUSSION_TEXT.posted }
}

/** The author's Edit (title and text): back to the discussion with the island's toast. */
export const editDiscussion: FormHandler = async ({ fields, call }) => {
  const discussionId = id(fields, 'id')
  if (discussionId === null) return { error: DISCUSSION_TEXT.notFound }
  if (!(await viewer(call))) return { error: DISCUSSION_TEXT.loginToPost }
  const title = text(fields, 'title').trim()
  const content = text(fields, 'content').trim()
  const parsed = discussionSchema.pick({ title: true, content: true }).safeParse({ title, content })
  if (!parsed.success) return schemaRefusal(parsed.error)
  const answer = await sendCommand(
    call,
    'discussions.edit',
    { title, content },
    { id: discussionId },
  )
  if (!ok(answer)) return refusal(answer, DISCUSSION_TEXT.updateFailed)
  return { redirect: discussionHref(discussionId), flash: DISCUSSION_TEXT.updated }
}
