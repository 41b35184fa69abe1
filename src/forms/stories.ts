import { MESSAGES } from '@/rules/messages'
import { normaliseTags } from '@/rules/tags'
import { storySchema } from '@/schemas/story'
import { storyHref } from '@/views/story'
import { ok, schemaRefusal, sendCommand, upload, viewer } from './calls'
import { file, id, text, type FormHandler } from './types'
import { errorMessage } from '@/rules/apiErrors'
import type { Contracts } from '@/contracts'
import type { OutputOf } from '@/contracts/contract'

/** 'Share Your Story', its image included; then the new story's page, as the island goes. */
export const story: FormHandler = async ({ fields, call }) => {
  const failed = (detail: string) => ({ error: `${MESSAGES.storySubmitFailed} ${detail}` })
  const input = {
    neighbourhood: id(fields, 'neighbourhood'),
    title: text(fields, 'title'),
    description: text(fields, 'description'),
    tags: normaliseTags(text(fields, 'tags')),
    isPublic: fields.has('isPublic'),
  }
  const parsed = storySchema.safeParse({ ...input, image: null })
  if (!parsed.success) return schemaRefusal(parsed.error)
  if (!(await viewer(call))) return failed(MESSAGES.signInToShareStory)
  const chosen = file(fields, 'image')
  let image: number | null = null
  if (chosen) {
    const uploaded = await upload(call, chosen, 'story-image', input.title.trim())
    if (typeof uploaded !== 'number') return { ...uploaded, field: 'image' }
    image = uploaded
  }
  const answer = await sendCommand(call, 'stories.post', { ...parsed.data, image })
  if (!ok(answer)) return failed(errorMessage(answer.body, MESSAGES.storySubmitFailed))
  const { doc } = answer.body as OutputOf<Contracts['stories.post']>
  return { redirect: storyHref(doc.neighbourhood.slug, doc.id) }
}
