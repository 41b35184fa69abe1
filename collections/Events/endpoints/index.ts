import { rsvpEndpoint } from '@collections/EventRsvps/rsvpEndpoint'
import { command } from '@collections/shared/command'
import { deleteOwnPost } from '@collections/shared/deleteOwnPost'
import { postEventEndpoint } from './create'
import { editEventEndpoint } from './edit'

/** The events' commands, mounted on the collection (/api/events/...). */
export const eventEndpoints = [
  postEventEndpoint,
  editEventEndpoint,
  // The author (or staff) deletes an event; its hooks tell those going.
  command('events.remove', deleteOwnPost('events')),
  rsvpEndpoint,
]
