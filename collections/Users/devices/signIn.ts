import crypto from 'node:crypto'

import type { User } from '@/payload-types'
import type { CollectionAfterLoginHook, PayloadRequest } from 'payload'

import { DEVICE_COOKIE, DEVICE_COOKIE_SECONDS, DEVICES_ANCHOR } from '@/rules/devices'
import { SETTINGS_PATH } from '@/rules/settings'
import { afterCommit } from '@/server/database/afterCommit'
import { query, sql } from '@/server/database/db'
import { describeUserAgent } from '@/views/devices'
import { tokenClaims } from '@collections/Users/accounts/session'
import { sendAccountChangeMail } from '@collections/Users/twoFactor/mail'
import { siteOrigin } from '@collections/Users/siteOrigin'
import { forgetEndedDetails } from '@/data/sessions'

export const NEW_DEVICE_SUBJECT = 'A new sign-in to your Belong account'

/** The longest user agent kept (browsers send a few hundred characters). */
const MAX_USER_AGENT = 512

const hashOf = (value: string) => crypto.createHash('sha256').update(value).digest('hex')

/** The browser's device cookie, when it holds one of ours (43 base64url characters). */
function deviceCookieOf(req: PayloadRequest): string | null {
  for (const part of (req.headers.get('cookie') ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=')
    const value = rest.join('=')
    if (name === DEVICE_COOKIE && /^[\w-]{43}$/.test(value)) return value
  }
  return null
}

/**
 * The device a sign-in comes from: the browser's random device cookie (32 bytes, HttpOnly, set at
 * its first sign-in and kept 400 days), never anything read from the browser itself. A browser
 * without one, or after clearing its cookies, is a new device; only the cookie's hash is stored.
 */
function deviceOf(req: PayloadRequest): string {
  const known = deviceCookieOf(req)
  if (known) return hashOf(known)
  const value = crypto.randomBytes(32).toString('base64url')
  const secure = req.payload.collections.users.config.auth.cookies.secure ? '; Secure' : ''
  const headers = req.responseHeaders ?? new Headers()
  headers.append(
    'Set-Cookie',
    `${DEVICE_COOKIE}=${value}; Path=/; Max-Age=${DEVICE_COOKIE_SECONDS}; HttpOnly; SameSite=Lax${secure}`,
  )
  req.responseHeaders = headers
  return hashOf(value)
}

const when = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/London',
  }).format(date)

/**
 * After every sign-in that opens a session (the site's sign-in and its two-factor step, Payload's
 * own login, external sign-in, a password reset): the session's user agent for Settings → Your
 * devices, and its device remembered for the account. A device the account has not signed in
 * from before is mailed to the member, unless it is the account's first (its sign-up, or its
 * first sign-in since devices were kept: nothing to compare with).
 */
export const recordSignIn: CollectionAfterLoginHook<User> = async ({ req, token, user }) => {
  const sid = tokenClaims(token)?.sid
  if (typeof sid !== 'string') return user
  const userAgent = (req.headers.get('user-agent') ?? '').slice(0, MAX_USER_AGENT)
  await query(
    req,
    sql`INSERT INTO session_details (sid, user_id, user_agent) VALUES (${sid}, ${user.id}, ${userAgent})
        ON CONFLICT (sid) DO UPDATE SET user_agent = EXCLUDED.user_agent, last_used_at = now()`,
  )
  await forgetEndedDetails(req, user.id, sid)
  const [seen] = await query<{ inserted: boolean; before: number }>(
    req,
    sql`WITH before AS (SELECT count(*)::int AS n FROM known_devices WHERE user_id = ${user.id}),
         up AS (INSERT INTO known_devices (user_id, device_hash) VALUES (${user.id}, ${deviceOf(req)})
                ON CONFLICT (user_id, device_hash) DO UPDATE SET last_seen_at = now()
                RETURNING (xmax = 0) AS inserted)
        SELECT up.inserted, before.n AS before FROM up, before`,
  )
  if (seen?.inserted && seen.before > 0 && user.email) {
    const { payload } = req
    const to = user.email
    const link = `${siteOrigin(req)}${SETTINGS_PATH}#${DEVICES_ANCHOR}`
    const lines = [
      `Your Belong account was just signed in to from a device it has not been used on before: ${describeUserAgent(userAgent)}, on ${when(new Date())} (UK time).`,
      `If this was you, there is nothing to do. If it was not, sign that device out in Settings → Your devices (${link}), where every device signed in to your account is listed.`,
    ]
    afterCommit(req, () => sendAccountChangeMail(payload, to, NEW_DEVICE_SUBJECT, lines))
  }
  return user
}
