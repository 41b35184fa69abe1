import { atom } from 'nanostores'

import type { EventView } from '@/views/event'
import { send } from '@widgets/lib/client'
import { toast } from '@widgets/lib/toast'
import { $events, reloadEvents } from './listStore'

/** The events form (SPEC §2 Events, §5): which event it edits, whether it is open, save, delete. */

/** The event being edited (null: the form creates). */
export const $editing = atom<EventView | null>(null)
/** Whether the 'Create An Event' form is open. */
export const $formOpen = atom(false)

/** What the form sends (SPEC §5 event form; the date is already an ISO instant). */
export interface EventInput {
  title: string
  description: string
  eventDate: string
  location: string
  tags: string
  isPublic: boolean
  image: number | null
}

/** The event schema and zod: loaded once the form is used, not with the page. */
export const loadEventSchema = () => import('@/schemas/event')

/** The form's check before anything is sent (SPEC §5): the first problem's message, or null. */
export async function eventProblem(input: Omit<EventInput, 'image'>): Promise<string | null> {
  const { eventSchema } = await loadEventSchema()
  const parsed = eventSchema.safeParse(input)
  return parsed.success ? null : parsed.error.issues[0]!.message
}

/** Creates or updates an event; resolves with the saved event's id, rejects with a message. */
export async function saveEvent(input: EventInput, editing: EventView | null): Promise<number> {
  const neighbourhoodId = $events.get().neighbourhood?.id
  const answer = editing
    ? await send('events.edit', input, { id: editing.id })
    : await send('events.post', {
        ...input,
        ...(neighbourhoodId ? { neighbourhood: neighbourhoodId } : {}),
      })
  void reloadEvents()
  return answer.doc.id
}

export async function deleteEvent(id: number) {
  try {
    await send('events.remove', {}, { id })
    $events.setKey(
      'events',
      $events.get().events.filter((e) => e.id !== id),
    )
    $events.setKey('total', Math.max(0, $events.get().total - 1))
    if ($editing.get()?.id === id) $editing.set(null)
    toast.success('Event deleted.')
  } catch (e) {
    console.warn('Could not delete event', id, e)
    toast.error('Failed to delete event.')
  }
}
