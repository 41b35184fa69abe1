import type { IncomingHttpHeaders } from 'node:http'

import { hmac, parseJsonBody, sameSignature } from '@collections/shared/signedToken'

/** More than this many tokens in one request is not a browser's or a client's: left to Payload. */
const MAX_TOKENS = 4

/** Payload's token cookie's name and its signing secret (`payload.secret`). */
export interface TokenKeys {
  cookieName: string
  secret: string
}

/**
 * The accounts a request's tokens name: every account Payload's sign-in could sign the request
 * in as (its JWT strategies read the Authorization header's `JWT` or `Bearer` token and the token
 * cookie), and perhaps more. Each token's signature is checked (HS256 with Payload's secret, as
 * Payload signs them), so nobody can name an account they hold no token of; its session is not
 * (a signed-out token still names its account). Null when a credential is in a form this does
 * not read or is not signed by this site, so that the caller leaves it to Payload's own check.
 */
export function claimedAccounts(headers: IncomingHttpHeaders, keys: TokenKeys): number[] | null {
  const tokens: string[] = []
  const authorization = headers.authorization
  if (authorization !== undefined) {
    const scheme = ['JWT ', 'Bearer '].find((s) => authorization.startsWith(s))
    if (!scheme) return null
    tokens.push(authorization.slice(scheme.length))
  }
  tokens.push(...cookieValues(headers.cookie ?? '', keys.cookieName))
  if (tokens.length > MAX_TOKENS) return null
  const accounts: number[] = []
  for (const token of tokens) {
    const id = accountOf(token, keys.secret)
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

/** The users id a JWT signed by this site names, or null (another signature, claims or form). */
function accountOf(token: string, secret: string): number | null {
  const [header, body, signature, extra] = token.split('.')
  if (!header || !body || !signature || extra !== undefined) return null
  if (parseJsonBody<{ alg: string }>(header)?.alg !== 'HS256') return null
  if (!sameSignature(signature, hmac(secret, `${header}.${body}`))) return null
  const { collection, id } = parseJsonBody<{ collection: string; id: number }>(body) ?? {}
  return collection === 'users' && Number.isSafeInteger(id) ? (id as number) : null
}
