import { readClaims, signClaims } from '@/server/config/signedToken'

const PURPOSE = 'market-renew'
const LIFETIME_MS = 7 * 24 * 3600 * 1000

interface RenewClaims {
  item: number
  /** The expiry the link renews: once renewed the item has another, so the link is used up. */
  for: string
  exp: number
}

/** The renewal mail's token for an item that expires at `expiresAt`. */
export function signRenewToken(secret: string, item: number, expiresAt: string, now: number) {
  const claims: RenewClaims = {
    item,
    for: new Date(expiresAt).toISOString(),
    exp: now + LIFETIME_MS,
  }
  return signClaims(secret, PURPOSE, claims)
}

/** Whether the token is genuine, unexpired, for this item and for the expiry it has now. */
export function renewTokenFits(
  secret: string,
  token: string,
  item: { id: number; expiresAt: string },
  now: number,
): boolean {
  const claims = readClaims<RenewClaims>(secret, PURPOSE, token, now)
  return (
    claims?.item === item.id &&
    typeof claims.for === 'string' &&
    claims.for === new Date(item.expiresAt).toISOString()
  )
}
