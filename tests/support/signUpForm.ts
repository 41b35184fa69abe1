import type { Payload } from 'payload'

import { FORM_TOKEN_FIELD, SIGN_UP_MIN_SECONDS } from '@/rules/signUp'
import { issueSignUpToken } from '@/data/signUpForm'

/**
 * Sign-ups through the API need the form's signed issue time, at least SIGN_UP_MIN_SECONDS old
 * (collections/Users/signUp). Tests pass that check as a person does: with a form issued earlier.
 */

/** In the server's own process (int tests): the form as if it had been open for a minute. */
export const formOpenedEarlier = (payload: Payload) => ({
  [FORM_TOKEN_FIELD]: issueSignUpToken(payload.secret, Date.now() - 60_000),
})

/** When the server issued a form token (its signed `iat`). */
export function issuedAt(token: string): number {
  const body = token.split('.')[0] ?? ''
  return (JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { iat: number }).iat
}

/** Resolves once the clock has passed `at` (checked every 100 ms). */
async function until(at: number): Promise<void> {
  while (Date.now() < at) await new Promise((resolve) => setTimeout(resolve, 100))
}

const forms = new Map<string, Promise<string>>()

/**
 * For tests outside the server's process: one form token per site and process, asked of GET
 * /api/users/sign-up-form, answered once the form is old enough to send (the first sign-up of a
 * process waits those seconds, as a person filling it in would; the rest reuse it).
 */
export function signUpFormOf(
  site: string,
  get: () => Promise<Record<string, unknown>>,
): Promise<{ [FORM_TOKEN_FIELD]: string }> {
  let form = forms.get(site)
  if (!form) {
    form = get().then(async (answer) => {
      const formToken = String(answer[FORM_TOKEN_FIELD])
      await until(issuedAt(formToken) + SIGN_UP_MIN_SECONDS * 1000 + 50)
      return formToken
    })
    forms.set(site, form)
  }
  return form.then((formToken) => ({ [FORM_TOKEN_FIELD]: formToken }))
}

/** `signUpFormOf` for a site at `base`, asked with fetch. */
export const signUpFormAt = (base: string) =>
  signUpFormOf(base, async () => {
    const answer = await fetch(`${base}/api/users/sign-up-form`)
    if (!answer.ok) throw new Error(`sign-up form: ${answer.status} ${await answer.text()}`)
    return (await answer.json()) as Record<string, unknown>
  })
