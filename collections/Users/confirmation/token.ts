import { readClaims, signClaims } from '@collections/shared/signedToken'

/**
 * The link in the sign-up confirmation e-mail carries a signed token (no table): the account id,
 * the address it was sent to and an expiry, with an HMAC under the Payload secret. A token for an
 * address the account no longer has confirms nothing.
 */
export const CONFIRMATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000
const PURPOSE = 'belong:confirm-email'

export interface ConfirmationClaims {
  id: number
  email: string
  /** Milliseconds since the epoch. */
  exp: number
}

export const normalEmail = (email: string) => email.trim().toLowerCase()

export function confirmationToken(
  secret: string,
  id: number,
  email: string,
  now = Date.now(),
): string {
  const claims: ConfirmationClaims = {
    id,
    email: normalEmail(email),
    exp: now + CONFIRMATION_LIFETIME_MS,
  }
  return signClaims(secret, PURPOSE, claims)
}

/** The claims of a genuine, unexpired token; null for anything else. */
export function readConfirmationToken(
  secret: string,
  token: string,
  now = Date.now(),
): ConfirmationClaims | null {
  const claims = readClaims<ConfirmationClaims>(secret, PURPOSE, token, now)
  if (typeof claims?.id !== 'number' || typeof claims.email !== 'string') return null
  return claims as ConfirmationClaims
}
