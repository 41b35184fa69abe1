import { SIGN_UP_FORM_MAX_SECONDS, SIGN_UP_MIN_SECONDS } from '@/rules/signUp'
import { readClaims, signClaims } from '@/server/config/signedToken'

const PURPOSE = 'sign-up-form'

/**
 * The sign-up form's token: when the form was issued, signed with the server's secret, so the
 * time cannot be set back by the sender. Wall time (not the test clock): it measures a person.
 */
export function issueSignUpToken(secret: string, now = Date.now()): string {
  const claims = { iat: now, exp: now + SIGN_UP_FORM_MAX_SECONDS * 1000 }
  return signClaims(secret, PURPOSE, claims)
}

export type SignUpTokenCheck = 'ok' | 'tooFast' | 'invalid'

/** Whether a sign-up came with a genuine, unexpired form issued long enough ago. */
export function checkSignUpToken(
  secret: string,
  token: unknown,
  now = Date.now(),
): SignUpTokenCheck {
  if (typeof token !== 'string' || token.length > 500) return 'invalid'
  const claims = readClaims<{ exp: number; iat: number }>(secret, PURPOSE, token, now)
  if (!claims || typeof claims.iat !== 'number') return 'invalid'
  return now - claims.iat < SIGN_UP_MIN_SECONDS * 1000 ? 'tooFast' : 'ok'
}
