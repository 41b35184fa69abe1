import type { Payload } from 'payload'
import type { Pool } from 'pg'

import { LAST_USED_EVERY_MS } from '@/rules/devices'
import { pgPool } from '@/server/database/db'

const MAX_REMEMBERED = 50_000

/**
 * When each session was last used, for Settings → Your devices, written cheaply: each instance
 * writes a session's last use at most once every few minutes (remembered here), off the request's
 * path (nobody waits for it), and the row itself is only rewritten when older than that, so
 * several instances add little. A session without details yet (made before they were kept)
 * gets them from its first use.
 */
export function lastUseNoter(pool: () => Pool, log: (error: unknown) => void) {
  const noted = new Map<string, number>()
  return (session: { sid: string; userId: number; userAgent: string }, now = Date.now()) => {
    const last = noted.get(session.sid)
    if (last !== undefined && now - last < LAST_USED_EVERY_MS) return
    noted.delete(session.sid)
    noted.set(session.sid, now)
    if (noted.size > MAX_REMEMBERED) noted.delete(noted.keys().next().value!)
    pool()
      .query(
        `INSERT INTO session_details (sid, user_id, user_agent) VALUES ($1, $2, $3)
         ON CONFLICT (sid) DO UPDATE SET last_used_at = now()
          WHERE session_details.last_used_at < now() - make_interval(secs => $4)`,
        [session.sid, session.userId, session.userAgent.slice(0, 512), LAST_USED_EVERY_MS / 2000],
      )
      .catch(log)
  }
}

const noters = new WeakMap<Payload, ReturnType<typeof lastUseNoter>>()

/** Notes a signed-in request's session as used (see lastUseNoter), once per payload instance. */
export function noteSessionUse(payload: Payload, headers: Headers, user: unknown): void {
  const { id, _sid: sid } = (user ?? {}) as { id?: unknown; _sid?: unknown }
  if (typeof sid !== 'string' || typeof id !== 'number') return
  let noter = noters.get(payload)
  if (!noter) {
    noter = lastUseNoter(
      () => pgPool(payload),
      (err) => payload.logger.warn({ err, msg: 'session use not noted' }),
    )
    noters.set(payload, noter)
  }
  noter({ sid, userId: id, userAgent: headers.get('user-agent') ?? '' })
}
