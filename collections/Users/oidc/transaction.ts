import type { PayloadRequest } from 'payload'
import { generateCookie } from 'payload/shared'

import { hmac, jsonBody, parseJsonBody, sameSignature } from '@/server/config/signedToken'

/**
 * What the callback must check against (state, nonce, PKCE verifier) and where to go after,
 * kept in a short-lived cookie between /start and /callback. SameSite=Lax: the callback is a
 * top-level navigation from the provider's site, which Strict cookies would miss. Signed with
 * the Payload secret so mode, next and remember cannot be edited.
 */
export const TRANSACTION_COOKIE = 'belong-oidc'
const PATH = '/api/auth/oidc'
const MAX_AGE_SECONDS = 10 * 60

export type Mode = 'login' | 'register'

export interface Transaction {
  state: string
  nonce: string
  verifier: string
  mode: Mode
  next: string | null
  remember: boolean
  redirectUri: string
  /** Milliseconds since the epoch; older than MAX_AGE_SECONDS is refused. */
  at: number
}

export function transactionCookie(req: PayloadRequest, txn: Transaction): string {
  const body = jsonBody(txn)
  return generateCookie<false>({
    returnCookieAsObject: false,
    name: TRANSACTION_COOKIE,
    value: `${body}.${hmac(req.payload.secret, body)}`,
    path: PATH,
    httpOnly: true,
    sameSite: 'Lax',
    secure: txn.redirectUri.startsWith('https:'),
    maxAge: MAX_AGE_SECONDS,
  })
}

/** Deletes the cookie (generateCookie drops maxAge 0, hence a date in the past). */
export function clearedTransactionCookie(): string {
  return generateCookie<false>({
    returnCookieAsObject: false,
    name: TRANSACTION_COOKIE,
    value: '',
    path: PATH,
    httpOnly: true,
    sameSite: 'Lax',
    expires: new Date(0),
  })
}

export function readTransaction(req: PayloadRequest): Transaction | null {
  const raw = (req.headers.get('cookie') ?? '')
    .split(/;\s*/)
    .find((pair) => pair.startsWith(`${TRANSACTION_COOKIE}=`))
    ?.slice(TRANSACTION_COOKIE.length + 1)
  const [body, mac] = raw?.split('.') ?? []
  if (!body || !mac) return null
  if (!sameSignature(mac, hmac(req.payload.secret, body))) return null
  const txn = parseJsonBody<Transaction>(body)
  return txn && Date.now() - txn.at! <= MAX_AGE_SECONDS * 1000 ? (txn as Transaction) : null
}
