import type { IncomingMessage, ServerResponse } from 'node:http'

import type { Pool } from 'pg'

/** One limit: at most `max` hits per `windowSeconds` for one key (an IP address). */
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
  /** Realtime WebSocket connections opened per IP. */
  socket: { max: 30, windowSeconds: 60 },
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
  if (pathname === '/api/accounts/login' || pathname === '/api/users/login') return 'login'
  if (pathname === '/api/users/forgot-password') return 'forgotPassword'
  if (pathname === '/api/users' && method === 'POST') return 'signUp'
  if (pathname === '/api/media' && method === 'POST') return 'upload'
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

/**
 * Counts one hit in PostgreSQL (so every app instance shares the count) over a sliding window:
 * the hits of the last `windowSeconds`, never a fixed minute a burst could straddle. Returns how
 * many seconds the client must wait (until its oldest counted hit leaves the window), or 0 when
 * the hit is allowed. Refused hits are not stored.
 */
export async function countHit(pool: Pool, key: string, limit: RateLimit): Promise<number> {
  const { rows } = await pool.query<{ n: number; retry: number | null }>(
    `WITH recent AS (
       SELECT coalesce(sum(hits), 0)::int AS n, min(window_start) AS oldest
         FROM rate_limits
        WHERE key = $1 AND window_start > now() - make_interval(secs => $2)
     ), counted AS (
       INSERT INTO rate_limits (key, window_start, hits)
       SELECT $1, clock_timestamp(), 1 FROM recent WHERE n < $3
       ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limits.hits + 1
       RETURNING 1
     )
     SELECT n, ceil(extract(epoch FROM oldest + make_interval(secs => $2) - now()))::int AS retry
       FROM recent`,
    [key, limit.windowSeconds, limit.max],
  )
  if (Math.random() < 0.01) {
    void pool
      .query(`DELETE FROM rate_limits WHERE window_start < now() - interval '1 day'`)
      .catch(() => {})
  }
  const row = rows[0]!
  return row.n >= limit.max ? Math.max(1, row.retry ?? limit.windowSeconds) : 0
}

/** The one answer every limit gives. */
export function tooManyRequests(res: ServerResponse, retryAfter: number): void {
  res.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(retryAfter) })
  res.end(
    JSON.stringify({
      errors: [{ message: `Too many requests. Try again in ${retryAfter} seconds.` }],
    }),
  )
}

/** A limiter bound to the pool and settings: resolves to 0 (go on) or the seconds to wait. */
export function createRateLimiter(pool: () => Pool, settings: RateLimitSettings) {
  return async (name: RateLimitName, address: string): Promise<number> => {
    if (!settings.enabled || settings.exempt.has(address)) return 0
    return countHit(pool(), `${name}:${address}`, settings.limits[name])
  }
}
