import type { IncomingHttpHeaders } from 'node:http'

/** More than this many tokens in one request is not a browser's or a client's: left to Payload. */
const MAX_TOKENS = 4

/**
 * The accounts a request's tokens name, read without checking them: every account Payload's
 * sign-in could sign the request in as (its JWT strategies read the Authorization header's
 * `JWT` or `Bearer` token and the token cookie), and perhaps more. Null when a credential is in
 * a form this does not read, so that the caller leaves the request to Payload's own check.
 */
export function claimedAccounts(headers: IncomingHttpHeaders, cookieName: string): number[] | null {
  const tokens: string[] = []
  const authorization = headers.authorization
  if (authorization !== undefined) {
    const scheme = ['JWT ', 'Bearer '].find((s) => authorization.startsWith(s))
    if (!scheme) return null
    tokens.push(authorization.slice(scheme.length))
  }
  tokens.push(...cookieValues(headers.cookie ?? '', cookieName))
  if (tokens.length > MAX_TOKENS) return null
  const accounts: number[] = []
  for (const token of tokens) {
    const id = accountOf(token)
    if (id === null) return null
    accounts.push(id)
  }
  return accounts
}

/** Every value of the cookie, decoded as Payload decodes it (one it cannot decode it ignores). */
function cookieValues(header: string, name: string): string[] {
  const values: string[] = []
  for (const cookie of header.split(';')) {
    const [key, ...rest] = cookie.split('=')
    if (key?.trim() !== name) continue
    try {
      values.push(decodeURI(rest.join('=')))
    } catch {
      // (Payload skips it too)
    }
  }
  return values
}

/** The users id a JWT's claims name, or null when they name something else or nothing clear. */
function accountOf(token: string): number | null {
  const parts = token.split('.')
  if (parts.length !== 3) return null
  try {
    const claims: unknown = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'))
    if (typeof claims !== 'object' || claims === null) return null
    const { collection, id } = claims as { collection?: unknown; id?: unknown }
    return collection === 'users' && Number.isSafeInteger(id) ? (id as number) : null
  } catch {
    return null
  }
}
