import type { CollectionBeforeDeleteHook } from 'payload'

import { query, sql } from '@/server/database/db'

/** An event's RSVPs go with it (their event column may not be empty). */
export const deleteRsvps: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await query(req, sql`DELETE FROM event_rsvps WHERE event_id = ${Number(id)}`)
}
