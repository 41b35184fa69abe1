import { randomBytes } from 'node:crypto'

import { afterAll, expect, test, vi } from 'vitest'

import { freePort } from '@/server/database/postgres'
import { member, report, reviewIds, startRealtimeRole, waitFor, type RealtimeRole } from './harness'
import { faultSiteForFile } from '@tests/support/faultSite'

/**
 * The realtime server down: the site publishes to an external realtime server (`npm run realtime`,
 * src/realtime/standalone.ts) that is killed -9 under writes, then started again. Writes are
 * acknowledged while it is down and none is lost; the islands' own subscription code
 * (widgets/lib/realtime.ts, with the real pusher-js in Node) reconnects, asks its island to re-read
 * (Pusher replays nothing) and receives the next live event.
 */

const app = { id: 'belong-faults', key: 'faults-key', secret: randomBytes(24).toString('hex') }
let realtimePort = 0
let realtime: RealtimeRole | undefined
const fault = faultSiteForFile('realtime')

/** Starts the standalone realtime server and waits until it listens. */
async function startRealtime() {
  realtime = await startRealtimeRole(app, realtimePort)
}

async function killRealtime() {
  realtime?.proc.kill('SIGKILL')
  await realtime?.exited
}

afterAll(async () => {
  vi.unstubAllGlobals()
  await killRealtime()
})

test('realtime server down: writes acknowledged, nothing lost; islands reconnect and re-read', async () => {
  realtimePort = await freePort()
  await startRealtime()
  const site = await fault.start({
    PUSHER_APP_ID: app.id,
    PUSHER_KEY: app.key,
    PUSHER_SECRET: app.secret,
    PUSHER_HOST: '127.0.0.1',
    PUSHER_PORT: String(realtimePort),
  })
  const url = site.url
  const who = await member(url)

  // The islands' client, as a page on the site would run it: its relative '/api/…' reads go to
  // the site, which tells it where the realtime server is.
  const realFetch = globalThis.fetch
  vi.stubGlobal('location', new URL(url))
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    realFetch(typeof input === 'string' && input.startsWith('/') ? url + input : input, init),
  )
  const { $realtimeState, subscribeChannel } = await import('@widgets/lib/realtime')
  const received: number[] = []
  let resyncs = 0
  const release = subscribeChannel(
    `neighbourhood-${who.neighbourhood}`,
    { 'review.created': (data) => received.push(Number((data as { id: unknown }).id)) },
    () => resyncs++,
  )

  const writeReview = async (n: number) => {
    const startedAt = Date.now()
    const res = await fetch(`${url}/api/reviews/new`, {
      method: 'POST',
      headers: who.headers,
      body: JSON.stringify({ neighbourhood: who.neighbourhood, rating: 5, comment: `live ${n}` }),
      signal: AbortSignal.timeout(20_000),
    })
    const body = (await res.json()) as { review?: { id: number } }
    return { status: res.status, id: body.review?.id, ms: Date.now() - startedAt }
  }
  const answers: Awaited<ReturnType<typeof writeReview>>[] = []
  /** Writes reviews until one is seen live (the subscription lands a moment after connecting). */
  const writeUntilOneArrivesLive = (what: string) =>
    waitFor(
      async () => {
        const a = await writeReview(answers.length)
        answers.push(a)
        return waitFor(() => received.includes(a.id!), 2000, 'the live event').then(
          () => true,
          () => false,
        )
      },
      30_000,
      what,
    )

  // Up: a write reaches the open page live (retrying until the subscription is in place).
  await waitFor(() => $realtimeState.get() === 'connected', 30_000, 'pusher-js connected')
  await writeUntilOneArrivesLive('a live review event')

  // Down: kill -9; the page notices; writes go on being acknowledged, quickly.
  await killRealtime()
  await waitFor(() => $realtimeState.get() !== 'connected', 30_000, 'the client to notice')
  const downFrom = answers.length
  for (let n = 0; n < 20; n++) answers.push(await writeReview(answers.length))
  const whileDown = answers.slice(downFrom)
  expect(whileDown.map((a) => a.status)).toEqual(whileDown.map(() => 201))
  const slowest = Math.max(...whileDown.map((a) => a.ms))
  const missedLive = whileDown.filter((a) => received.includes(a.id!)).length
  expect(missedLive).toBe(0)

  // Back: the client reconnects by itself and its island re-reads; live events flow again.
  const resyncsBefore = resyncs
  const restartedAt = Date.now()
  await startRealtime()
  await waitFor(() => resyncs > resyncsBefore, 90_000, 'the reconnect and re-read')
  const recoveryMs = Date.now() - restartedAt
  expect($realtimeState.get()).toBe('connected')
  // The subscription is made again on reconnect; the next write is seen live.
  await writeUntilOneArrivesLive('a live event after the restart')
  release()

  const ids = await reviewIds(url, who.neighbourhood)
  const acked = answers.filter((a) => a.status === 201)
  const lost = acked.filter((a) => !ids.has(a.id!))
  report({
    fault: 'realtime server kill -9 and restart',
    sent: answers.length,
    acknowledged: acked.length,
    lost: lost.length,
    recoveryMs,
    notes: `${whileDown.length} writes while down, all 201, slowest ${slowest} ms; recovery = restart to the island's re-read`,
  })
  expect(acked.length).toBe(answers.length)
  expect(lost).toEqual([])
})
