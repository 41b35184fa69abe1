import { expect, test } from 'vitest'

import WebSocket from 'ws'

import { faultSiteForFile } from '@tests/support/faultSite'

/**
 * The request log written into a pipe nobody reads (a stuck journal or log shipper): the site
 * keeps answering, its memory stays put while far more lines come than the log's bound, the lines
 * it could not keep are counted in /metrics and named by one line once the reader is back, and
 * it still stops on SIGTERM while the reader is stuck again.
 */

const TOKEN = 'log-backpressure-token-0123456789'
const site = faultSiteForFile('log-backpressure')

/** One metric's value in a scrape (its only series). */
const valueOf = (body: string, name: string) =>
  Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(body)?.[1] ?? NaN)

/**
 * The server's heap after a full collection, asked through its inspector (started with
 * --inspect on a free port, which it prints on stderr): what it holds, not what awaits collecting.
 */
async function heapAfterCollection(output: string[]): Promise<number> {
  const address = output
    .map((line) => /Debugger listening on (ws:\S+)/.exec(line)?.[1])
    .find(Boolean)
  if (!address) throw new Error('the server did not print its inspector address')
  const socket = new WebSocket(address)
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  let id = 0
  interface Answer {
    id?: number
    result?: { result?: { value?: unknown } }
  }
  const call = (method: string, params: object = {}) =>
    new Promise<Answer>((resolve) => {
      const mine = ++id
      const onMessage = (data: WebSocket.RawData) => {
        const message = JSON.parse(data.toString()) as Answer
        if (message.id !== mine) return
        socket.off('message', onMessage)
        resolve(message)
      }
      socket.on('message', onMessage)
      socket.send(JSON.stringify({ id: mine, method, params }))
    })
  try {
    await call('HeapProfiler.collectGarbage')
    const answer = await call('Runtime.evaluate', {
      expression: 'process.memoryUsage().heapUsed',
      returnByValue: true,
    })
    return Number(answer.result?.result?.value)
  } finally {
    socket.close()
  }
}

test('a log nobody reads: the site answers, keeps its memory, and counts the lines it dropped', async () => {
  const s = await site.start({
    METRICS_TOKEN: TOKEN,
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'info',
    NODE_OPTIONS: '--inspect=127.0.0.1:0',
  })
  const scrape = async () => {
    const res = await fetch(`${s.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
    expect(res.status).toBe(200)
    return res.text()
  }
  const heapBefore = await heapAfterCollection(s.output)
  let raw = ''
  s.proc.stdout!.on('data', (chunk: Buffer) => (raw += chunk.toString()))
  // From here nothing reads the server's standard output: the pipe fills, then its writes wait.
  s.proc.stdout!.pause()

  // A long path makes a long line: 6,000 requests make about 72 MB of log lines.
  const path = `/no-such-page-${'x'.repeat(12_000)}`
  const requests = 6000
  let next = 0
  const statuses = new Map<number, number>()
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next++ < requests) {
        const res = await fetch(`${s.url}${path}`)
        await res.arrayBuffer()
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
      }
    }),
  )
  // Every request was answered, none failed.
  expect([...statuses.keys()].every((status) => status < 500)).toBe(true)
  expect([...statuses.values()].reduce((a, b) => a + b)).toBe(requests)

  const stuck = await scrape()
  const dropped = valueOf(stuck, 'belong_log_lines_dropped_total')
  // What waits is bounded (4 MB): most of the 72 MB were dropped, not kept.
  expect(dropped).toBeGreaterThan(requests / 2)
  const heapAfter = await heapAfterCollection(s.output)
  // After a full collection the heap holds about the bound more (9 MB more in a run here).
  expect(heapAfter - heapBefore).toBeLessThan(16 << 20)

  // The reader is back: the lines kept arrive, then one line saying how many were dropped.
  s.proc.stdout!.resume()
  await expect
    .poll(() => /"msg":"log lines dropped[^\n]*\n/.test(raw), { timeout: 30_000 })
    .toBe(true)
  const report = JSON.parse(/\{[^\n]*"msg":"log lines dropped[^\n]*/.exec(raw)![0]) as {
    level: number
    dropped: number
  }
  expect(report.level).toBe(40)
  // The scrape above was logged (or dropped) too.
  expect(report.dropped).toBeGreaterThanOrEqual(dropped)
  expect(valueOf(await scrape(), 'belong_log_lines_dropped_total')).toBe(report.dropped)
  const written = raw.split('\n').filter((line) => line.includes('"path":"/no-such-page-')).length
  expect(written).toBeGreaterThan(0)
  expect(written + report.dropped).toBeGreaterThanOrEqual(requests)

  // Stuck again with lines waiting: SIGTERM still stops the server, and cleanly.
  s.proc.stdout!.pause()
  for (let i = 0; i < 1500; i++) await (await fetch(`${s.url}${path}`)).arrayBuffer()
  expect(await s.stop()).toBe(0)
}, 240_000)
