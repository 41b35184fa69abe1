import {
  AuthenticationError,
  getFieldsToSign,
  jwtSign,
  type Payload,
  type PayloadRequest,
  type SanitizedCollectionConfig,
} from 'payload'
import { addSessionToUser, generateCookie } from 'payload/shared'
import type { Pool } from 'pg'

import { REMEMBER_ME_SECONDS } from '@/rules/accounts'
import { parseJsonBody } from '@/server/config/signedToken'

import type { ClaimedSession } from './claimedAccounts'

/**
 * Payload sessions with a "Remember me" choice (SPEC §2 /login).
 *
 * Every token we mint carries a `remember` claim (signed, so the browser cannot change it):
 * - remember true: the token and the cookie last 30 days, and so does the session row;
 * - remember false: the token lasts the collection's tokenExpiration (7 days) but its cookie has
 *   no expiry, so the browser forgets it when it closes.
 * Tokens without the claim come from Payload's own /api/users/login (the admin, API clients)
 * and keep Payload's behaviour. The refresh endpoint (refreshToken in endpoints.ts) keeps the
 * choice.
 */
export type Remember = boolean | undefined

interface RawUser {
  id: number
  email?: string
  sessions?: { id: string; createdAt?: Date | string | null; expiresAt: Date | string }[] | null
  [key: string]: unknown
}

/** The raw users row (with `sessions` and the auth columns), as Payload's own operations read it. */
async function rawUser(req: PayloadRequest, userId: number): Promise<RawUser | null> {
  return (await req.payload.db.findOne({
    collection: 'users',
    req,
    where: { id: { equals: userId } },
  })) as RawUser | null
}

/**
 * Ends every session of the account and anything that would let the old password or an
 * earlier reset e-mail back in: all sessions, a pending reset token, the failure count and lock.
 */
export async function revokeAllSessions(req: PayloadRequest, userId: number) {
  const user = await rawUser(req, userId)
  if (!user) return
  await req.payload.db.updateOne({
    id: user.id,
    collection: 'users',
    data: {
      ...user,
      sessions: [],
      resetPasswordToken: null,
      resetPasswordExpiration: null,
      loginAttempts: 0,
      lockUntil: null,
      updatedAt: new Date().toISOString(),
    },
    req,
    returning: false,
  })
}

export function usersConfig(payload: Payload): SanitizedCollectionConfig {
  return payload.collections.users.config
}

function lifetime(payload: Payload, remember: Remember): number {
  return remember === true ? REMEMBER_ME_SECONDS : usersConfig(payload).auth.tokenExpiration
}

/** Signs a token for a session that already exists on the user. */
export async function signSessionToken(
  req: PayloadRequest,
  user: RawUser,
  sid: string,
  remember: Remember,
): Promise<{ token: string; exp: number }> {
  const collectionConfig = usersConfig(req.payload)
  const fieldsToSign: Record<string, unknown> = getFieldsToSign({
    collectionConfig,
    email: user.email ?? '',
    sid,
    user: { ...user, collection: 'users' } as never,
  })
  if (remember !== undefined) fieldsToSign.remember = remember
  return jwtSign({
    fieldsToSign,
    secret: req.payload.secret,
    tokenExpiration: lifetime(req.payload, remember),
  })
}

/** Stretches the stored session to the token's life, so no other sign-in prunes it early. */
export async function extendSession(req: PayloadRequest, userId: number, sid: string, exp: number) {
  const user = await rawUser(req, userId)
  const session = user?.sessions?.find((s) => s.id === sid)
  if (!user || !session) return
  session.expiresAt = new Date(exp * 1000)
  await req.payload.db.updateOne({
    id: user.id,
    collection: 'users',
    data: { ...user, updatedAt: null },
    req,
    returning: false,
  })
}

/** The payload-token cookie for a token: persistent only when remembered (or Payload's own). */
export function sessionCookie(req: PayloadRequest, token: string, remember: Remember, exp: number) {
  const auth = usersConfig(req.payload).auth
  const sameSite = typeof auth.cookies.sameSite === 'string' ? auth.cookies.sameSite : 'Lax'
  return generateCookie<false>({
    returnCookieAsObject: false,
    name: `${req.payload.config.cookiePrefix}-token`,
    value: token,
    path: '/',
    httpOnly: true,
    sameSite,
    secure: auth.cookies.secure,
    domain: auth.cookies.domain ?? undefined,
    expires: remember === false ? undefined : new Date(exp * 1000),
  })
}

/**
 * A Payload session for someone who proved who they are elsewhere (the OIDC callback), in the
 * order Payload's own loginOperation uses after its password check. The password lockout
 * (10 failures) does not apply: it guards the password, and a stranger who keeps failing on
 * purpose must not keep the owner out.
 */
export async function mintSession(req: PayloadRequest, userId: number, remember: Remember) {
  const collectionConfig = usersConfig(req.payload)
  // The raw row (with `sessions`): addSessionToUser writes the whole user back.
  const user = await rawUser(req, userId)
  if (!user) throw new AuthenticationError(req.t)
  let current = user
  const { sid } = await addSessionToUser({
    collectionConfig,
    payload: req.payload,
    req,
    user: current as never,
  })
  if (!sid) throw new Error('Sessions are off for users: cannot mint a session.')
  for (const hook of collectionConfig.hooks?.beforeLogin ?? []) {
    current =
      ((await hook({ collection: collectionConfig, context: req.context, req, user: current })) as
        RawUser | undefined) ?? current
  }
  const { token, exp } = await signSessionToken(req, current, sid, remember)
  if (remember === true) await extendSession(req, current.id, sid, exp)
  for (const hook of collectionConfig.hooks?.afterLogin ?? []) {
    await hook({ collection: collectionConfig, context: req.context, req, token, user: current })
  }
  return { token, exp, cookie: sessionCookie(req, token, remember, exp) }
}

/** The account a sign-in answers with (or leads on from), as Payload reads it. */
export function signedInUser(req: PayloadRequest, userId: number) {
  return req.payload.findByID({
    collection: 'users',
    id: userId,
    depth: 0,
    overrideAccess: true,
    req,
  })
}

/** The claims of the token this request was authenticated with (already verified by Payload). */
export function requestTokenClaims(req: PayloadRequest): Record<string, unknown> | null {
  const header = req.headers.get('authorization') ?? ''
  const fromHeader = /^(?:JWT|Bearer) (.+)$/.exec(header)?.[1]
  const cookieName = `${req.payload.config.cookiePrefix}-token`
  const fromCookie = (req.headers.get('cookie') ?? '')
    .split(/;\s*/)
    .find((pair) => pair.startsWith(`${cookieName}=`))
    ?.slice(cookieName.length + 1)
  return tokenClaims(fromHeader ?? fromCookie)
}

/** A JWT's claims as they are written (not verified), or null when it has none to read. */
export function tokenClaims(token: string | undefined): Record<string, unknown> | null {
  const body = token?.split('.')[1]
  return body ? parseJsonBody<Record<string, unknown>>(body) : null
}

/**
 * Whether a token's session is live: its row is there (signing out deletes it) and unexpired.
 * One indexed read on the primary, like the sign-in check's own (knownUsers.ts): a sign-out on
 * another instance counts at once.
 */
export async function isLiveSession(pool: Pool, { id, sid }: ClaimedSession): Promise<boolean> {
  const { rowCount } = await pool.query(
    'SELECT 1 FROM users_sessions WHERE id = $2 AND _parent_id = $1 AND expires_at > now()',
    [id, sid],
  )
  return rowCount === 1
}
