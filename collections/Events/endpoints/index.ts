import { rsvpEndpoint } from '@collections/EventRsvps/rsvpEndpoint'
import { postEventEndpoint } from './create'
import { deleteEventEndpoint } from './delete'
import { editEventEndpoint } from './edit'

/** The events' commands, mounted on the collection (/api/events/...). */
export const eventEndpoints = [
  postEventEndpoint,
  editEventEndpoint,
  deleteEventEndpoint,
  rsvpEndpoint,
]
