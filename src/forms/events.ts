import { errorMessage } from '@/rules/apiErrors'
import { wallTimeToIso } from '@/rules/eventTime'
import { MESSAGES } from '@/rules/messages'
import { eventSchema } from '@/schemas/event'
import { upload, viewer } from './calls'
import { file, id, text, type FormHandler } from './types'

/**
 * 'Create An Event' (the date and time are London wall-clock time, as the form says), its image
 * included; back to the events list with 'Event posted.'.
 */
export const event: FormHandler = async ({ fields, page, call }) => {
  const failed = 'Failed to post event.'
  if (!(await viewer(call))) return { error: MESSAGES.mustBeLoggedInToPost }
  const input = {
    title: text(fields, 'title'),
    description: text(fields, 'description'),
    eventDate: wallTimeToIso(text(fields, 'when')) ?? '',
    location: text(fields, 'location'),
    tags: text(fields, 'tags'),
    isPublic: fields.has('isPublic'),
  }
  const parsed = eventSchema.safeParse(input)
  if (!parsed.success) return { error: parsed.error.issues[0]!.message }
  const chosen = file(fields, 'image')
  let image: number | null = null
  if (chosen) {
    const uploaded = await upload(call, chosen, 'event-image', input.title)
    if (typeof uploaded !== 'number') return uploaded
    image = uploaded
  }
  const neighbourhood = id(fields, 'neighbourhood')
  const answer = await call('POST', '/api/events', {
    ...input,
    image,
    ...(neighbourhood ? { neighbourhood } : {}),
  })
  if (answer.status === 401 || answer.status === 403)
    return { error: MESSAGES.mustBeLoggedInToPost }
  if (answer.status >= 400)
    return {
      error: answer.status < 500 ? `${failed} ${errorMessage(answer.body, '')}`.trim() : failed,
    }
  return { redirect: page.pathname + page.search, flash: 'Event posted.' }
}
