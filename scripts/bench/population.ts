/**
 * The population service (POST /api/population/sum) under load: 20 clients, each sending 800 m
 * squares around random points in London (a fixed seed), through the site's own HTTP server
 * (origin checks, the rate limit's count in PostgreSQL, Payload's router) on a throwaway
 * embedded PostgreSQL. Two runs, as bench:search: at a person's pace (each client a lookup every
 * PACE_MS, 100 ms: what the p95 budget of 20 ms is for) and back to back (the most one process
 * answers; there the wait is the queue, 20 / throughput). First, in this fresh process: the
 * index's build time, how much the resident set grows with it (after a garbage collection, with
 * --expose-gc), and the sum alone in process.
 * Usage: npm run bench:population   (DURATION=10 s, CONNECTIONS=20, PACE_MS=100)
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'

import autocannon from 'autocannon'

import { populationRequestBody } from '@/rules/population'
import { pgPool } from '@/server/database/db'
import { startEmbeddedPostgres } from '@/server/database/postgres'

import { loadAverage } from './builtSite'

const DURATION = Number(process.env.DURATION ?? 10)
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20)
const PACE_MS = Number(process.env.PACE_MS ?? 100)
/** Greater London's box, roughly: most squares fall inside London, a few at its edge. */
const LONDON = { south: 51.33, north: 51.66, west: -0.45, east: 0.22 }

const gc = () => (globalThis as { gc?: () => void }).gc?.()
/** Resident set, and what V8 holds (heap, external, array buffers), in MB after a collection. */
const memory = () => {
  gc()
  gc()
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage()
  return { rss: rss / 2 ** 20, held: (heapUsed + external + arrayBuffers) / 2 ** 20 }
}
const grew = (from: { rss: number; held: number }, to: { rss: number; held: number }) =>
  `RSS +${(to.rss - from.rss).toFixed(1)} MB, heap +${(to.held - from.held).toFixed(1)} MB`

const atStart = memory()
const { answerPopulationSum, populationCensus } = await import('@/server/services/population')
const loaded = memory()
const census = populationCensus()
const built = memory()
console.log(
  `index: ${census.index.size} LSOAs built in ${census.builtInMs.toFixed(0)} ms; ${grew(loaded, built)} ` +
    `(loading proj4, polygon-clipping and flatbush before it: ${grew(atStart, loaded)})` +
    `${(globalThis as { gc?: unknown }).gc ? '' : ' (no --expose-gc: figures include garbage)'}`,
)

/** mulberry32: the same points on every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const squares = (seed: number, count: number) => {
  const next = random(seed)
  return Array.from({ length: count }, () =>
    JSON.stringify(
      populationRequestBody(
        LONDON.south + next() * (LONDON.north - LONDON.south),
        LONDON.west + next() * (LONDON.east - LONDON.west),
      ),
    ),
  )
}

const percentile = (times: number[], q: number) =>
  times[Math.min(times.length - 1, Math.floor(q * times.length))]!
const summary = (times: number[]) => {
  times.sort((a, b) => a - b)
  return `p50 ${percentile(times, 0.5).toFixed(1)}, p95 ${percentile(times, 0.95).toFixed(1)}, p99 ${percentile(times, 0.99).toFixed(1)}, max ${percentile(times, 1).toFixed(1)} ms`
}

{
  const bodies = squares(0, 3000).map((b) => JSON.parse(b) as unknown)
  for (const body of bodies.slice(0, 300)) answerPopulationSum(body)
  const times = bodies.slice(300).map((body) => {
    const started = performance.now()
    answerPopulationSum(body)
    return performance.now() - started
  })
  console.log(`the sum alone, in process (2,700 squares): ${summary(times)}; load ${loadAverage()}`)
}

/** Each client a lookup every `everyMs` (from a random start), its own squares in turn. */
async function paced(base: string, everyMs: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS })
  const times: number[] = []
  let bad = 0
  const until = Date.now() + DURATION * 1000
  const client = async (bodies: string[]) => {
    await sleep(Math.random() * everyMs)
    for (const body of bodies) {
      if (Date.now() >= until) return
      const sent = performance.now()
      if ((await post(agent, `${base}/api/population/sum`, body)) !== 200) bad++
      times.push(performance.now() - sent)
      await sleep(everyMs - (performance.now() - sent))
    }
  }
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => client(squares(1000 + i, 500))))
  agent.destroy()
  return { times, bad }
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)))
function post(agent: http.Agent, url: string, body: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      },
    )
    request.on('error', () => resolve(0))
    request.end(body)
  })
}

const dir = path.resolve('.tmp/bench-population')
const postgres = await startEmbeddedPostgres({ dir, databases: ['bench'] })
Object.assign(process.env, {
  DATABASE_URL: postgres.url('bench'),
  DATA_DIR: dir,
  PAYLOAD_SECRET: 'bench',
  LOG_LEVEL: 'warn',
  // Counted as in production (one write to rate_limits per request), never refused.
  RATE_LIMITS: JSON.stringify({ populationSum: { max: 1e9 } }),
})
const { getPayload } = await import('payload')
const { default: config, collectionRoutes } = await import('@payload-config')
const { migrations } = await import('@migrations')
const { createSiteServer } = await import('@/server/site/site')
const payload = await getPayload({ config })
await payload.db.migrate({ migrations: migrations as never })
const server = await createSiteServer({
  payload,
  config: payload.config,
  routes: collectionRoutes(payload),
  realtimeReady: () => true,
  log: () => {},
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

try {
  // Payload's and the site's code paths compiled by V8 first, as on a server that has run a while.
  await autocannon({
    url: `${base}/api/population/sum`,
    connections: CONNECTIONS,
    duration: 3,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: squares(999, 1)[0],
  })
  const pacedRun = await paced(base, PACE_MS)
  console.log(
    `${CONNECTIONS} clients, a lookup each every ${PACE_MS} ms, ${DURATION} s: ${pacedRun.times.length} sums, ` +
      `${pacedRun.bad} not 200; ${summary(pacedRun.times)}; load ${loadAverage()} (budget: p95 ≤ 20 ms)`,
  )
  let client = 0
  const times: number[] = []
  const result = await autocannon({
    url: `${base}/api/population/sum`,
    connections: CONNECTIONS,
    duration: DURATION,
    setupClient: (c) => {
      client += 1
      c.on('response', (_status, _bytes, ms) => times.push(ms))
      c.setRequests(
        squares(client, 500).map((body) => ({
          method: 'POST',
          path: '/api/population/sum',
          headers: { 'content-type': 'application/json' },
          body,
        })),
      )
    },
  })
  const { requests } = result
  console.log(
    `${CONNECTIONS} clients back to back, ${DURATION} s: ${requests.total} sums (${requests.average.toFixed(0)}/s), ` +
      `${result.non2xx} non-2xx, ${result.errors} errors; ${summary(times)}; load ${loadAverage()}`,
  )
} finally {
  // Requests still in flight end before PostgreSQL does.
  server.closeIdleConnections()
  await new Promise((resolve) => server.close(resolve))
  // The site's pools (the limits' among them) see PostgreSQL go away: expected here.
  pgPool(payload).on('error', () => {})
  await payload.db.destroy?.()
  await postgres.stop()
}
