import type { CollectionBeforeDeleteHook } from 'payload'

import { query, sql } from '@/server/database/db'

/**
 * An admin deleting an account: private traces go (notifications, mails, badges, votes, RSVPs,
 * reactions, follows); public writing stays, unattributed, as the spec allows unclaimed reviews.
 */
export const deleteAccountData: CollectionBeforeDeleteHook = async ({ id, req }) => {
  for (const table of [
    'notifications',
    'mails',
    'user_badges',
    'poll_votes',
    'event_rsvps',
    'reactions',
    'follows',
  ]) {
    await query(req, sql`DELETE FROM ${sql.raw(table)} WHERE user_id = ${id}`)
  }
  await query(req, sql`UPDATE reviews SET user_id = NULL WHERE user_id = ${id}`)
}
