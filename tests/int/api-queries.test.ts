import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { freePort } from '@/server/database/postgres'
import { serveOverHttp, type HttpSite } from '@tests/support/httpSite'
import { makeUser, startTestSite, type TestSite, type TestUser } from './harness'

/**
 * Queries Payload's language refuses are the client's fault (src/server/http/queryGate.ts):
 * over HTTP through the site's own server, each answers 400 naming the parameter, is logged at
 * info and counted as a 4xx. Then one test per 500 the API fuzz found (tests/int/api-fuzz.test.ts).
 */
let site: TestSite
let http: HttpSite
let alice: TestUser
/** The log's lines by request id (the request log's and Payload's), as they are written. */
const lines = new Map<string, { level: number; msg: string }[]>()

beforeAll(async () => {
  const { logDestination, logger, requestLogger } = await import('@/server/observability/logger')
  logger.level = requestLogger.level = 'info'
  const write = logDestination.write.bind(logDestination)
  logDestination.write = (line: string) => {
    const reqId = /"reqId":"([^"]+)"/.exec(line)?.[1]
    if (reqId && line.startsWith('{')) {
      const { level, msg } = JSON.parse(line) as { level: number; msg: string }
      lines.set(reqId, [...(lines.get(reqId) ?? []), { level, msg }])
    }
    return line.startsWith('{') ? true : write(line)
  }
  const port = await freePort()
  site = await startTestSite({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    RATE_LIMITS: 'off',
    LOG_FORMAT: 'json',
  })
  http = await serveOverHttp(site.payload, port)
  alice = await makeUser(site, 'alice')
}, 120_000)

afterAll(async () => {
  await http?.close()
  await site?.close()
})

async function get(path: string, init: RequestInit & { as?: TestUser } = {}) {
  const headers = new Headers(init.headers)
  headers.set('origin', http.base)
  if (init.as) headers.set('cookie', init.as.cookie)
  const res = await fetch(`${http.base}${path}`, { ...init, headers })
  const body = (await res.json().catch(() => ({}))) as { errors?: { message: string }[] }
  return {
    status: res.status,
    message: body.errors?.[0]?.message ?? '',
    id: res.headers.get('x-request-id')!,
  }
}

/** 5xx answers counted so far (belong_http_requests_total, class 5xx). */
async function counted5xx(): Promise<number> {
  const { registry } = await import('@/server/observability/metrics')
  const text = await registry.getSingleMetricAsString('belong_http_requests_total')
  return text
    .split('\n')
    .filter((line) => line.includes('class="5xx"'))
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0)
}

describe('the three 500s of the issue', () => {
  it.each([
    ['/api/reviews?where[id][in]=1,2,x', 'where[id][in]'],
    ['/api/reviews?page=-5', 'page'],
    ['/api/neighbourhoods?where[slug][near]=1,2', 'where[slug][near]'],
  ])('%s answers 400 naming %s, logged at info, not counted as a 5xx', async (path, parameter) => {
    const before = await counted5xx()
    const res = await get(path)
    expect(res.status).toBe(400)
    expect(res.message).toContain(`Query parameter ${parameter} `)
    await expect.poll(() => lines.get(res.id)?.length ?? 0).toBeGreaterThan(0)
    expect(lines.get(res.id)!.every((line) => line.level <= 30)).toBe(true)
    expect(await counted5xx()).toBe(before)
  })
})

describe('queries the language refuses answer 400 with the parameter named', () => {
  it.each([
    ['/api/reviews?limit=abc', 'limit'],
    ['/api/reviews?limit=100000', 'limit'],
    ['/api/reviews?depth=-1', 'depth'],
    ['/api/reviews?page=99999999999999999', 'page'],
    ['/api/reviews?page=1&page=2', 'page'],
    ['/api/reviews?sort=nope', 'sort'],
    ['/api/users?sort=-hash', 'sort'],
    ['/api/users?select[hash]=true', 'select[hash]'],
    ['/api/reviews?populate[users][salt]=true', 'populate[users][salt]'],
    ['/api/users?where[role][equals]=nobody', 'where[role][equals]'],
    ['/api/users?where[role][like]=mem', 'where[role][like]'],
    ['/api/business-badges?where[business.name][not_like]=%5C', 'where[business.name][not_like]'],
    ['/api/users?where[createdAt][greater_than]=-271821-04-20', 'where[createdAt][greater_than]'],
    ['/api/users?where[id][equals]=99999999999', 'where[id][equals]'],
    ['/api/reviews?where={', 'where'],
    ['/api/reviews?data={', 'data'],
    ['/api/reviews?joins=x', 'joins'],
    [`/api/reviews?where${'[or][0]'.repeat(9)}[id][equals]=1`, 'where'],
  ])('%s → %s', async (path, parameter) => {
    const res = await get(path)
    expect(res.status, res.message).toBe(400)
    expect(res.message).toContain(`Query parameter ${parameter}`)
  })

  it('the queries the site itself makes still answer', async () => {
    for (const path of [
      '/api/neighbourhoods?where[vibes][contains]=Calm&where[latitude][exists]=true&limit=200&depth=0',
      '/api/reviews?where[neighbourhood][equals]=1&limit=0&depth=0&select[rating]=true',
      '/api/user-badges?where[user][in]=1,2&sort=awardedAt&depth=0&limit=500',
      '/api/neighbourhoods?select[slug]=true&select[name]=true&sort=name&limit=500&depth=0',
      '/api/reviews?where[or][0][rating][equals]=1&where[or][1][user.userName][like]=al&sort=-createdAt',
    ])
      expect((await get(path)).status, path).toBe(200)
  })
})

