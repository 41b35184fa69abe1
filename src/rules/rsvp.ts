import { toggleOutcome } from './targets'

/** SPEC §4 RSVP: none, attending or interested (SPEC §9 names the two statuses). */
export const RSVP_STATUSES = ['attending', 'interested'] as const
export type RsvpStatus = (typeof RSVP_STATUSES)[number]

/** The same status again removes it, a different one replaces it, none creates one. */
export function nextRsvp(current: RsvpStatus | null, chosen: RsvpStatus): RsvpStatus | null {
  return toggleOutcome(current, chosen).next
}
