import type { CollectionBeforeDeleteHook } from 'payload'

import { query, sql } from '@/server/database/db'

/** A poll's votes go with it (their poll column may not be empty). */
export const deleteVotes: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await query(req, sql`DELETE FROM poll_votes WHERE poll_id = ${Number(id)}`)
}
