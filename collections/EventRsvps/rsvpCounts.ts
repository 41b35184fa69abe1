import type { PayloadRequest } from 'payload'

import { COUNTED_AT, query, sql } from '@/server/database/db'

export interface RsvpCounts {
  attendingCount: number
  interestedCount: number
}

/** The counts with when they were taken: a viewer keeps the latest of crossed pushes. */
export interface CountedRsvps extends RsvpCounts {
  countedAt: number
}

/**
 * Locks the event's row for the rest of the transaction. Every RSVP write takes it before
 * touching rsvps, so a later recount always sees the writes of earlier ones. Returns false when
 * the event does not exist.
 */
export async function lockEvent(req: PayloadRequest, eventId: number): Promise<boolean> {
  const rows = await query(req, sql`SELECT id FROM events WHERE id = ${eventId} FOR UPDATE`)
  return rows.length > 0
}

/** Stores the event's attending and interested counts from the rsvp rows, in one statement. */
export async function recountRsvps(req: PayloadRequest, eventId: number): Promise<CountedRsvps> {
  await lockEvent(req, eventId)
  const [row] = await query<RsvpCounts & { countedAt: string }>(
    req,
    sql`UPDATE events SET
          attending_count = (SELECT count(*) FROM event_rsvps
            WHERE event_id = ${eventId} AND status = 'attending'),
          interested_count = (SELECT count(*) FROM event_rsvps
            WHERE event_id = ${eventId} AND status = 'interested')
        WHERE id = ${eventId}
        RETURNING attending_count AS "attendingCount", interested_count AS "interestedCount",
          ${COUNTED_AT} AS "countedAt"`,
  )
  return {
    attendingCount: Number(row?.attendingCount ?? 0),
    interestedCount: Number(row?.interestedCount ?? 0),
    countedAt: Number(row?.countedAt ?? 0),
  }
}
