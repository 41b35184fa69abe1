import { MESSAGES } from '@/rules/messages'
import { RSVP_STATUSES } from '@/rules/rsvp'
import { eventSchema, rsvpSchema } from '@/schemas/event'
import { z } from '@/schemas/zod'
import { defineContract } from './contract'
import { deletedAnswer } from './memberPosts'
import { idParams } from './params'

const NOT_ALLOWED = MESSAGES.notAllowed
/** Payload's own words for no such event, as the REST routes answered them. */
const EVENT_NOT_FOUND = 'Not Found'

/** SPEC §4 RSVP: the same status again takes it back, the other one replaces it. */
export const eventRsvp = defineContract({
  method: 'POST',
  path: '/api/events/{id}/rsvp',
  summary: 'Attend or be interested in an event (the same again takes the RSVP back)',
  tag: 'events',
  caller: 'member',
  signIn: MESSAGES.mustBeLoggedIn,
  params: idParams,
  input: rsvpSchema,
  output: z.object({
    status: z.enum(RSVP_STATUSES).nullable(),
    attendingCount: z.number().int().min(0),
    interestedCount: z.number().int().min(0),
  }),
  refusals: { 404: 'Event not found.' },
})

/** An event as the island reads it back: its id, and the rest of the stored event. */
const eventAnswer = z.object({
  doc: z.looseObject({ id: z.number().int(), title: z.string(), eventDate: z.string() }),
})

/** An edit sends what it changes (the form: everything); the neighbourhood is fixed once set. */
export const eventEditSchema = eventSchema.omit({ neighbourhood: true }).partial()

/** SPEC §5 'Create An Event': in a neighbourhood, or London-wide without one. */
export const eventCreate = defineContract({
  method: 'POST',
  path: '/api/events/new',
  summary: 'Post an event (in a neighbourhood, or London-wide)',
  tag: 'events',
  caller: 'member',
  signIn: MESSAGES.mustBeLoggedInToPost,
  input: eventSchema,
  output: eventAnswer,
  status: 201,
})

/** The author's 'Update Event' (staff: anyone's); ticking 'Cancelled' calls it off. */
export const eventEdit = defineContract({
  method: 'PATCH',
  path: '/api/events/{id}/details',
  summary: "Change an event's details, or call it off (its author)",
  tag: 'events',
  caller: 'member',
  signIn: MESSAGES.mustBeLoggedInToPost,
  params: idParams,
  input: eventEditSchema,
  output: eventAnswer,
  refusals: { 403: NOT_ALLOWED, 404: EVENT_NOT_FOUND },
})

/** The author deletes an event (staff: any); those going are told it is off. */
export const eventDelete = defineContract({
  method: 'POST',
  path: '/api/events/{id}/delete',
  summary: 'Delete an event (its author)',
  tag: 'events',
  caller: 'member',
  signIn: MESSAGES.mustBeLoggedInToPost,
  params: idParams,
  input: z.object({}),
  output: deletedAnswer,
  refusals: { 403: NOT_ALLOWED, 404: EVENT_NOT_FOUND },
})
