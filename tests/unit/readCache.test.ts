import type { IncomingMessage, ServerResponse } from 'node:http'

import { describe, expect, test } from 'vitest'

import { moveTestClock } from '@/server/config/clock'
import { MAX_AGE_MS, ReadCache, type SignedInReads } from '@/server/http/readCache'

/** The smallest request and response the cache looks at. */
const request = (url: string, headers: Record<string, string> = {}) =>
  ({ method: 'GET', url, headers }) as IncomingMessage

const response = () => {
  const sent: { status?: number; headers: Record<string, unknown>; body?: unknown } = {
    headers: {},
  }
  const res = {
    setHeader: (name: string, value: unknown) => (sent.headers[name.toLowerCase()] = value),
    writeHead: (status: number, headers: Record<string, unknown>) => {
      sent.status = status
      Object.assign(sent.headers, headers)
    },
    end: (body?: unknown) => (sent.body = body),
  } as ServerResponse
  return { res, sent }
}

const json = (body: unknown, headers: Record<string, string> = {}) =>
  Response.json(body, { headers })

/** One request through the cache: served from it, or answered by `answer` (maybe kept). */
async function read(cache: ReadCache, url: string, answer: () => Response, headers = {}) {
  const req = request(url, headers)
  const { res, sent } = response()
  if (cache.serve(req, res)) return { status: sent.headers['x-belong-cache'], sent }
  const kept = await cache.keep(req, answer())
  return { status: sent.headers['x-belong-cache'], sent, kept }
}

