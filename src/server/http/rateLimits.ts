import type { IncomingMessage } from 'node:http'

import { executeAuthStrategies, type Payload } from 'payload'
import type { Pool } from 'pg'

import { PRIVATE_MESSAGE_TEXT } from '@/rules/privateMessages'
import { unconfirmedPostMessage } from '@/rules/signUp'
import { serverNow } from '@/server/config/clock'
import { fetchHeaders, UPLOAD_BODY_LIMIT } from './nodeFetch'
import { credentialsOf, type CheckedSession } from './sessionHandOver'

/** One limit: at most `max` hits (or bytes) per `windowSeconds` for one key (an IP, an account). */
export interface RateLimit {
  max: number
  windowSeconds: number
}

/**
 * Every limit of the site, in one place (SPEC says nothing; these follow what community sites
 * such as Discourse use). Override any of them with RATE_LIMITS='{"login":{"max":10}}'.
 */
export const RATE_LIMITS = {
  /** Password sign-in attempts per IP (the account lock stays as Payload's). */
  login: { max: 6, windowSeconds: 60 },
  signUp: { max: 5, windowSeconds: 3600 },
  /** Reset e-mails: each one lands in someone's inbox. */
  forgotPassword: { max: 5, windowSeconds: 3600 },
  /** Uploads per IP per day. */
  upload: { max: 60, windowSeconds: 86_400 },
  /** Any other API write: reviews, comments, reactions, votes, RSVPs, posts. */
  write: { max: 60, windowSeconds: 60 },
  /** Sums of the population service per IP (a read, sent as POST for its polygon). */
  populationSum: { max: 120, windowSeconds: 60 },
  /** Realtime WebSocket connections opened per IP. */
  socket: { max: 30, windowSeconds: 60 },

  // Per account, on top of the per-IP limits (Discourse-like: accounts younger than a day get
  // less room, so a fresh sign-up cannot flood the site from many addresses).
  /** Any write of one account (the same writes as `write`). */
  accountWrite: { max: 30, windowSeconds: 60 },
  newAccountWrite: { max: 30, windowSeconds: 3600 },
  /** Reviews of one account per day (also counted as writes). */
  accountReview: { max: 20, windowSeconds: 86_400 },
  newAccountReview: { max: 3, windowSeconds: 86_400 },
  /** Uploads of one account per day, by count and by bytes (the request body's size). */
  accountUpload: { max: 50, windowSeconds: 86_400 },
  newAccountUpload: { max: 10, windowSeconds: 86_400 },
  accountUploadBytes: { max: 200 * 1024 * 1024, windowSeconds: 86_400 },
  newAccountUploadBytes: { max: 40 * 1024 * 1024, windowSeconds: 86_400 },
  /**
   * E-mails to one address (password resets, sign-up and address-change confirmations), counted
   * whether or not an account has that address, so the answer tells nothing about accounts.
   */
  mailPerAddress: { max: 3, windowSeconds: 3600 },
  /**
   * Wrong two-factor codes (authenticator or recovery) per account, at sign-in and in Settings:
   * then every code is refused until the oldest failure leaves the window.
   */
  twoFactorCode: { max: 5, windowSeconds: 300 },
  /**
   * Posts (reviews, comments, discussions, stories, events, polls, local spots, neighbourhoods)
   * of an account whose e-mail is not confirmed yet: a throwaway sign-up cannot flood the site.
   */
  unconfirmedPost: { max: 5, windowSeconds: 3600 },
  /** Look-ups of the @mention picker per account (about one a keystroke, while typing a name). */
  memberSearch: { max: 60, windowSeconds: 60 },
  /** Private messages one account sends (instead of its writes: a chat is many small writes). */
  messageSend: { max: 30, windowSeconds: 60 },
  /**
   * New private conversations one account starts a day; `newConversationStart` while the account
   * is younger than a day or its e-mail is not confirmed.
   */
  conversationStart: { max: 20, windowSeconds: 86_400 },
  newConversationStart: { max: 3, windowSeconds: 86_400 },
} satisfies Record<string, RateLimit>

