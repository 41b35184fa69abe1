import type { Endpoint, PayloadRequest } from 'payload'

import type { User } from '@/payload-types'
import { PASSKEY_MESSAGES } from '@/rules/passkeys'
import { TWO_FACTOR_MESSAGES } from '@/rules/twoFactor'
import { pgPool } from '@/server/database/db'
import { countTwoFactorFailure, twoFactorWait } from '@/server/http/rateLimits'
import { readJson, refuse } from '@/server/http/requests'
import { mintSession, signedInUser, type Remember } from '@collections/Users/accounts/session'
import { isCurrentPassword } from '@collections/Users/settings/password'
import { signedInOnly } from '@collections/Users/signedInOnly'
import { sendTwoFactorMail } from './mail'
import {
  SECOND_FACTOR_PASSED,
  challengeCookie,
  challengeFromCookie,
  readChallenge,
  secondStepNeeded,
} from './requireCode'
import {
  checkCode,
  disable,
  enrol,
  enrolmentPicture,
  recoveryLeft,
  startEnrolment,
  twoFactorRow,
  type CodeCheck,
} from '@/data/twoFactor'

/**
 * Two-factor sign-in. In Settings, for the signed-in account only (no id is read from
 * the request):
 * - POST /api/users/me/two-factor/start → a new key waiting for its first code: {secret, uri, svg};
 * - POST /api/users/me/two-factor/confirm {code} → on; {recoveryCodes} (ten, shown this once);
 *   the account's other sessions end, and the member is mailed;
 * - POST /api/users/me/two-factor/disable {code} | {password} → off, and the member is mailed.
 * At sign-in: POST /api/accounts/login answers 202 {twoFactorRequired, challenge} for such an
 * account, then POST /api/accounts/login/code {challenge, code} opens the session.
 */

const signInFirst = TWO_FACTOR_MESSAGES.signInFirst

const refused = (check: Extract<CodeCheck, { ok: false }>) =>
  Response.json(
    { errors: [{ message: check.message }] },
    {
      status: check.status,
      headers: check.retryAfter ? { 'retry-after': String(check.retryAfter) } : undefined,
    },
  )

const codeOf = (body: Record<string, unknown>) => (typeof body.code === 'string' ? body.code : '')

/** The signed-in account (signedInOnly let the request through) and its session's id. */
const account = (req: PayloadRequest) => req.user as User & { _sid?: string }

export const startTwoFactor: Endpoint = {
  path: '/me/two-factor/start',
  method: 'post',
  handler: signedInOnly(signInFirst, async (req) => {
    const user = account(req)
    const row = await twoFactorRow(req.payload, user.id)
    if (row?.since) return refuse(409, TWO_FACTOR_MESSAGES.alreadyOn)
    const secret = await startEnrolment(req.payload, user.id)
    const { uri, svg } = await enrolmentPicture(secret, user.email)
    return Response.json({ secret, uri, svg })
  }),
}

export const confirmTwoFactor: Endpoint = {
  path: '/me/two-factor/confirm',
  method: 'post',
  handler: signedInOnly(signInFirst, async (req) => {
    const user = account(req)
    const code = codeOf(await readJson(req))
    const row = await twoFactorRow(req.payload, user.id)
    if (row?.since) return refuse(409, TWO_FACTOR_MESSAGES.alreadyOn)
    if (!row?.pending) return refuse(409, TWO_FACTOR_MESSAGES.notStarted)
    const check = await checkCode(req.payload, user.id, row.pending, code, { recovery: false })
    if (!check.ok) return refused(check)
    const recoveryCodes = await enrol(req.payload, user.id, row.pending)
    // Any session opened with the password alone ends; this one goes on.
    await pgPool(req.payload).query(
      'DELETE FROM users_sessions WHERE _parent_id = $1 AND id IS DISTINCT FROM $2',
      [user.id, user._sid ?? null],
    )
    await sendTwoFactorMail(req.payload, user.email, true)
    return Response.json({ message: TWO_FACTOR_MESSAGES.enabled, recoveryCodes })
  }),
}

export const disableTwoFactor: Endpoint = {
  path: '/me/two-factor/disable',
  method: 'post',
  handler: signedInOnly(signInFirst, async (req) => {
    const user = account(req)
    const body = await readJson(req)
    const row = await twoFactorRow(req.payload, user.id)
    if (!row?.since || !row.secret) return refuse(409, TWO_FACTOR_MESSAGES.notOn)
    const password = typeof body.password === 'string' ? body.password : ''
    if (password) {
      const pool = pgPool(req.payload)
      const wait = await twoFactorWait(pool, user.id)
      if (wait)
        return refused({
          ok: false,
          status: 429,
          retryAfter: wait,
          message: `Too many wrong codes. Try again in ${wait} seconds.`,
        })
      if (!(await isCurrentPassword(req, user.id, password))) {
        await countTwoFactorFailure(pool, user.id)
        return refuse(400, TWO_FACTOR_MESSAGES.disableRefused)
      }
    } else {
      const check = await checkCode(req.payload, user.id, row.secret, codeOf(body), {
        recovery: true,
      })
      if (!check.ok) return refused(check)
    }
    await disable(req.payload, user.id)
    await sendTwoFactorMail(req.payload, user.email, false)
    return Response.json({ message: TWO_FACTOR_MESSAGES.disabled })
  }),
}

export const twoFactorEndpoints = [startTwoFactor, confirmTwoFactor, disableTwoFactor]

/**
 * POST /api/accounts/login/code {challenge, code} — sign-in's second step: the challenge from the
 * password step (in the body, or the cookie the /login form keeps it in), and a current code or
 * an unused recovery code. Only then is there a session (the Remember me choice carried over).
 */
export const accountLoginCode: Endpoint = {
  path: '/accounts/login/code',
  method: 'post',
  handler: async (req) => {
    const body = await readJson(req)
    const token = typeof body.challenge === 'string' ? body.challenge : challengeFromCookie(req)
    const challenge = token ? readChallenge(req, token) : null
    if (!challenge) return refuse(401, TWO_FACTOR_MESSAGES.challengeExpired)
    const row = await twoFactorRow(req.payload, challenge.userId)
    if (!row) return refuse(401, TWO_FACTOR_MESSAGES.challengeExpired)
    if (row.secret) {
      const check = await checkCode(req.payload, challenge.userId, row.secret, codeOf(body), {
        recovery: true,
      })
      if (!check.ok) return refused(check)
    } else if (await secondStepNeeded(req, challenge.userId)) {
      // No authenticator app, yet a second step: the account's passkey is it, not a code.
      return refuse(400, PASSKEY_MESSAGES.useYourPasskey)
    }
    return finishSignIn(req, challenge.userId, challenge.remember, {
      recoveryCodesLeft: await recoveryLeft(req.payload, challenge.userId),
    })
  },
}

/**
 * The end of every sign-in that passed its second step (a code, a passkey): Payload's own
 * session, the Remember me choice carried over, the step's cookies cleared.
 */
export async function finishSignIn(
  req: PayloadRequest,
  userId: number,
  remember: Remember,
  extra: Record<string, unknown> = {},
  cookies: string[] = [],
) {
  req.context[SECOND_FACTOR_PASSED] = true
  const session = await mintSession(req, userId, remember)
  const user = await signedInUser(req, userId)
  const headers = new Headers()
  headers.append('Set-Cookie', session.cookie)
  headers.append('Set-Cookie', challengeCookie(req, null))
  for (const cookie of cookies) headers.append('Set-Cookie', cookie)
  return Response.json({ message: 'Signed in.', exp: session.exp, user, ...extra }, { headers })
}
