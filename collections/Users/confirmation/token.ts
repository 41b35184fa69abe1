import {
  readAccountClaims,
  signAccountClaims,
  type AccountClaims,
} from '@collections/Users/accountToken'

/**
 * The link in the sign-up confirmation e-mail carries a signed token (no table): the account id,
 * the address it was sent to and an expiry, with an HMAC under the Payload secret. A token for an
 * address the account no longer has confirms nothing.
 */
export const CONFIRMATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000
const PURPOSE = 'belong:confirm-email'

export type ConfirmationClaims = AccountClaims

export function confirmationToken(
  secret: string,
  id: number,
  email: string,
  now = Date.now(),
): string {
  return signAccountClaims(secret, PURPOSE, { id, email }, CONFIRMATION_LIFETIME_MS, now)
}

/** The claims of a genuine, unexpired token; null for anything else. */
export function readConfirmationToken(
  secret: string,
  token: string,
  now = Date.now(),
): ConfirmationClaims | null {
  return readAccountClaims<ConfirmationClaims>(secret, PURPOSE, token, now)
}
