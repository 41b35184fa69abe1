import type { ServerResponse } from 'node:http'

import type { Payload } from 'payload'

import { pgPool } from './db'

/**
 * While the database is down or restarting (src/server/database/postgres.ts supervises the embedded one), a
 * request that failed because of it answers 503 with Retry-After instead of 500, so clients and
 * proxies know to try again.
 */

/** Seconds a client should wait before retrying while the database restarts. */
export const DATABASE_RETRY_AFTER_S = 5

/** Connection-level failures: the database is down or restarting, not a bug in the request. */
export function isDatabaseDown(error: unknown): boolean {
  let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined
  for (let depth = 0; e && depth < 5; depth++, e = e.cause as typeof e) {
    const code = typeof e.code === 'string' ? e.code : ''
    const message = typeof e.message === 'string' ? e.message : ''
    if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', '57P01', '57P02', '57P03'].includes(code))
      return true
    if (code.startsWith('08')) return true // SQLSTATE class 08: connection exception
    if (/Connection terminated|terminating connection|database system is/i.test(message))
      return true
  }
  return false
}

/** True when the database is known to be in trouble, or cannot answer `SELECT 1` within 2 s. */
export async function databaseUnavailableNow(
  payload: Payload,
  knownTrouble?: () => boolean,
): Promise<boolean> {
  if (knownTrouble?.()) return true
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(resolve, 2000, false)))
  const probe = pgPool(payload)
    .query('SELECT 1')
    .then(
      () => true,
      () => false,
    )
  try {
    return !(await Promise.race([probe, timeout]))
  } finally {
    clearTimeout(timer)
  }
}

const UNAVAILABLE_HEADERS = {
  'content-type': 'application/json',
  'retry-after': String(DATABASE_RETRY_AFTER_S),
  'cache-control': 'no-store',
}
const UNAVAILABLE_BODY = JSON.stringify({
  errors: [{ message: 'Belong is briefly unavailable. Please try again in a few seconds.' }],
})

export function sendDatabaseUnavailable(res: ServerResponse): void {
  res.writeHead(503, UNAVAILABLE_HEADERS)
  res.end(UNAVAILABLE_BODY)
}

export const databaseUnavailableResponse = () =>
  new Response(UNAVAILABLE_BODY, { status: 503, headers: UNAVAILABLE_HEADERS })