describe('what the API fuzz found (each answered 500 before)', () => {
  it('sessions of any account could be queried (who is signed in): refused', async () => {
    for (const as of [undefined, alice]) {
      const res = await get('/api/users?where[sessions.expiresAt][greater_than]=2000-01-01', { as })
      expect(res.status).toBe(400)
      expect(res.message).toContain('where[sessions.expiresAt]')
    }
  })

  it('a NUL in the address answers 400', async () => {
    expect((await get('/api/users?where[userName][equals]=a%00b')).status).toBe(400)
    expect((await get('/api/payload-preferences/%00', { as: alice })).status).toBe(400)
  })

  it('ids no row can have answer 404', async () => {
    expect((await get('/api/reviews/abc')).status).toBe(404)
    expect((await get('/api/reviews/99999999999')).status).toBe(404)
    const passkey = await get('/api/users/me/passkeys/99999999999', { method: 'DELETE', as: alice })
    expect(passkey.status).toBe(404)
    const claim = await get('/api/reviews/99999999999/claim', { method: 'POST', as: alice })
    expect(claim.status).toBe(404)
  })

  it('routes of features a collection lacks answer 404 (versions, e-mail verification)', async () => {
    expect((await get('/api/mails/versions', { as: alice })).status).toBe(404)
    expect((await get('/api/users/verify/x', { method: 'POST' })).status).toBe(404)
  })

  it("a missing admin preference's DELETE answers 404; signed out, 401 logged at info", async () => {
    expect(
      (await get('/api/payload-preferences/none', { method: 'DELETE', as: alice })).status,
    ).toBe(404)
    const signedOut = await get('/api/payload-preferences/none', { method: 'DELETE' })
    expect(signedOut.status).toBe(401)
    await expect.poll(() => lines.get(signedOut.id)?.length ?? 0).toBeGreaterThan(1)
    expect(lines.get(signedOut.id)!.every((line) => line.level <= 30)).toBe(true)
  })

  it('a JSON write body must be an object; timestamps must be dates', async () => {
    const post = (path: string, body: string) =>
      get(path, {
        method: 'POST',
        as: alice,
        body,
        headers: { 'content-type': 'application/json' },
      })
    expect((await post('/api/stories', '"a story"')).message).toBe(
      'The body must be a JSON object.',
    )
    expect((await post('/api/stories', '[1]')).status).toBe(400)
    const dated = await post('/api/stories', JSON.stringify({ title: 'T', createdAt: 2147483637 }))
    expect(dated.message).toBe('The field createdAt must be a date.')
    const key = await post('/api/payload-preferences', JSON.stringify({ key: [1, 2], value: 1 }))
    expect(key.message).toBe('The field key must be a string.')
  })

  it('a media document must bring its file: the server fetches no url', async () => {
    const res = await get('/api/media', {
      method: 'POST',
      as: alice,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        purpose: 'avatar',
        url: `${http.base}/x.png`,
        filename: 'x.png',
        focalX: 10,
      }),
    })
    expect(res.status).toBe(400)
    expect(await site.payload.count({ collection: 'media' })).toEqual({ totalDocs: 0 })
  })

  it('a media file that is not there answers 404', async () => {
    expect((await get('/api/media/file/nothing.webp')).status).toBe(404)
  })

  it("nobody copies a post through Payload's duplicate route", async () => {
    expect((await get('/api/stories/1/duplicate', { method: 'POST', as: alice })).status).toBe(404)
  })
})
