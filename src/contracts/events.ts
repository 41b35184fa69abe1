import { MESSAGES } from '@/rules/messages'
import { RSVP_STATUSES } from '@/rules/rsvp'
import { rsvpSchema } from '@/schemas/event'
import { z } from '@/schemas/zod'
import { defineContract } from './contract'
import { idParams } from './params'

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