describe('ReadCache', () => {
  test('an answer is kept at most MAX_AGE_MS by the server clock (expiry needs no write)', async () => {
    const cache = new ReadCache()
    cache.enable(1024 * 1024)
    const url = '/api/business-badges?where[business][equals]=1'
    await read(cache, url, () => json({ docs: ['New this month'] }))
    expect((await read(cache, url, () => json({ docs: [] }))).status).toBe('hit')
    try {
      moveTestClock(MAX_AGE_MS + 1)
      const later = await read(cache, url, () => json({ docs: [] }))
      expect(later.status).toBe('miss')
      expect((await later.kept!.json()) as unknown).toEqual({ docs: [] })
    } finally {
      moveTestClock(0)
    }
  })

  test('keeps a signed-out answer and serves it with the same type and Vary', async () => {
    const cache = new ReadCache()
    cache.enable(1024 * 1024)
    const first = await read(cache, '/api/reviews?limit=10', () => json({ docs: [1] }))
    expect(first.status).toBe('miss')
    expect(first.kept!.headers.get('vary')).toBe('Cookie, Authorization')
    const second = await read(cache, '/api/reviews?limit=10', () => json({ docs: [2] }))
    expect(second.status).toBe('hit')
    expect(String(second.sent.body)).toBe('{"docs":[1]}')
    expect(second.sent.headers['content-type']).toBe('application/json')
    expect(second.sent.headers.vary).toBe('Cookie, Authorization')
  })

  test('never serves or fills for a cookie or an authorization header', async () => {
    const cache = new ReadCache()
    cache.enable(1024 * 1024)
    for (const headers of [{ cookie: 'payload-token=x' }, { authorization: 'JWT x' }]) {
      const mine = await read(cache, '/api/polls/1/summary', () => json({ myVote: 1 }), headers)
      expect(mine.status).toBe('bypass')
    }
    const anonymous = await read(cache, '/api/polls/1/summary', () => json({ myVote: null }))
    expect(anonymous.status).toBe('miss')
    await read(cache, '/api/polls/1/summary', () => json({}))
    const signedIn = await read(cache, '/api/polls/1/summary', () => json({ myVote: 1 }), {
      authorization: 'JWT x',
    })
    expect(signedIn.status).toBe('bypass')
    expect(await signedIn.kept!.json()).toEqual({ myVote: 1 })
  })

  test('keeps only allowed routes, 200 JSON answers without Set-Cookie', async () => {
    const cache = new ReadCache()
    cache.enable(1024 * 1024)
    for (const url of ['/api/notifications?limit=5', '/api/users/me', '/api/event-rsvps']) {
      const res = await read(cache, url, () => json({}))
      expect(res.status, url).toBeUndefined()
    }
    await read(cache, '/api/forum?page=1', () => json({}, { 'set-cookie': 'a=b' }))
    expect((await read(cache, '/api/forum?page=1', () => json({}))).status).toBe('miss')
    await read(cache, '/api/forum?page=2', () => Response.json({}, { status: 404 }))
    expect((await read(cache, '/api/forum?page=2', () => json({}))).status).toBe('miss')
  })

  test('a change drops the entries that may show its collection, and no others', async () => {
    const cache = new ReadCache()
    cache.enable(1024 * 1024)
    const urls = ['/api/reviews?x', '/api/reactions/summary?ids=1', '/api/pages?x']
    for (const url of urls) await read(cache, url, () => json({}))
    cache.invalidate('reactions')
    expect((await read(cache, urls[0]!, () => json({}))).status).toBe('miss')
    expect((await read(cache, urls[1]!, () => json({}))).status).toBe('miss')
    expect((await read(cache, urls[2]!, () => json({}))).status).toBe('hit')
    cache.invalidate('users')
    expect((await read(cache, urls[2]!, () => json({}))).status).toBe('miss')
    cache.invalidate('resync')
    expect(cache.size.entries).toBe(0)
  })

  test('an answer read before a change is not kept after it', async () => {
    const cache = new ReadCache()
    cache.enable(1024 * 1024)
    const req = request('/api/forum?page=1')
    expect(cache.serve(req, response().res)).toBe(false)
    cache.invalidate('discussions')
    await cache.keep(req, json({ old: true }))
    expect(cache.size.entries).toBe(0)
  })

  test('is bounded by bytes, least recently used out first; off when disabled', async () => {
    const cache = new ReadCache()
    cache.enable(8 * 1024)
    const big = { text: 'x'.repeat(900) }
    for (let i = 0; i < 20; i++) {
      await read(cache, `/api/forum?page=${i}`, () => json(big))
      await read(cache, '/api/forum?page=0', () => json(big)) // kept warm
    }
    expect(cache.size.bytes).toBeLessThanOrEqual(8 * 1024)
    expect((await read(cache, '/api/forum?page=0', () => json(big))).status).toBe('hit')
    expect((await read(cache, '/api/forum?page=1', () => json(big))).status).toBe('miss')
    cache.enable(0)
    expect(cache.size.entries).toBe(0)
    expect((await read(cache, '/api/forum?page=0', () => json(big))).status).toBe('bypass')
  })

  test('a signed-in read is answered as signed out only where its route says the answers are the same', async () => {
    const cache = new ReadCache()
    cache.enable(1024 * 1024)
    const asked: string[] = []
    const reads: SignedInReads = {
      routes: {
        search: async (pathname, headers) => {
          asked.push(`${pathname} ${headers.authorization ?? ''}`)
          return headers.authorization === 'JWT reader-alike' ? 'reader' : null
        },
      },
    }
    const signedIn = async (method: string, url: string, authorization: string) => {
      const req = { method, url, headers: { authorization, cookie: 'payload-token=y' } }
      await cache.sortSignedIn(req as IncomingMessage, reads)
      return Object.keys(req.headers)
    }
    expect(await signedIn('GET', '/api/search/suggest?q=br', 'JWT reader-alike')).toEqual([])
    // The route said no; another route, or a write, is never asked.
    expect(await signedIn('GET', '/api/search?q=br', 'JWT own')).toEqual([
      'authorization',
      'cookie',
    ])
    expect(await signedIn('GET', '/api/reviews?limit=1', 'JWT reader-alike')).toHaveLength(2)
    expect(await signedIn('POST', '/api/search?q=br', 'JWT reader-alike')).toHaveLength(2)
    expect(asked).toEqual(['/api/search/suggest JWT reader-alike', '/api/search JWT own'])
  })

  test("a session's own answer is kept for that session alone, its credentials left for the miss", async () => {
    const cache = new ReadCache()
    cache.enable(1024 * 1024)
    // The route names the session for tokens 'JWT a' and 'JWT b', and knows nothing of others.
    const reads: SignedInReads = {
      routes: {
        search: async (_pathname, headers) => {
          const token = headers.authorization?.slice(4)
          return token === 'a' || token === 'b' ? { session: `7:${token}` } : null
        },
      },
    }
    const url = '/api/search?q=allotment'
    const asSession = async (token: string, answer: () => Response) => {
      const headers = { authorization: `JWT ${token}` }
      const req = request(url, headers)
      await cache.sortSignedIn(req, reads)
      // Payload still gets the credentials on a miss: it signs the request in itself.
      expect(req.headers).toEqual(headers)
      const { res, sent } = response()
      if (cache.serve(req, res)) return { status: sent.headers['x-belong-cache'], body: sent.body }
      const kept = await cache.keep(req, answer())
      return { status: sent.headers['x-belong-cache'], body: Buffer.from(await kept.text()) }
    }
    const own = () => json({ hits: ['private story'] })
    expect((await asSession('a', own)).status).toBe('miss')
    const hit = await asSession('a', () => json({ hits: ['not asked'] }))
    expect(hit.status).toBe('hit')
    expect(String(hit.body)).toContain('private story')
    // Another session of the same account, an unknown token and a reader each have their own.
    expect((await asSession('b', () => json({ hits: [] }))).status).toBe('miss')
    expect((await asSession('c', () => json({ hits: [] }))).status).toBe('bypass')
    const reader = await read(cache, url, () => json({ hits: [] }))
    expect(reader.status).toBe('miss')
    expect(await reader.kept!.json()).toEqual({ hits: [] })
    // A change to a collection the route shows drops the session's answer too.
    cache.invalidate('stories')
    expect((await asSession('a', () => json({ hits: ['story, changed'] }))).status).toBe('miss')
  })
})
