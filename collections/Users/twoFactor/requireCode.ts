import {
  APIError,
  type CollectionBeforeLoginHook,
  type Payload,
  type PayloadRequest,
} from 'payload'

import { CHALLENGE_COOKIE, CHALLENGE_SECONDS, TWO_FACTOR_MESSAGES } from '@/rules/twoFactor'
import { pgPool } from '@/server/database/db'
import type { Remember } from '@collections/Users/accounts/session'
import { readClaims, signClaims } from '@/server/config/signedToken'

/**
 * A right password (or external sign-in) for an account with two-factor on: no session yet.
 * POST /api/accounts/login turns this into a challenge (202); anything else that signs in with a
 * password — Payload's own POST /api/users/login, the admin's login form — is refused with
 * the way to the code step.
 */
export class SecondFactorNeeded extends APIError {
  constructor(readonly userId: number) {
    super(TWO_FACTOR_MESSAGES.useSiteSignIn, 403, null, true)
  }
}

/** Set by the code step only (req.context is the server's, never the request's). */
export const SECOND_FACTOR_PASSED = 'secondFactorPassed'

/**
 * Whether signing in with the password (or external sign-in) needs a second step: the
 * authenticator app is on, or an editor or admin has a passkey (src/rules/passkeys.ts).
 */
export async function secondStepNeeded(payload: Payload, userId: number): Promise<boolean> {
  const { rows } = await pgPool(payload).query<{ needed: boolean }>(
    `SELECT two_factor_since IS NOT NULL
            OR (passkeys_since IS NOT NULL AND role IN ('editor', 'admin')) AS needed
       FROM users WHERE id = $1`,
    [userId],
  )
  return rows[0]?.needed === true
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

/**
 * beforeLogin: runs after Payload checked the password and added the session row, before any
 * token is signed. With a second step needed, that row is removed again and the sign-in stops.
 */
export const requireSecondFactor: CollectionBeforeLoginHook = async ({ req, user }) => {
  const account = user as { id: number; sessions?: { id: string }[] }
  if (req.context[SECOND_FACTOR_PASSED] === true) return user
  if (!(await secondStepNeeded(req.payload, account.id))) return user
  const sid = account.sessions?.at(-1)?.id
  if (sid) await pgPool(req.payload).query('DELETE FROM users_sessions WHERE id = $1', [sid])
  throw new SecondFactorNeeded(account.id)
}

const PURPOSE = 'two-factor-login'

interface ChallengeClaims {
  exp: number
  uid: number
  remember?: boolean
}

/** The signed, short-lived proof that the password step passed (no session, no account data). */
export function signChallenge(req: PayloadRequest, userId: number, remember: Remember): string {
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

/** The challenge as an HttpOnly cookie, for the /login form's second step without JavaScript. */
export function challengeCookie(req: PayloadRequest, token: string | null): string {
  const secure = req.payload.collections.users.config.auth.cookies.secure ? '; Secure' : ''
  const life = token ? CHALLENGE_SECONDS : 0
  return `${CHALLENGE_COOKIE}=${token ?? ''}; Path=/; Max-Age=${life}; HttpOnly; SameSite=Lax${secure}`
}

/** The challenge the browser holds in its cookie, if any. */
export function challengeFromCookie(req: PayloadRequest): string | null {
  for (const part of (req.headers.get('cookie') ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name === CHALLENGE_COOKIE && rest.length) return rest.join('=') || null
  }
  return null
}