export type RateLimitName = keyof typeof RATE_LIMITS

export interface RateLimitSettings {
  limits: Record<RateLimitName, RateLimit>
  /** Addresses never limited (the operator's own health checks and proxies). */
  exempt: Set<string>
  enabled: boolean
}

export function rateLimitSettings(environment: NodeJS.ProcessEnv): RateLimitSettings {
  const raw = environment.RATE_LIMITS?.trim()
  const overrides = raw && raw !== 'off' ? (JSON.parse(raw) as Partial<typeof RATE_LIMITS>) : {}
  const limits = { ...RATE_LIMITS }
  for (const name of Object.keys(limits) as RateLimitName[]) {
    limits[name] = { ...limits[name], ...overrides[name] }
  }
  const exempt = new Set(
    (environment.RATE_LIMIT_EXEMPT ?? '')
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
  )
  return { limits, exempt, enabled: raw !== 'off' }
}

/** Which limit an API request counts against, or null for reads. */
export function limitFor(method: string, pathname: string): RateLimitName | null {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return null
  // Deleting one's account checks the current password: guessed like a sign-in.
  if (/^\/api\/(accounts\/login|users\/login|users\/me\/delete)$/.test(pathname)) return 'login'
  if (pathname === '/api/users/forgot-password') return 'forgotPassword'
  if (pathname === '/api/users' && method === 'POST') return 'signUp'
  if (pathname === '/api/media' && method === 'POST') return 'upload'
  if (pathname === '/api/population/sum') return 'populationSum'
  // Session upkeep is not a write anyone could abuse to flood others.
  if (/^\/api\/(users\/(logout|refresh-token)|accounts\/refresh|realtime\/auth)$/.test(pathname))
    return null
  return 'write'
}

/** The client's address; X-Forwarded-For only from a trusted front server (TRUST_PROXY). */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = req.headers['x-forwarded-for']
  if (trustProxy && typeof forwarded === 'string') {
    const hops = forwarded.split(',').map((h) => h.trim())
    return hops[hops.length - 1] || 'unknown'
  }
  return (req.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, '')
}

/** Accounts younger than this get the `newAccount…` limits. */
export const NEW_ACCOUNT_SECONDS = 24 * 3600

/** One hit to count: whose key, under which limit, weighing how much. */
export interface Hit {
  key: string
  limit: RateLimit
  /** What this hit weighs (1 for a request, its size for bytes). */
  weight: number
}

/**
 * Counts hits in PostgreSQL (so every app instance shares the counts) over sliding windows: the
 * hits of each key's last `windowSeconds`, never a fixed minute a burst could straddle. All are
 * counted in one statement, and only when every one is allowed: a refused request is not
 * stored under any key. Answers the first refused hit's index and how many seconds its client
 * must wait (until its oldest counted hit leaves the window), or null when all were allowed.
 * The counts are committed without waiting for the disk: a crash may forget the last few, never
 * a write anyone was told of.
 */
export async function countHits(
  pool: Pool,
  hits: Hit[],
): Promise<{ index: number; seconds: number } | null> {
  const { rows } = await pool.query<{ n: number; retry: number | null }>(
    `WITH quick AS (SELECT set_config('synchronous_commit', 'off', true)),
     asked AS (
       SELECT a.*, o - 1 AS i FROM unnest($1::text[], $2::int[], $3::int[], $4::bigint[])
         WITH ORDINALITY AS a(key, secs, max, weight, o)
     ), recent AS (
       SELECT a.i, a.key, a.weight, a.max, a.secs, coalesce(sum(r.hits), 0)::bigint AS n,
              min(r.window_start) AS oldest
         FROM asked a
         LEFT JOIN rate_limits r ON r.key = a.key AND r.window_start > now() - make_interval(secs => a.secs)
        GROUP BY a.i, a.key, a.weight, a.max, a.secs
     ), counted AS (
       INSERT INTO rate_limits (key, window_start, hits)
       SELECT key, clock_timestamp(), weight FROM recent
        WHERE NOT EXISTS (SELECT 1 FROM recent WHERE n + weight > max)
       ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limits.hits + EXCLUDED.hits
       RETURNING 1
     )
     SELECT recent.i, n::float8 AS n,
            ceil(extract(epoch FROM oldest + make_interval(secs => secs) - now()))::int AS retry
       FROM recent, quick ORDER BY recent.i`,
    [
      hits.map((h) => h.key),
      hits.map((h) => h.limit.windowSeconds),
      hits.map((h) => h.limit.max),
      hits.map((h) => h.weight),
    ],
  )
  if (Math.random() < 0.01) {
    void pool
      .query(`DELETE FROM rate_limits WHERE window_start < now() - interval '1 day'`)
      .catch(() => {})
  }
  const index = hits.findIndex((hit, i) => rows[i]!.n + hit.weight > hit.limit.max)
  if (index < 0) return null
  const { limit } = hits[index]!
  return { index, seconds: Math.max(1, rows[index]!.retry ?? limit.windowSeconds) }
}

