import type { IncomingHttpHeaders } from 'node:http'
import { LRUCache } from 'lru-cache'
import { JWT_AUTH_VERSION } from 'payload'

import { hmac, parseJsonBody, sameSignature } from '@/server/config/signedToken'

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
  const tokens = tokensOf(headers, keys.cookieName)
  if (!tokens || tokens.length > MAX_TOKENS) return null
  const accounts: number[] = []
  for (const token of tokens) {
    const id = signedClaims(token, keys.secret)?.id
    if (id === undefined) return null
    accounts.push(id)
  }
  return accounts
}

/**
 * claimedAccounts for one site's keys, remembered by the request's credentials: what a token
 * names never changes while the secret does not, and a member sends the same cookie with every
 * read of a page view, so only the first pays for the signature checks. Kept by size, since a
 * stranger chooses the headers: at most 4 MB of them.
 */
export function rememberedAccounts(keys: TokenKeys) {
  const named = new LRUCache<string, { accounts: number[] | null }>({
    maxSize: 4_000_000,
    sizeCalculation: (_value, credentials) => credentials.length + 64,
  })
  return (headers: IncomingHttpHeaders): number[] | null => {
    const credentials = `${headers.authorization ?? ''}\n${headers.cookie ?? ''}`
    let known = named.get(credentials)
    if (!known) {
      known = { accounts: claimedAccounts(headers, keys) }
      named.set(credentials, known)
    }
    return known.accounts
  }
}

/** Every token Payload's sign-in reads; null for an Authorization header of another scheme. */
function tokensOf(headers: IncomingHttpHeaders, cookieName: string): string[] | null {
  const tokens: string[] = []
  const authorization = headers.authorization
  if (authorization !== undefined) {
    const scheme = ['JWT ', 'Bearer '].find((s) => authorization.startsWith(s))
    if (!scheme) return null
    tokens.push(authorization.slice(scheme.length))
  }
  tokens.push(...cookieValues(headers.cookie ?? '', cookieName))
  return tokens
}

/** A Payload session: its account and the session id its token carries. */
export interface ClaimedSession {
  id: number
  sid: string
  /** When the token expires (seconds since the epoch). */
  exp: number
}

/**
 * The session a request's only token names, read as Payload's local-jwt reads it: signed by this
 * site, of Payload's token format, unexpired, naming an account and a session. Whether that
 * session is still live (not signed out) is the caller's question (isLiveSession). Null with
 * more than one token (which would sign in is Payload's to say) or anything else.
 */
export function claimedSession(
  headers: IncomingHttpHeaders,
  keys: TokenKeys,
  nowSeconds = Date.now() / 1000,
): ClaimedSession | null {
  const tokens = tokensOf(headers, keys.cookieName)
  if (tokens?.length !== 1) return null
  return tokenSession(tokens[0]!, keys.secret, nowSeconds)
}

/** The session one token names (see claimedSession), or null. */
export function tokenSession(
  token: string,
  secret: string,
  nowSeconds = Date.now() / 1000,
): ClaimedSession | null {
  const claims = signedClaims(token, secret)
  if (!claims || claims.authVersion !== JWT_AUTH_VERSION) return null
  const { exp, nbf, sid } = claims.body
  if (typeof exp !== 'number' || exp <= nowSeconds) return null
  if (nbf !== undefined && !(typeof nbf === 'number' && nbf <= nowSeconds)) return null
  return typeof sid === 'string' && sid ? { id: claims.id, sid, exp } : null
}

/**
 * The one token Payload's sign-in reads from a request, as its extractJWT picks it: the
 * Authorization header's `JWT`, then its `Bearer`, then the token cookie (its last value) when
 * the request's Origin is allowed (`csrf`), or without an Origin, when Sec-Fetch-Site says the
 * browser sent it from this site or the list is empty. Null: nobody is signed in.
 */
export function payloadToken(
  headers: IncomingHttpHeaders,
  keys: TokenKeys & { csrf: string[] },
): string | null {
  const authorization = headers.authorization
  if (authorization?.startsWith('JWT ')) return authorization.replace('JWT ', '')
  if (authorization?.startsWith('Bearer ')) return authorization.replace('Bearer ', '')
  const token = cookieValues(headers.cookie ?? '', keys.cookieName).at(-1)
  if (!token) return null
  const origin = headers.origin
  if (origin) return keys.csrf.length === 0 || keys.csrf.includes(origin) ? token : null
  if (keys.csrf.length === 0) return token
  const site = headers['sec-fetch-site']
  return site === 'same-origin' || site === 'same-site' || site === 'none' ? token : null
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

interface Claims {
  collection: string
  id: number
  sid: unknown
  exp: unknown
  nbf: unknown
}

/**
 * The users id a JWT signed by this site names, with its claims and the version in its header;
 * null for another signature, claims or form.
 */
function signedClaims(token: string, secret: string) {
  const [header, body, signature, extra] = token.split('.')
  if (!header || !body || !signature || extra !== undefined) return null
  const protectedHeader = parseJsonBody<{ alg: string; authVersion: unknown }>(header)
  if (protectedHeader?.alg !== 'HS256') return null
  if (!sameSignature(signature, hmac(secret, `${header}.${body}`))) return null
  const claims = parseJsonBody<Claims>(body) ?? {}
  const { collection, id } = claims
  return collection === 'users' && Number.isSafeInteger(id)
    ? { id: id as number, body: claims, authVersion: protectedHeader.authVersion }
    : null
}
