import http from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { createCdnPurger, type CdnPurger, type CdnPurgerOptions } from '@/server/services/cdnPurge'

interface SeenPurge {
  body: { files?: string[]; purge_everything?: boolean }
  headers: http.IncomingHttpHeaders
  at: number
  status: number
}

/** A purge endpoint on a real local port that records what it was sent. */
interface FakeCdn {
  url: string
  seen: SeenPurge[]
  /** The status of the n-th request (from 0), or 'hang' to never answer. */
  answer: (n: number) => number | 'hang'
  /** Answers wait this long (to see how many requests overlap). */
  answerAfterMs: number
  mostAtOnce: number
}

let cdn: FakeCdn
let server: http.Server
let purger: CdnPurger | undefined
let logged: string[]

beforeEach(async () => {
  logged = []
  let atOnce = 0
  cdn = { url: '', seen: [], answer: () => 200, answerAfterMs: 0, mostAtOnce: 0 }
  server = http.createServer((req, res) => {
    atOnce += 1
    cdn.mostAtOnce = Math.max(cdn.mostAtOnce, atOnce)
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const status = cdn.answer(cdn.seen.length)
      cdn.seen.push({
        body: JSON.parse(Buffer.concat(chunks).toString()),
        headers: req.headers,
        at: Date.now(),
        status: status === 'hang' ? 0 : status,
      })
      if (status === 'hang') return
      setTimeout(() => {
        atOnce -= 1
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ success: status === 200 }))
      }, cdn.answerAfterMs)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  cdn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/zones/z/purge_cache`
})

afterEach(async () => {
  purger?.stop()
  purger = undefined
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const start = (options: Partial<CdnPurgerOptions> = {}) => {
  purger = createCdnPurger({
    purgeUrl: cdn.url,
    delayMs: 50,
    publicOrigin: 'https://belong.example',
    log: (line) => logged.push(line),
    retryDelaysMs: [10, 20],
    ...options,
  })
  return purger
}

const filesOf = (purges: SeenPurge[]) => purges.flatMap((p) => p.body.files ?? [])
const both = (path: string) => [`https://belong.example${path}`, `https://belong.example${path}/`]

describe('the CDN purger', () => {
  it('purges both URL forms of every page in batches of 30, then all of them again', async () => {
    const paths = Array.from({ length: 40 }, (_, i) => `/neighbourhood/n-${i}`)
    // A delay far longer than the first round takes, even on a loaded machine.
    const cdnPurger = start({ delayMs: 1000 })
    const startedAt = Date.now()
    cdnPurger.purge([...paths, '/', '/neighbourhood/n-0/'])
    await cdnPurger.idle()

    const expected = [...paths.flatMap(both), 'https://belong.example/']
    for (const purge of cdn.seen) expect(purge.body.files!.length).toBeLessThanOrEqual(30)
    // 81 URLs: three requests at once, three again after the delay.
    expect(cdn.seen).toHaveLength(6)
    const [first, second] = [cdn.seen.slice(0, 3), cdn.seen.slice(3)]
    expect(filesOf(first).sort()).toEqual([...expected].sort())
    expect(filesOf(second).sort()).toEqual([...expected].sort())
    expect(Math.min(...second.map((p) => p.at))).toBeGreaterThanOrEqual(startedAt + 995)
    expect(logged).toEqual([])
  })

  it('sends JSON with the token as a bearer, and no authorization without one', async () => {
    const tokened = start({ token: 'cf-token' })
    tokened.purge(['/events'])
    await tokened.idle()
    expect(cdn.seen[0]!.headers.authorization).toBe('Bearer cf-token')
    expect(cdn.seen[0]!.headers['content-type']).toBe('application/json')
    tokened.stop()

    cdn.seen = []
    const untokened = start()
    untokened.purge(['/events'])
    await untokened.idle()
    expect(cdn.seen[0]!.headers.authorization).toBeUndefined()
    expect(cdn.seen[0]!.body).toEqual({ files: both('/events') })
  })

  it('gathers the pages published during the delay into one second round', async () => {
    const cdnPurger = start({ delayMs: 1000 })
    cdnPurger.purge(['/a'])
    await until(() => cdn.seen.length === 1)
    const bAt = Date.now()
    cdnPurger.purge(['/b'])
    await cdnPurger.idle()
    expect(cdn.seen.map((p) => p.body.files)).toEqual([
      both('/a'),
      both('/b'),
      [...both('/a'), ...both('/b')],
    ])
    // The second purge of /b still comes a whole delay after its first.
    expect(cdn.seen[2]!.at - bAt).toBeGreaterThanOrEqual(995)
  })

  it('tries again after a 500 and is content with the 200 that follows', async () => {
    cdn.answer = (n) => (n === 0 ? 500 : 200)
    const cdnPurger = start()
    cdnPurger.purge(['/events'])
    await cdnPurger.idle()
    expect(cdn.seen.map((p) => p.status)).toEqual([500, 200, 200])
    expect(cdn.seen.every((p) => p.body.files?.length === 2)).toBe(true)
    expect(logged).toEqual([])
  })

  it('gives up on an endpoint that keeps failing, logs it and throws nothing', async () => {
    cdn.answer = () => 503
    const cdnPurger = start()
    expect(() => cdnPurger.purge(['/events'])).not.toThrow()
    await cdnPurger.idle()
    // Three tries at once, three after the delay; one line for each round given up on.
    expect(cdn.seen).toHaveLength(6)
    expect(logged).toHaveLength(2)
    expect(logged[0]).toMatch(/purge of 2 URLs .*failed after 3 tries: answered 503/)
  })

  it('does not try again what the endpoint refuses (a 4xx)', async () => {
    cdn.answer = () => 403
    const cdnPurger = start({ delayMs: 10 })
    cdnPurger.purge(['/events'])
    await cdnPurger.idle()
    expect(cdn.seen).toHaveLength(2)
    expect(logged.map((line) => line.includes('after 1 try: answered 403'))).toEqual([true, true])
  })

  it('gives up on an endpoint that does not answer, or is not there', async () => {
    cdn.answer = () => 'hang'
    const hanging = start({ timeoutMs: 50, delayMs: 10 })
    hanging.purge(['/events'])
    await hanging.idle()
    expect(cdn.seen).toHaveLength(6)
    expect(logged[0]).toMatch(/failed after 3 tries: no answer/)
    hanging.stop()

    logged = []
    const gone = http.createServer()
    await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve))
    const port = (gone.address() as AddressInfo).port
    await new Promise((resolve) => gone.close(resolve))
    const closed = start({ purgeUrl: `http://127.0.0.1:${port}/purge`, delayMs: 10 })
    closed.purge(['/events'])
    await closed.idle()
    expect(logged).toHaveLength(2)
    expect(logged[0]).toMatch(/no answer \(.*ECONNREFUSED/)
  })

  it('purges everything, and again after the delay (pages of that round included)', async () => {
    const cdnPurger = start()
    cdnPurger.purge(['/events'])
    cdnPurger.purgeEverything()
    await cdnPurger.idle()
    expect(cdn.seen.map((p) => p.body)).toEqual([
      { files: both('/events') },
      { purge_everything: true },
      { purge_everything: true },
    ])
  })

  it('purges everything instead of more than 10,000 pages', async () => {
    const cdnPurger = start()
    cdnPurger.purge(Array.from({ length: 10_001 }, (_, i) => `/story/s-${i}`))
    await cdnPurger.idle()
    expect(cdn.seen.map((p) => p.body)).toEqual([
      { purge_everything: true },
      { purge_everything: true },
    ])
    expect(logged).toHaveLength(1)
  })

  it('has at most two requests under way at once', async () => {
    cdn.answerAfterMs = 20
    const cdnPurger = start()
    const paths = Array.from({ length: 100 }, (_, i) => `/story/s-${i}`)
    cdnPurger.purge(paths)
    await cdnPurger.idle()
    expect(new Set(filesOf(cdn.seen))).toEqual(new Set(paths.flatMap(both)))
    expect(cdn.mostAtOnce).toBe(2)
  })

  it('stops: nothing more is sent, and idle resolves', async () => {
    cdn.answer = () => 'hang'
    const cdnPurger = start()
    cdnPurger.purge(['/events'])
    await until(() => cdn.seen.length === 1)
    cdnPurger.stop()
    await cdnPurger.idle()
    cdnPurger.purge(['/events'])
    await cdnPurger.idle()
    expect(cdn.seen).toHaveLength(1)
    expect(logged).toEqual([])
  })
})

/** Waits for what the endpoint saw (a few seconds at most). */
async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((r) => setTimeout(r, 10))
  expect(condition()).toBe(true)
}
