// HMAC and MD5 helpers for channel auth strings and HTTP API request signatures.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

export function hmacHex(secret: string, data: string): string {
  return createHmac('sha256', secret).update(data).digest('hex')
}

export function md5Hex(body: string | Buffer): string {
  return createHash('md5').update(body).digest('hex')
}

/** Constant-time comparison so signature checks do not leak how many characters matched. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/** What a private/presence `auth` field must be: "key:hex(HMAC(secret, socket:channel[:data]))". */
export function channelAuth(
  key: string,
  secret: string,
  socketId: string,
  channel: string,
  channelData?: string,
): string {
  const parts = channelData === undefined ? [socketId, channel] : [socketId, channel, channelData]
  return `${key}:${hmacHex(secret, parts.join(':'))}`
}

/**
 * The query part of the string to sign: every parameter but auth_signature, keys lower-cased and
 * sorted, "k=v" joined by "&". The pusher SDK signs values as it sends them (not URL-encoded).
 */
export function signedQuery(pairs: Array<[string, string]>): string {
  return pairs
    .filter(([k]) => k.toLowerCase() !== 'auth_signature')
    .map(([k, v]): [string, string] => [k.toLowerCase(), v])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&')
}

export function apiSignature(secret: string, method: string, path: string, query: string): string {
  return hmacHex(secret, `${method.toUpperCase()}\n${path}\n${query}`)
}
