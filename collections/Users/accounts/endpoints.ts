import { AuthenticationError, refreshOperation, type Endpoint } from 'payload'

import { ACCOUNT_MESSAGES } from '@/rules/accounts'
import { readJson, refuse } from '@/server/http/requests'
import { TWO_FACTOR_MESSAGES } from '@/rules/twoFactor'
import { isLocked } from '@collections/Users/hooks/lockedAsIncorrect'
import {
  SecondFactorNeeded,
  challengeCookie,
  secondSteps,
  signChallenge,
} from '@collections/Users/twoFactor/requireCode'
import {
  extendSession,
  requestTokenClaims,
  sessionCookie,
  signSessionToken,
  tokenClaims,
  type Remember,
} from './session'

/**
 * POST /api/accounts/login {email, password, remember} — the /login form (SPEC §2). Payload's
 * own login does the work (password check, 10 attempts then a 10-minute lock, session row);
 * then the token is signed again with the visitor's "Remember me" choice (see session.ts).
 * A locked account answers like a wrong password, so the answer never tells whether an e-mail
 * has an account (hooks/lockedAsIncorrect.ts). With two-factor sign-in on, a right password
 * answers 202 {twoFactorRequired, challenge, steps: {code, passkey}} and opens no session: the
 * code goes to POST /api/accounts/login/code (twoFactor/endpoints.ts), a passkey to
 * POST /api/accounts/login/passkey (passkeys/signIn.ts).
 */
export const accountLogin: Endpoint = {
  path: '/accounts/login',
  method: 'post',
  handler: async (req) => {
    const body = await readJson(req)
    const email = typeof body.email === 'string' ? body.email.trim() : ''
    const password = typeof body.password === 'string' ? body.password : ''
    if (!email || !password) return refuse(400, ACCOUNT_MESSAGES.emailAndPasswordRequired)
    const remember = body.remember === true

    let result
    try {
      result = await req.payload.login({ collection: 'users', data: { email, password }, req })
    } catch (error) {
      // Two-factor on: the password was right, but no session until the code step.
      if (error instanceof SecondFactorNeeded) {
        const challenge = signChallenge(req, error.userId, remember)
        const steps = await secondSteps(req.payload, error.userId)
        return Response.json(
          { message: TWO_FACTOR_MESSAGES.needed, twoFactorRequired: true, challenge, steps },
          { status: 202, headers: { 'Set-Cookie': challengeCookie(req, challenge) } },
        )
      }
      throw isLocked(error) ? new AuthenticationError(req.t) : error
    }
    const sid = tokenClaims(result.token)?.sid
    if (typeof sid !== 'string')
      throw new Error('Payload login returned a token without a session.')
    if (!result.user?.id) throw new Error('Payload login returned no user.')
    // A copy: the session helpers take any user row (the generated User has no index signature).
    const user = { ...result.user, id: result.user.id }
    const { token, exp } = await signSessionToken(req, user, sid, remember)
    if (remember) await extendSession(req, user.id, sid, exp)
    return Response.json(
      { message: 'Signed in.', exp, user: result.user },
      { headers: { 'Set-Cookie': sessionCookie(req, token, remember, exp) } },
    )
  },
}

/**
 * POST /api/users/refresh-token, in place of Payload's own: the same refresh (session row
 * stretched, new token), but a token from /api/accounts/login keeps its "Remember me" choice,
 * so a 30-day sign-in stays 30 days and a browser-session one stays a session cookie.
 */
export const refreshToken: Endpoint = {
  path: '/refresh-token',
  method: 'post',
  handler: async (req) => {
    const claims = requestTokenClaims(req)
    const sid = (req.user as { _sid?: string } | null)?._sid
    const remember: Remember =
      claims && sid && claims.sid === sid && typeof claims.remember === 'boolean'
        ? claims.remember
        : undefined
    const result = await refreshOperation({ collection: req.payload.collections.users, req })
    let token = result.refreshedToken
    let exp = result.exp
    if (remember !== undefined && sid) {
      ;({ token, exp } = await signSessionToken(req, result.user as never, sid, remember))
      if (remember) await extendSession(req, Number(result.user.id), sid, exp)
    }
    return Response.json(
      { message: 'Token refresh successful', exp, user: result.user },
      { headers: { 'Set-Cookie': sessionCookie(req, token, remember, exp) } },
    )
  },
}
