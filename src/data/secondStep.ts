import type { Payload, PayloadRequest } from 'payload'

import { CHALLENGE_SECONDS } from '@/rules/twoFactor'
import { pgPool, query, sql } from '@/server/database/db'
import { readClaims, signClaims } from '@/server/config/signedToken'

/**
 * Sign-in's second step: which one an account needs (an authenticator code, a passkey) and the
 * signed challenge that carries a right password over to it. Shared by the sign-in endpoints
 * (collections/Users/twoFactor, passkeys) and the /login page's loader.
 */

/** The "Remember me" choice a sign-in carries (undefined: Payload's own sign-in). */
type Remember = boolean | undefined

/**
 * Whether signing in with the password (or external sign-in) needs a second step: the
 * authenticator app is on, or an editor or admin has a passkey (src/rules/passkeys.ts).
 */
export async function secondStepNeeded(req: PayloadRequest, userId: number): Promise<boolean> {
  // Read in the request's transaction when it has one: a sign-in holds its pool connection
  // while it asks, and a second connection per sign-in exhausted the pool under ten at once.
  const [row] = await query<{ needed: boolean }>(
    req,
    sql`SELECT two_factor_since IS NOT NULL
               OR (passkeys_since IS NOT NULL AND role IN ('editor', 'admin')) AS needed
          FROM users WHERE id = ${userId}`,
  )
  return row?.needed === true
}

/** Which second steps an account can take: a code (the app is on), a passkey (it has one). */
export async function secondSteps(
  payload: Payload,
  userId: number,
): Promise<{ code: boolean; passkey: boolean }> {
  const { rows } = await pgPool(payload).query<{ code: boolean; passkey: boolean }>(
    `SELECT two_factor_since IS NOT NULL AS code, passkeys_since IS NOT NULL AS passkey
       FROM users WHERE id = $1`,
    [userId],
  )
  return rows[0] ?? { code: false, passkey: false }
}

const PURPOSE = 'two-factor-login'

interface ChallengeClaims {
  exp: number
  uid: number
  remember?: boolean
}

/** The signed, short-lived proof that the password step passed (no session, no account data). */
export function signChallenge(
  req: Pick<PayloadRequest, 'payload'>,
  userId: number,
  remember: Remember,
): string {
  const claims: ChallengeClaims = { exp: Date.now() + CHALLENGE_SECONDS * 1000, uid: userId }
  if (remember !== undefined) claims.remember = remember
  return signClaims(req.payload.secret, PURPOSE, claims)
}

export function readChallenge(
  req: Pick<PayloadRequest, 'payload'>,
  token: string,
): { userId: number; remember: Remember } | null {
  const claims = readClaims<ChallengeClaims>(req.payload.secret, PURPOSE, token, Date.now())
  if (!claims || typeof claims.uid !== 'number') return null
  return {
    userId: claims.uid,
    remember: typeof claims.remember === 'boolean' ? claims.remember : undefined,
  }
}
