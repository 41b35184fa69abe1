import crypto from 'node:crypto'

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

const mac = (secret: string, body: string) =>
  crypto.createHmac('sha256', secret).update(`${PURPOSE}.${body}`).digest('base64url')

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
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url')
  return `${body}.${mac(secret, body)}`
}

/** The claims of a genuine, unexpired token; null for anything else. */
export function readConfirmationToken(
  secret: string,
  token: string,
  now = Date.now(),
): ConfirmationClaims | null {
  const [body, signature, extra] = token.split('.')
  if (!body || !signature || extra !== undefined) return null
  const expected = mac(secret, body)
  if (signature.length !== expected.length) return null
  if (!crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) return null
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ConfirmationClaims
    if (typeof claims.id !== 'number' || typeof claims.email !== 'string') return null
    if (typeof claims.exp !== 'number' || claims.exp < now) return null
    return claims
  } catch {
    return null
  }
}
