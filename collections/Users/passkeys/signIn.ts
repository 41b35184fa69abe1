import type { Endpoint, PayloadRequest } from 'payload'

import { PASSKEY_MESSAGES } from '@/rules/passkeys'
import { TWO_FACTOR_MESSAGES } from '@/rules/twoFactor'
import { pgPool } from '@/server/database/db'
import { countTwoFactorFailure, twoFactorWait } from '@/server/http/rateLimits'
import { readJson, refuse } from '@/server/http/requests'
import { finishSignIn } from '@collections/Users/twoFactor/endpoints'
import { challengeFromCookie, readChallenge } from '@collections/Users/twoFactor/requireCode'
import {
  authenticationOptions,
  checkAssertion,
  isCredentialAnswer,
  passkeyCookie,
  passkeyHandle,
  userHandleOf,
} from './ceremony'
import {
  keepChallenge,
  markUsed,
  passkeyByCredential,
  passkeysOf,
  takeChallenge,
  type StoredChallenge,
} from '@/data/passkeys'

/**
 * Signing in with a passkey:
 * - POST /api/accounts/passkey/options {remember?} → options for any of the site's passkeys
 *   (a discoverable credential: no e-mail first); POST /api/accounts/passkey {response} → the
 *   session, the same kind a password and a code open;
 * - after a right password (202 from /api/accounts/login), POST /api/accounts/login/passkey/options
 *   {challenge?} → options for that account's passkeys only; POST /api/accounts/login/passkey
 *   {challenge?, response} → the session. The password step's challenge comes in the body or
 *   its cookie, as for the code step.
 * Each challenge is kept server-side for two minutes, its handle in an HttpOnly cookie, and
 * taken once (a refused answer uses it up too). Wrong answers for an account count against the
 * same per-account limit as wrong codes.
 */

const refusal = (req: PayloadRequest, status: number, message: string, retryAfter?: number) => {
  const headers = new Headers({ 'Set-Cookie': passkeyCookie(req, null) })
  if (retryAfter) headers.set('retry-after', String(retryAfter))
  return refuse(status, message, headers)
}

const tooMany = (req: PayloadRequest, wait: number) =>
  refusal(req, 429, `Too many failed attempts. Try again in ${wait} seconds.`, wait)

/** The account the password step proved (body or cookie), or null when it expired. */
const passwordStepOf = async (req: PayloadRequest, body: Record<string, unknown>) => {
  const token = typeof body.challenge === 'string' ? body.challenge : challengeFromCookie(req)
  return token ? readChallenge(req, token) : null
}

/**
 * Checks the browser's assertion against the challenge taken for it; `account` (the second
 * step) is the only account whose passkeys count. Answers the passkey's account, or a refusal.
 */
async function checkAnswer(
  req: PayloadRequest,
  stored: StoredChallenge,
  answer: unknown,
  account: number | null,
): Promise<number | Response> {
  if (!isCredentialAnswer(answer)) return refusal(req, 400, PASSKEY_MESSAGES.responseInvalid)
  const pool = pgPool(req.payload)
  const key = await passkeyByCredential(req.payload, answer.id)
  if (account !== null && key?.userId !== account) {
    await countTwoFactorFailure(pool, account)
    return refusal(req, 400, key ? PASSKEY_MESSAGES.notYours : PASSKEY_MESSAGES.unknownPasskey)
  }
  if (!key) return refusal(req, 400, PASSKEY_MESSAGES.unknownPasskey)
  const wait = await twoFactorWait(pool, key.userId)
  if (wait) return tooMany(req, wait)
  const handle = answer.response.userHandle
  const handleMatches = !handle || handle === userHandleOf(key.userId).toString('base64url')
  const counter = handleMatches
    ? await checkAssertion(answer, stored.challenge, key, account === null)
    : null
  if (counter === null) {
    await countTwoFactorFailure(pool, key.userId)
    return refusal(req, 400, PASSKEY_MESSAGES.refused)
  }
  await markUsed(req.payload, key.id, counter)
  return key.userId
}

export const passkeySignInOptions: Endpoint = {
  path: '/accounts/passkey/options',
  method: 'post',
  handler: async (req) => {
    const body = await readJson(req)
    const options = await authenticationOptions(null)
    const handle = await keepChallenge(req.payload, options.challenge, 'sign-in', {
      remember: body.remember === true,
    })
    return Response.json(options, { headers: { 'Set-Cookie': passkeyCookie(req, handle) } })
  },
}

export const passkeySignIn: Endpoint = {
  path: '/accounts/passkey',
  method: 'post',
  handler: async (req) => {
    const body = await readJson(req)
    const stored = await takeChallenge(req.payload, passkeyHandle(req), 'sign-in')
    if (!stored) return refusal(req, 400, PASSKEY_MESSAGES.challengeExpired)
    const userId = await checkAnswer(req, stored, body.response, null)
    if (userId instanceof Response) return userId
    const remember = stored.remember ?? undefined
    return finishSignIn(req, userId, remember, {}, [passkeyCookie(req, null)])
  },
}

export const passkeySecondStepOptions: Endpoint = {
  path: '/accounts/login/passkey/options',
  method: 'post',
  handler: async (req) => {
    const step = await passwordStepOf(req, await readJson(req))
    if (!step) return refuse(401, TWO_FACTOR_MESSAGES.challengeExpired)
    const keys = await passkeysOf(req.payload, step.userId)
    if (!keys.length) return refuse(400, PASSKEY_MESSAGES.noPasskey)
    const options = await authenticationOptions(keys)
    const handle = await keepChallenge(req.payload, options.challenge, 'second-step', {
      userId: step.userId,
    })
    return Response.json(options, { headers: { 'Set-Cookie': passkeyCookie(req, handle) } })
  },
}

export const passkeySecondStep: Endpoint = {
  path: '/accounts/login/passkey',
  method: 'post',
  handler: async (req) => {
    const body = await readJson(req)
    const step = await passwordStepOf(req, body)
    if (!step) return refusal(req, 401, TWO_FACTOR_MESSAGES.challengeExpired)
    const stored = await takeChallenge(req.payload, passkeyHandle(req), 'second-step')
    // The passkey challenge must be the one asked for this very password step's account.
    if (!stored || stored.userId !== step.userId)
      return refusal(req, 400, PASSKEY_MESSAGES.challengeExpired)
    const userId = await checkAnswer(req, stored, body.response, step.userId)
    if (userId instanceof Response) return userId
    return finishSignIn(req, userId, step.remember, {}, [passkeyCookie(req, null)])
  },
}

export const passkeySignInEndpoints = [
  passkeySignInOptions,
  passkeySignIn,
  passkeySecondStepOptions,
  passkeySecondStep,
]
