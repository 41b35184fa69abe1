import type { PayloadRequest } from 'payload'

import { REMOVED_MESSAGE } from '@/rules/privateMessages'
import { query, sql } from '@/server/database/db'

/**
 * A deleted account's private messages: their text becomes 'Message removed' (the other member's
 * side of the conversation keeps its shape), their conversations are closed, and their blocks,
 * either way, go.
 */
export async function closeOwnConversations(req: PayloadRequest, userId: number): Promise<void> {
  await query(
    req,
    sql`UPDATE messages SET body = ${REMOVED_MESSAGE}, updated_at = now() WHERE sender_id = ${userId}`,
  )
  await query(
    req,
    sql`UPDATE conversations SET closed = true, updated_at = now()
         WHERE starter_id = ${userId} OR recipient_id = ${userId}`,
  )
  await query(req, sql`DELETE FROM blocks WHERE blocker_id = ${userId} OR blocked_id = ${userId}`)
}
