import { readClaims, signClaims } from '@/server/config/signedToken'

/** An address as accounts are matched by it: trimmed, lower case. */
export const normalEmail = (email: string) => email.trim().toLowerCase()

/** What every link mailed about an account claims: the account, its address and an expiry. */
export interface AccountClaims {
  id: number
  email: string
  /** Milliseconds since the epoch. */
  exp: number
}

/** A token for `purpose` with the account's claims (its address normalised), `lifetimeMs` long. */
export function signAccountClaims<T extends AccountClaims>(
  secret: string,
  purpose: string,
  claims: Omit<T, 'exp'>,
  lifetimeMs: number,
  now: number,
): string {
  return signClaims(secret, purpose, {
    ...claims,
    email: normalEmail(claims.email),
    exp: now + lifetimeMs,
  })
}

/**
 * The claims of a genuine, unexpired token for `purpose` that names an account and an address;
 * null for anything else. The caller checks its own further claims.
 */
export function readAccountClaims<T extends AccountClaims>(
  secret: string,
  purpose: string,
  token: string,
  now: number,
): (Partial<T> & AccountClaims) | null {
  const claims = readClaims<T>(secret, purpose, token, now)
  if (typeof claims?.id !== 'number' || typeof claims.email !== 'string') return null
  return claims as Partial<T> & AccountClaims
}