/** Counts one hit (see countHits): the seconds to wait, or 0 when it is allowed. */
export async function countHit(pool: Pool, key: string, limit: RateLimit, weight = 1) {
  return (await countHits(pool, [{ key, limit, weight }]))?.seconds ?? 0
}

/** The words of every limit's answer (429 with Retry-After: the same seconds). */
export const tooManyRequestsMessage = (retryAfter: number) =>
  `Too many requests. Try again in ${retryAfter} seconds.`

/** Which limit refused a request, for its answer's words. */
export interface LimitRefusal {
  name: RateLimitName
  limit: RateLimit
}

/** Limits whose answer says more than 'too many': what the member can do about it. */
const LIMIT_MESSAGES: Partial<
  Record<RateLimitName, (retryAfter: number, limit: RateLimit) => string>
> = {
  unconfirmedPost: (retryAfter, limit) => unconfirmedPostMessage(limit.max, retryAfter),
  messageSend: (retryAfter, limit) => PRIVATE_MESSAGE_TEXT.sendLimit(limit.max, retryAfter),
  conversationStart: (retryAfter, limit) => PRIVATE_MESSAGE_TEXT.startLimit(limit.max, retryAfter),
  newConversationStart: (retryAfter, limit) =>
    PRIVATE_MESSAGE_TEXT.startLimit(limit.max, retryAfter),
}

/** The one answer every limit gives (429 with Retry-After), in its own words where it has them. */
export const tooManyRequestsResponse = (retryAfter: number, refused?: LimitRefusal | null) =>
  Response.json(
    {
      errors: [
        {
          message:
            (refused && LIMIT_MESSAGES[refused.name]?.(retryAfter, refused.limit)) ??
            tooManyRequestsMessage(retryAfter),
        },
      ],
    },
    { status: 429, headers: { 'retry-after': String(retryAfter) } },
  )

/** The signed-in account of a request, as far as the limits need it. */
export interface LimitedAccount {
  id: number | string
  createdAt: string
  /** A member whose e-mail is not confirmed yet: their posts have a budget of their own. */
  unconfirmed?: boolean
  /** The session as it was checked, for Payload's auth of the same request (sessionHandOver.ts). */
  session?: CheckedSession
}

/**
 * The account of a request's session (cookie or token), read by Payload's own auth strategies
 * (not `payload.auth`, which also works out every collection's permissions: the limits need none).
 */
export async function accountOfRequest(
  payload: Payload,
  req: IncomingMessage,
): Promise<LimitedAccount | null> {
  const headers = fetchHeaders(req)
  if (!headers.has('cookie') && !headers.has('authorization')) return null
  const { user } = await executeAuthStrategies({ headers, payload, canSetHeaders: false })
  if (!user) return null
  const staff = ['editor', 'admin'].includes(String((user as { role?: unknown }).role))
  const confirmed = Boolean((user as { emailConfirmedAt?: unknown }).emailConfirmedAt)
  return {
    id: user.id,
    createdAt: user.createdAt,
    unconfirmed: !confirmed && !staff,
    session: { user, credentials: credentialsOf(headers) },
  }
}

