import type { AuthStrategyResult } from 'payload'

/** Payload's user of a session, as its auth strategies answered it. */
export type SessionUser = NonNullable<AuthStrategyResult['user']>

/** A session the rate limiter checked for a request: its user and the credentials it was read from. */
export interface CheckedSession {
  user: SessionUser
  credentials: string
}

/** The headers a session is read from (the cookie and a bearer token), as one string. */
export const credentialsOf = (headers: Headers) =>
  `${headers.get('cookie') ?? ''}\n${headers.get('authorization') ?? ''}`

/**
 * Sessions handed from the limiter to Payload's auth, keyed by the Headers of the Request the
 * site's server itself built for Payload: nothing a client sends can put an entry here, and a
 * request made anywhere else (the Local API, a job, a test's own Request) has none, so Payload
 * checks its session as always. Read once: the entry is dropped when Payload's auth takes it.
 */
const handedOver = new WeakMap<Headers, SessionUser>()

/**
 * Hands the session the limiter has just checked (Payload's own strategies, moments ago, for
 * this same request) to Payload's auth of `request`, so it is not looked up twice. Only when the
 * request carries exactly the credentials that were checked; else Payload checks them itself.
 */
export function handOverSession(request: Request, session: CheckedSession | null | undefined) {
  if (session && credentialsOf(request.headers) === session.credentials)
    handedOver.set(request.headers, session.user)
}

/** The session handed over for these headers (once), or undefined: then check it as usual. */
export function takeHandedOverSession(headers: Headers): SessionUser | undefined {
  const user = handedOver.get(headers)
  handedOver.delete(headers)
  return user
}
