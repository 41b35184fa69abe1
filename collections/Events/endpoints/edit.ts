import { command } from '@collections/shared/command'
import { editOwnPost } from '@collections/shared/editOwnPost'
import { eventData } from './eventData'

/**
 * events.edit: the author (or staff) changes an event or calls it off; the collection's access
 * says who may, its hooks tell those going once.
 */
export const editEvent = editOwnPost('events.edit', 'events', {
  data: eventData,
  answer: (doc) => ({ doc: { ...doc } }),
})

export const editEventEndpoint = command('events.edit', editEvent)