/**
 * What members post (one document each), as RATE_LIMITS.unconfirmedPost counts them: the
 * collection's REST create or its command (`/new`).
 */
const POSTS =
  /^\/api\/(reviews|comments|discussions|stories|events|polls|local-businesses|neighbourhoods)(\/new)?$/

/**
 * Which per-account limits a request counts against, with the weight of each hit: every write,
 * reviews once more, uploads by count and by bytes (Content-Length, or the most a body may hold).
 */
export function accountLimitsFor(
  name: RateLimitName,
  req: IncomingMessage,
  account: LimitedAccount,
  /** The API path asked (a form posted to a page asks the API for it); else the request's. */
  apiPath?: string,
): { name: RateLimitName; weight: number }[] {
  const young =
    serverNow().getTime() - new Date(account.createdAt).getTime() < NEW_ACCOUNT_SECONDS * 1000
  const pick = (regular: RateLimitName, fresh: RateLimitName) => (young ? fresh : regular)
  if (name === 'upload') {
    const declared = Number(req.headers['content-length'])
    const bytes = declared > 0 ? Math.min(declared, UPLOAD_BODY_LIMIT) : UPLOAD_BODY_LIMIT
    return [
      { name: pick('accountUploadBytes', 'newAccountUploadBytes'), weight: bytes },
      { name: pick('accountUpload', 'newAccountUpload'), weight: 1 },
    ]
  }
  if (name !== 'write') return []
  const path = apiPath ?? new URL(req.url ?? '/', 'http://site').pathname
  // Marking one's own notifications read writes nothing anyone else sees.
  if (path === '/api/notifications' || path.startsWith('/api/notifications/')) return []
  if (req.method === 'POST' && /^\/api\/conversations\/\d+\/messages$/.test(path))
    return [{ name: 'messageSend', weight: 1 }]
  const review = req.method === 'POST' && /^\/api\/reviews(\/new)?$/.test(path)
  const post = req.method === 'POST' && POSTS.test(path) && account.unconfirmed === true
  return [
    ...(review ? [{ name: pick('accountReview', 'newAccountReview'), weight: 1 }] : []),
    { name: pick('accountWrite', 'newAccountWrite'), weight: 1 },
    ...(post ? [{ name: 'unconfirmedPost' as const, weight: 1 }] : []),
  ]
}

/** Seconds to wait (0: go on), and the limit that asked for them. */
export interface LimitWait {
  seconds: number
  refused: LimitRefusal | null
  /** The request's session when the limits checked it (handed on to Payload's auth). */
  session?: CheckedSession
}

/**
 * A limiter bound to the pool and settings: resolves to 0 seconds (go on) or the seconds to
 * wait. With the request and a way to read its account, writes and uploads count per account
 * too (`apiPath`: the API path a form post asks for).
 */
export function createRateLimiter(
  pool: () => Pool,
  settings: RateLimitSettings,
  accountOf?: (req: IncomingMessage) => Promise<LimitedAccount | null>,
) {
  const go: LimitWait = { seconds: 0, refused: null }
  return async (
    name: RateLimitName,
    address: string,
    req?: IncomingMessage,
    apiPath?: string,
  ): Promise<LimitWait> => {
    if (!settings.enabled || settings.exempt.has(address)) return go
    const named = [{ key: `${name}:${address}`, name, weight: 1 }]
    let session: CheckedSession | undefined
    if (req && accountOf && (name === 'write' || name === 'upload')) {
      const account = await accountOf(req)
      session = account?.session
      for (const limit of account ? accountLimitsFor(name, req, account, apiPath) : [])
        named.push({ key: `${limit.name}:user-${account!.id}`, ...limit })
    }
    // The address's count and the account's, in one statement (one commit per write).
    const refused = await countHits(
      pool(),
      named.map((hit) => ({ key: hit.key, limit: settings.limits[hit.name], weight: hit.weight })),
    )
    if (!refused) return { ...go, session }
    const limitName = named[refused.index]!.name
    return {
      seconds: refused.seconds,
      refused: { name: limitName, limit: settings.limits[limitName] },
    }
  }
}

