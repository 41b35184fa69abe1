import type { PayloadRequest } from 'payload'

import type { MessageRow } from '@/data/conversations'
import { PRIVATE_MESSAGE_TEXT as TEXT } from '@/rules/privateMessages'
import { query, sql } from '@/server/database/db'
import { Refusal, refuse } from '@/server/http/requests'

/** Every answer about messages is the reader's own: never kept by any cache. */
export const PRIVATE = { 'cache-control': 'private, no-store' }

/** A refusal of a message command, uncached like its answers. */
export const refusePrivately = (status: number, message: string) => refuse(status, message, PRIVATE)

/** Thrown inside a transaction to roll it back and answer with a response made elsewhere (a 429). */
export class Answered extends Error {
  constructor(readonly response: Response) {
    super(`answered ${response.status}`)
  }
}

/** Runs a command's work, answering a refusal thrown inside it (its transaction rolled back). */
export async function orRefusal<T>(work: () => Promise<T>): Promise<T | Response> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof Refusal) return refusePrivately(error.status, error.message)
    if (error instanceof Answered) return error.response
    throw error
  }
}

/**
 * Whether a sender may write to a recipient now, whatever the conversation: throws the refusal
 * (a block either way, the recipient suspended). The member who was blocked is told only that
 * the other is not taking messages.
 */
export async function checkMayWrite(
  req: PayloadRequest,
  sender: number,
  recipient: number,
): Promise<void> {
  const [row] = await query<{ blocking: boolean; blocked: boolean; suspended: boolean }>(
    req,
    sql`SELECT
          EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ${sender} AND blocked_id = ${recipient}) AS blocking,
          EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ${recipient} AND blocked_id = ${sender}) AS blocked,
          coalesce((SELECT suspended_until > now() FROM users WHERE id = ${recipient}), false) AS suspended`,
  )
  if (row?.blocking) throw new Refusal(403, TEXT.youBlocked)
  if (row?.blocked) throw new Refusal(403, TEXT.notTaking)
  if (row?.suspended) throw new Refusal(403, TEXT.suspended)
}

/**
 * Adds a message to a conversation and moves the conversation to the top of both lists; the
 * sender has seen their own conversation up to it. One statement.
 */
export async function addMessage(
  req: PayloadRequest,
  conversation: number,
  sender: number,
  text: string,
): Promise<MessageRow> {
  const [message] = await query<MessageRow>(
    req,
    sql`WITH m AS (
          INSERT INTO messages (conversation_id, sender_id, body, created_at, updated_at)
          VALUES (${conversation}, ${sender}, ${text}, clock_timestamp(), clock_timestamp())
          RETURNING id, sender_id, body, created_at
        ), moved AS (
          UPDATE conversations c SET last_message_at = m.created_at, last_sender_id = ${sender},
                 starter_seen_at = CASE WHEN c.starter_id = ${sender} THEN m.created_at ELSE c.starter_seen_at END,
                 recipient_seen_at = CASE WHEN c.recipient_id = ${sender} THEN m.created_at ELSE c.recipient_seen_at END,
                 updated_at = now()
            FROM m WHERE c.id = ${conversation}
        )
        SELECT id, sender_id, body, created_at FROM m`,
  )
  return message!
}
