import { z } from './zod'

import { RSVP_STATUSES } from '@/rules/rsvp'
import { flag, imageRef, relationId, requiredDate, requiredText, tagsInput } from './common'

/** SPEC §5 event form (create and edit). */
export const eventSchema = z.object({
  title: requiredText('Title is required.', 200, 'Titles are limited to 200 characters.'),
  description: requiredText(
    'Description is required.',
    10_000,
    'Descriptions are limited to 10000 characters.',
  ),
  eventDate: requiredDate('Date and time are required.'),
  location: requiredText('Location is required.', 300, 'Locations are limited to 300 characters.'),
  isPublic: flag,
  /** Only on edit: the author calls it off (its attendees are told once). */
  cancelled: flag,
  image: imageRef,
  tags: tagsInput,
  neighbourhood: relationId('Could not find neighbourhood.').nullish(),
})
export type EventInput = z.input<typeof eventSchema>

/** POST /api/events/:id/rsvp */
export const rsvpSchema = z.object({
  status: z.enum(RSVP_STATUSES, { error: 'Choose attending or interested.' }),
})