/**
 * Counts one hit of a limit that code outside the request path checks itself (the key says whose
 * hit it is): seconds to wait, or 0. Off when RATE_LIMITS=off.
 */
async function countNamed(pool: Pool, name: RateLimitName, who: string): Promise<number> {
  const settings = rateLimitSettings(process.env)
  return settings.enabled ? countHit(pool, `${name}:${who}`, settings.limits[name]) : 0
}

/** The per-address mail limit, for hooks that send mail (a normalised address as the key). */
export const mailLimitWait = (pool: Pool, address: string) =>
  countNamed(pool, 'mailPerAddress', address)

/**
 * Seconds an account must wait before its next two-factor code is checked (0: go ahead): only
 * wrong codes count (RATE_LIMITS.twoFactorCode), so the owner's right codes never lock them out.
 */
export async function twoFactorWait(pool: Pool, account: number): Promise<number> {
  const settings = rateLimitSettings(process.env)
  if (!settings.enabled) return 0
  const limit = settings.limits.twoFactorCode
  const { rows } = await pool.query<{ n: number; retry: number | null }>(
    `SELECT coalesce(sum(hits), 0)::int AS n,
            ceil(extract(epoch FROM min(window_start) + make_interval(secs => $2) - now()))::int AS retry
       FROM rate_limits WHERE key = $1 AND window_start > now() - make_interval(secs => $2)`,
    [`twoFactorCode:${account}`, limit.windowSeconds],
  )
  const row = rows[0]!
  return row.n >= limit.max ? Math.max(1, row.retry ?? limit.windowSeconds) : 0
}

/** Counts one wrong two-factor code of an account. */
export async function countTwoFactorFailure(pool: Pool, account: number): Promise<void> {
  await countNamed(pool, 'twoFactorCode', String(account))
}

/** The start limit that applies to an account: fewer while it is new or unconfirmed. */
function conversationStartLimit(account: LimitedAccount): LimitRefusal {
  const young =
    serverNow().getTime() - new Date(account.createdAt).getTime() < NEW_ACCOUNT_SECONDS * 1000
  const name = young || account.unconfirmed ? 'newConversationStart' : 'conversationStart'
  return { name, limit: rateLimitSettings(process.env).limits[name] }
}

const conversationStartKey = (account: LimitedAccount) => `conversationStart:user-${account.id}`

/**
 * Whether an account may start another private conversation now (read before the start's
 * transaction, so no second connection is held inside it): the seconds to wait and the limit,
 * or 0 seconds. Only a conversation really started is counted (countConversationStart).
 */
export async function conversationStartWait(
  pool: Pool,
  account: LimitedAccount,
): Promise<LimitWait> {
  if (!rateLimitSettings(process.env).enabled) return { seconds: 0, refused: null }
  const refused = conversationStartLimit(account)
  const { rows } = await pool.query<{ n: number; retry: number | null }>(
    `SELECT coalesce(sum(hits), 0)::int AS n,
            ceil(extract(epoch FROM min(window_start) + make_interval(secs => $2) - now()))::int AS retry
       FROM rate_limits WHERE key = $1 AND window_start > now() - make_interval(secs => $2)`,
    [conversationStartKey(account), refused.limit.windowSeconds],
  )
  const row = rows[0]!
  return row.n >= refused.limit.max
    ? { seconds: Math.max(1, row.retry ?? refused.limit.windowSeconds), refused }
    : { seconds: 0, refused: null }
}

/** Counts one private conversation an account started (after its transaction committed). */
export async function countConversationStart(pool: Pool, account: LimitedAccount): Promise<void> {
  if (!rateLimitSettings(process.env).enabled) return
  await countHit(pool, conversationStartKey(account), {
    max: 2 ** 31 - 1,
    windowSeconds: 86_400,
  })
}

/** Counts one @mention look-up of an account: seconds to wait, or 0. */
export const memberSearchWait = (pool: Pool, account: number | string) =>
  countNamed(pool, 'memberSearch', `user-${account}`)
