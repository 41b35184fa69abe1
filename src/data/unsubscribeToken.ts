import crypto from 'node:crypto'

import { MAIL_KINDS, type MailKind } from '@/rules/notificationPrefs'
import { env } from '@/server/config/env'
import { hmac, sameSignature } from '@/server/config/signedToken'

/** An unsubscribe link works this long after its mail was sent. */
const VALID_DAYS = 180
const DAY_MS = 24 * 60 * 60 * 1000

export interface UnsubscribeClaim {
  user: number
  kind: MailKind
}

function signature(body: string): string {
  // A key of its own, derived from the server secret: a session token can never pass as one.
  const key = crypto
    .createHmac('sha256', env.payloadSecret ?? '')
    .update('unsubscribe')
    .digest()
  return hmac(key, body)
}

/** A token naming one member and one kind of mail, needing no sign-in; it expires. */
export function unsubscribeToken(claim: UnsubscribeClaim, now = new Date()): string {
  const expires = Math.floor(now.getTime() / DAY_MS) + VALID_DAYS
  const body = `${claim.user}.${claim.kind}.${expires}`
  return `${body}.${signature(body)}`
}

export type TokenCheck = UnsubscribeClaim | 'forged' | 'expired'

/** The member and kind a token names, or why it is refused (forged or altered, or too old). */
export function readUnsubscribeToken(token: string, now = new Date()): TokenCheck {
  const match = /^(\d{1,15})\.([a-zA-Z]{1,20})\.(\d{1,9})\.([\w-]{43})$/.exec(token)
  if (!match) return 'forged'
  const [, user, kind, expires, given] = match
  const same = sameSignature(given!, signature(`${user}.${kind}.${expires}`))
  if (!same || !(MAIL_KINDS as readonly string[]).includes(kind!)) return 'forged'
  if (Number(expires) < Math.floor(now.getTime() / DAY_MS)) return 'expired'
  return { user: Number(user), kind: kind as MailKind }
}
