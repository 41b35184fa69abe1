import type { PayloadRequest } from 'payload'

import type { MessageRow } from '@/data/conversations'
import { PRIVATE_MESSAGE_TEXT as TEXT } from '@/rules/privateMessages'
import { query, runTogether, sql } from '@/server/database/db'
import { Refusal, refuse } from '@/server/http/requests'
import { bellParts, senderOf, type BellRow } from './notifyMessage'

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

type SQL = ReturnType<typeof sql>

/** Why a sender may not write to a recipient, as columns of one row (`recipient`: an SQL value). */
const mayWriteColumns = (sender: number, recipient: SQL) =>
  sql`EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ${sender} AND blocked_id = ${recipient}) AS blocking,
      EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ${recipient} AND blocked_id = ${sender}) AS blocked,
      coalesce((SELECT suspended_until > now() FROM users WHERE id = ${recipient}), false) AS suspended`

interface MayWrite {
  blocking: boolean
  blocked: boolean
  suspended: boolean
}

/**
 * Throws the refusal those columns call for: a block either way, the recipient suspended. The
 * member who was blocked is told only that the other is not taking messages.
 */
function refuseUnlessMayWrite(row: MayWrite | undefined): void {
  if (row?.blocking) throw new Refusal(403, TEXT.youBlocked)
  if (row?.blocked) throw new Refusal(403, TEXT.notTaking)
  if (row?.suspended) throw new Refusal(403, TEXT.suspended)
}

/** Whether a sender may write to a recipient now, whatever the conversation: throws the refusal. */
export async function checkMayWrite(
  req: PayloadRequest,
  sender: number,
  recipient: number,
): Promise<void> {
  const [row] = await query<MayWrite>(
    req,
    sql`SELECT ${mayWriteColumns(sender, sql`${recipient}::int`)}`,
  )
  refuseUnlessMayWrite(row)
}

/** The message, as a statement's `m` (`from`: the rows it is added for; none: added once). */
const insertMessage = (conversation: number, sender: number, text: string, from: SQL) =>
  sql`INSERT INTO messages (conversation_id, sender_id, body, created_at, updated_at)
      SELECT ${conversation}::int, ${sender}::int, ${text}::text, clock_timestamp(), clock_timestamp() ${from}
      RETURNING id, sender_id, body, created_at`

/**
 * The conversation moved to the top of both lists by `m`; the sender has seen their own
 * conversation up to it.
 */
const moveConversation = (conversation: number, sender: number) =>
  sql`UPDATE conversations c SET last_message_at = m.created_at, last_sender_id = ${sender},
             starter_seen_at = CASE WHEN c.starter_id = ${sender} THEN m.created_at ELSE c.starter_seen_at END,
             recipient_seen_at = CASE WHEN c.recipient_id = ${sender} THEN m.created_at ELSE c.recipient_seen_at END,
             updated_at = now()
        FROM m WHERE c.id = ${conversation}`

/** Adds a message to a conversation and moves the conversation to the top of both lists. */
export async function addMessage(
  req: PayloadRequest,
  conversation: number,
  sender: number,
  text: string,
): Promise<MessageRow> {
  const [message] = await query<MessageRow>(
    req,
    sql`WITH m AS (${insertMessage(conversation, sender, text, sql``)}),
             moved AS (${moveConversation(conversation, sender)})
        SELECT id, sender_id, body, created_at FROM m`,
  )
  return message!
}

/**
 * A member's message in one of their conversations, with the recipient's bell entry, in ONE
 * round trip and one transaction (runTogether): the conversation locked first, so sends in it go
 * one at a time and each next statement sees the last one's message and bell entry; then, in one
 * statement, the refusals checked, the message added, the conversation moved and the bell entry
 * written. Another member's conversation is not found; a closed one (the other left) 409; a
 * block or a suspended recipient 403. A refusal is thrown with nothing written.
 */
export async function sendInConversation(
  req: PayloadRequest,
  conversation: number,
  text: string,
): Promise<{ message: MessageRow; other: number; bell: BellRow | null }> {
  const sender = senderOf(req)
  const me = sender.id
  const bell = bellParts(conversation, sender, sql`(SELECT other FROM checked)`, sql`, m`, 1)
  const [row] = await runTogether<
    MayWrite & { other: number | null; closed: boolean | null } & Partial<MessageRow> & {
        bell_id: number | null
        bell_message: string | null
        bell_created_at: string | null
        bell_created: boolean | null
      }
  >(req, [
    sql`SELECT 1 FROM conversations
         WHERE id = ${conversation} AND (starter_id = ${me} OR recipient_id = ${me}) FOR UPDATE`,
    sql`WITH locked AS (
          SELECT closed, CASE WHEN starter_id = ${me} THEN recipient_id ELSE starter_id END AS other
            FROM conversations
           WHERE id = ${conversation} AND (starter_id = ${me} OR recipient_id = ${me})
             FOR UPDATE
        ), checked AS (
          SELECT l.other, l.closed, ${mayWriteColumns(me, sql`l.other`)} FROM locked l
        ), m AS (${insertMessage(
          conversation,
          me,
          text,
          sql`FROM checked WHERE other IS NOT NULL AND closed IS NOT TRUE
                AND NOT blocking AND NOT blocked AND NOT suspended`,
        )}),
        moved AS (${moveConversation(conversation, me)}),
        ${bell}
        SELECT checked.*, m.id, m.sender_id, m.body, m.created_at, bell.id AS bell_id,
               bell.message AS bell_message, bell.created_at AS bell_created_at,
               bell.created AS bell_created
          FROM checked LEFT JOIN m ON true LEFT JOIN bell ON true`,
  ])
  if (!row) throw new Refusal(404, TEXT.notFound)
  if (row.closed || row.other === null) throw new Refusal(409, TEXT.closed)
  refuseUnlessMayWrite(row)
  const { id, sender_id, body, created_at } = row
  return {
    message: { id: id!, sender_id: sender_id!, body: body!, created_at: created_at! },
    other: row.other,
    bell:
      row.bell_id === null
        ? null
        : {
            id: row.bell_id,
            message: row.bell_message!,
            created_at: row.bell_created_at!,
            created: row.bell_created!,
          },
  }
}
