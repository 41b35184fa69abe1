import crypto from 'node:crypto'

/**
 * Signed tokens that need no table (mailed links, a cookie between two requests): a body and
 * its HMAC-SHA256 under a server secret, both base64url, so a token holds no dot of its own.
 */

/** The base64url HMAC-SHA256 of `text` under `key`. */
export const hmac = (key: crypto.BinaryLike, text: string) =>
  crypto.createHmac('sha256', key).update(text).digest('base64url')

/** Whether a signature given back is the expected one, compared in constant time. */
export const sameSignature = (given: string, expected: string) =>
  given.length === expected.length &&
  crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected))

/** A value as JSON in one base64url word: the body of a token. */
export const jsonBody = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** A body's value, or null when it is not JSON of an object. */
export function parseJsonBody<T>(body: string): Partial<T> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
    return typeof value === 'object' && value !== null ? (value as Partial<T>) : null
  } catch {
    return null
  }
}

/** The claims as `body.signature`, signed over `purpose.body`: a token serves one purpose only. */
export function signClaims(secret: string, purpose: string, claims: { exp: number }): string {
  const body = jsonBody(claims)
  return `${body}.${hmac(secret, `${purpose}.${body}`)}`
}

/**
 * The claims of a token `signClaims` made for `purpose`, if unexpired (`exp`, milliseconds since
 * the epoch, not before `now`); null for anything else. The caller checks the other fields.
 */
export function readClaims<T extends { exp: number }>(
  secret: string,
  purpose: string,
  token: string,
  now: number,
): Partial<T> | null {
  const [body, signature, extra] = token.split('.')
  if (!body || !signature || extra !== undefined) return null
  if (!sameSignature(signature, hmac(secret, `${purpose}.${body}`))) return null
  const claims = parseJsonBody<T>(body)
  return claims && typeof claims.exp === 'number' && claims.exp >= now ? claims : null
}
