import { errorMessage } from '@/rules/apiErrors'
import { wallTimeToIso } from '@/rules/eventTime'
import { MESSAGES } from '@/rules/messages'
import { eventSchema } from '@/schemas/event'
import { sendCommand, upload, viewer } from './calls'
import { file, id, text, type FormHandler } from './types'

/**
 * 'Create An Event' (the date and time are London wall-clock time, as the form says), its image
 * included; back to the events list with 'Event posted.'. With an `id` it is the author's
 * 'Update Event' (the image stays unless a new one is chosen), back with 'Event updated.'.
 */
export const event: FormHandler = async ({ fields, page, call }) => {
  const editing = id(fields, 'id')
  const failed = editing ? 'Failed to update event.' : 'Failed to post event.'
  if (!(await viewer(call))) return { error: MESSAGES.mustBeLoggedInToPost }
  const input = {
    title: text(fields, 'title'),
    description: text(fields, 'description'),
    eventDate: wallTimeToIso(text(fields, 'when')) ?? '',
    location: text(fields, 'location'),
    tags: text(fields, 'tags'),
    isPublic: fields.has('isPublic'),
    ...(editing ? { cancelled: fields.has('cancelled') } : {}),
  }
  // Checked before the image goes up, with the command's own schema.
  const parsed = eventSchema.safeParse(input)
  if (!parsed.success) return { error: parsed.error.issues[0]!.message }
  const chosen = file(fields, 'image')
  let image: number | undefined
  if (chosen) {
    const uploaded = await upload(call, chosen, 'event-image', input.title)
    if (typeof uploaded !== 'number') return uploaded
    image = uploaded
  }
  const neighbourhood = id(fields, 'neighbourhood')
  const answer = editing
    ? await sendCommand(
        call,
        'events.edit',
        { ...input, ...(image ? { image } : {}) },
        { id: editing },
      )
    : await sendCommand(call, 'events.post', {
        ...input,
        image: image ?? null,
        ...(neighbourhood ? { neighbourhood } : {}),
      })
  if (answer.status === 401 || (!editing && answer.status === 403))
    return { error: MESSAGES.mustBeLoggedInToPost }
  if (answer.status >= 400)
    return {
      error: answer.status < 500 ? `${failed} ${errorMessage(answer.body, '')}`.trim() : failed,
    }
  const back = new URL(page)
  back.searchParams.delete('edit')
  return {
    redirect: back.pathname + back.search,
    flash: editing ? 'Event updated.' : 'Event posted.',
  }
}
