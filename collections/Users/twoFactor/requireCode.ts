import { APIError, type CollectionBeforeLoginHook, type PayloadRequest } from 'payload'

import { secondStepNeeded } from '@/data/secondStep'
import { CHALLENGE_COOKIE, CHALLENGE_SECONDS, TWO_FACTOR_MESSAGES } from '@/rules/twoFactor'
import { query, sql } from '@/server/database/db'

// The step's challenge and which steps an account has live in src/data (the /login page reads
// them too); the sign-in endpoints take them from here.
export { readChallenge, secondStepNeeded, secondSteps, signChallenge } from '@/data/secondStep'

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
 * beforeLogin: runs after Payload checked the password and added the session row, before any
 * token is signed. With a second step needed, that row is removed again and the sign-in stops.
 */
export const requireSecondFactor: CollectionBeforeLoginHook = async ({ req, user }) => {
  const account = user as { id: number; sessions?: { id: string }[] }
  if (req.context[SECOND_FACTOR_PASSED] === true) return user
  if (!(await secondStepNeeded(req, account.id))) return user
  const sid = account.sessions?.at(-1)?.id
  if (sid) await query(req, sql`DELETE FROM users_sessions WHERE id = ${sid}`)
  throw new SecondFactorNeeded(account.id)
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
