import { afterAll, beforeAll, expect, it } from 'vitest'

import { freePort } from '@/server/database/postgres'
import { limitFor, type RateLimitName } from '@/server/http/rateLimits'
import { serveOverHttp, type HttpSite } from '@tests/support/httpSite'
import { operationsOf } from './apiFuzz/operations'
import { startTestSite, type TestSite } from './harness'

/**
 * The limits still hold for a stranger from an address that is not exempt: every endpoint of
 * the API a stranger can call that counts against a limit (every write: reads have none, see
 * docs/operations.md) answers 429 with Retry-After once its limit is spent. Small limits keep
 * the run short; each limit is spent once, then every endpoint that counts against it is asked.
 */
const MAX = 3
const LIMITS = Object.fromEntries(
  ['write', 'login', 'signUp', 'forgotPassword', 'upload', 'populationSum'].map((name) => [
    name,
    { max: MAX, windowSeconds: 600 },
  ]),
)

let site: TestSite
let http: HttpSite

beforeAll(async () => {
  const port = await freePort()
  site = await startTestSite({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    RATE_LIMITS: JSON.stringify(LIMITS),
    RATE_LIMIT_EXEMPT: '',
  })
  http = await serveOverHttp(site.payload, port)
}, 120_000)

afterAll(async () => {
  await http?.close()
  await site?.close()
})

const call = (method: string, path: string) =>
  fetch(`${http.base}${path.replace(/:\w+\??/g, '1')}`, {
    method,
    headers: { origin: http.base, 'content-type': 'application/json' },
    body: '{}',
  })

it('every limited endpoint a stranger can call answers 429 with Retry-After past its limit', async () => {
  const byLimit = new Map<RateLimitName, { method: string; path: string }[]>()
  for (const op of operationsOf(site.payload.config)) {
    const limit = limitFor(op.method, op.path)
    if (limit) byLimit.set(limit, [...(byLimit.get(limit) ?? []), op])
  }
  expect([...byLimit.keys()].sort()).toEqual(Object.keys(LIMITS).sort())
  let asked = 0
  for (const [limit, ops] of byLimit) {
    // The limit is spent by its first endpoint (whatever each answer was, each counted)...
    for (let i = 0; i < MAX; i++)
      expect((await call(ops[0]!.method, ops[0]!.path)).status).not.toBe(429)
    // ...then every endpoint that counts against it is refused, with when to come back.
    for (const op of ops) {
      const res = await call(op.method, op.path)
      asked++
      expect(res.status, `${limit}: ${op.method} ${op.path}`).toBe(429)
      const wait = Number(res.headers.get('retry-after'))
      expect(wait > 0 && wait <= 600, `${op.method} ${op.path} Retry-After`).toBe(true)
      expect(((await res.json()) as { errors: { message: string }[] }).errors[0]!.message).toMatch(
        /Too many requests/,
      )
    }
  }
  console.log(`stranger limits: ${asked} endpoints answered 429 past ${byLimit.size} limits`)
}, 120_000)
