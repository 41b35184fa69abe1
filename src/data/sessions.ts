import type { PayloadRequest } from 'payload'
import type { Pool } from 'pg'

import { query, sql } from '@/server/database/db'
import type { SessionRecord } from '@/views/devices'

/**
 * An account's live sessions: Payload's own session rows (users_sessions, one per sign-in, which
 * every signed-in request is checked against on the primary) with what we keep beside each
 * (session_details: the user agent it signed in with, its last use). A session without details
 * (made before they were kept) shows an unknown browser until its next use.
 */
export async function liveSessions(pool: Pool, userId: number): Promise<SessionRecord[]> {
  const { rows } = await pool.query<{
    sid: string
    user_agent: string | null
    signed_in_at: Date | null
    expires_at: Date
    last_used_at: Date | null
  }>(
    `SELECT s.id AS sid, d.user_agent, s.created_at AS signed_in_at, s.expires_at, d.last_used_at
       FROM users_sessions s LEFT JOIN session_details d ON d.sid = s.id
      WHERE s._parent_id = $1 AND s.expires_at > now()`,
    [userId],
  )
  return rows.map((row) => ({
    sid: row.sid,
    userAgent: row.user_agent ?? '',
    signedInAt: row.signed_in_at ?? row.last_used_at ?? new Date(0),
    lastUsedAt: row.last_used_at,
  }))
}

/** Which of an account's sessions to end: one, all but one, or all. */
export type Ending = { only: string } | { except: string | undefined } | 'all'

/**
 * Ends sessions of an account, in the request's transaction: their rows go, so the next request
 * with their token is signed out on every instance (each request checks its session on the
 * primary, collections/Users/accounts/knownUsers.ts), and the read cache's answers need no
 * change (an ended session reads as a signed-out one). Their details go too. Answers how many
 * ended.
 */
export async function endSessions(
  req: PayloadRequest,
  userId: number,
  which: Ending,
): Promise<number> {
  const ended = await query<{ id: string }>(
    req,
    which === 'all'
      ? sql`DELETE FROM users_sessions WHERE _parent_id = ${userId} RETURNING id`
      : 'only' in which
        ? sql`DELETE FROM users_sessions WHERE _parent_id = ${userId} AND id = ${which.only}
              RETURNING id`
        : sql`DELETE FROM users_sessions WHERE _parent_id = ${userId}
                AND id IS DISTINCT FROM ${which.except ?? null} RETURNING id`,
  )
  await forgetEndedDetails(req, userId)
  return ended.length
}

/** Details of sessions that no longer exist (signed out, expired, ended). */
export async function forgetEndedDetails(req: PayloadRequest, userId: number, keep = '') {
  await query(
    req,
    sql`DELETE FROM session_details d WHERE d.user_id = ${userId} AND d.sid <> ${keep}
          AND NOT EXISTS (SELECT 1 FROM users_sessions s
                           WHERE s.id = d.sid AND s.expires_at > now())`,
  )
}
