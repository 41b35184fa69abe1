import type { AddressInfo } from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { pgPool } from '@/server/database/db'
import { logDestination } from '@/server/observability/logger'
import { Readiness } from '@/server/observability/readiness'
import { siteHealth } from '@/server/observability/siteHealth'
import { lateAdmin } from '@/server/process/admin'
import { collectionRoutesOf } from '@tests/support/httpSite'
import { createSiteServer, type AdminHandler } from '@/server/site/site'
import { testSiteForFile } from './harness'

/**
 * 503s answered on purpose (the admin being prepared, /readyz while draining) are counted and
 * logged apart from failures, over HTTP through the site's own server: the error alert, the
 * admin's site health and the request log's error level see the real 500s alone.
 */
const { site } = testSiteForFile({})

const TOKEN = 'planned-unavailable-token'
let base = ''
let close = () => {}
let startAdmin: (handler: AdminHandler) => void = () => {}
const readiness = new Readiness()
/** The request log's lines written while this file runs (read as they pass to stdout). */
const lines: Record<string, unknown>[] = []

beforeAll(async () => {
  process.env.METRICS_TOKEN = TOKEN
  const write = logDestination.write.bind(logDestination)
  logDestination.write = (line: string) => {
    if (line.includes('"msg":"request')) lines.push(JSON.parse(line) as Record<string, unknown>)
    return write(line)
  }
  const admin = lateAdmin(
    () => new Promise<AdminHandler>((resolve) => (startAdmin = resolve)),
    () => {},
  )
  const server = await createSiteServer({
    payload: site.payload,
    config: site.payload.config,
    routes: await collectionRoutesOf(site.payload),
    realtimeReady: () => true,
    readiness,
    admin,
    log: () => {},
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  close = () => {
    server.closeAllConnections()
    server.close()
  }
})
afterAll(() => {
  delete process.env.METRICS_TOKEN
  close()
})

/** belong_http_requests_total summed over the series whose labels include all of `labels`. */
async function requests(labels: Record<string, string>): Promise<number> {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
  expect(res.status).toBe(200)
  let sum = 0
  for (const line of (await res.text()).split('\n')) {
    const match = /^belong_http_requests_total\{(.*)\} (\S+)$/.exec(line)
    if (match && Object.entries(labels).every(([k, v]) => match[1]!.includes(`${k}="${v}"`)))
      sum += Number(match[2])
  }
  return sum
}

/** The request log's line for the request that answered with this id. */
async function lineOf(res: Response) {
  const id = res.headers.get('x-request-id')
  await expect.poll(() => lines.some((l) => l.reqId === id), { timeout: 10_000 }).toBe(true)
  return lines.find((l) => l.reqId === id)!
}

const errorsLine = async () =>
  (await siteHealth()).lines.find((line) => line.title === 'Errors')!.summary

describe('a 503 answered on purpose', () => {
  it('the admin being prepared: counted as planned, logged at info, not an error', async () => {
    const planned = await requests({ route: '/admin/*', class: 'planned' })
    const errors = await requests({ class: '5xx' })

    const res = await fetch(`${base}/admin/collections/reviews`)
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBe('10')
    expect(await res.text()).toContain('The admin is being prepared')

    expect(await requests({ route: '/admin/*', code: '503', class: 'planned' })).toBe(planned + 1)
    expect(await requests({ class: '5xx' })).toBe(errors)
    const line = await lineOf(res)
    expect(line).toMatchObject({
      level: 30,
      msg: 'request',
      status: 503,
      planned: 'admin preparing',
    })
    expect(await errorsLine()).toMatch(/^0 requests of [\d,]+ failed \(0%\).* planned 503/)
  })

  it('/readyz while draining: planned too', async () => {
    readiness.ready({
      pool: pgPool(site.payload),
      lastMigration: undefined,
      siteBuilt: () => true,
      jobsRunning: () => true,
    })
    expect((await fetch(`${base}/readyz`)).status).toBe(200)
    readiness.drain()
    const errors = await requests({ class: '5xx' })
    const res = await fetch(`${base}/readyz`)
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({ ready: false, reason: 'draining' })
    expect(await requests({ route: '/readyz', code: '503', class: 'planned' })).toBe(1)
    expect(await requests({ class: '5xx' })).toBe(errors)
    expect(await lineOf(res)).toMatchObject({ level: 30, status: 503, planned: 'draining' })
  })

  it('a real failure still counts: the started admin throwing answers 500, an error', async () => {
    startAdmin(async () => {
      throw new Error('the admin broke')
    })
    const errors = await requests({ route: '/admin/*', code: '500', class: '5xx' })
    const res = await fetch(`${base}/admin/collections/reviews`)
    expect(res.status).toBe(500)
    expect(await requests({ route: '/admin/*', code: '500', class: '5xx' })).toBe(errors + 1)
    const line = await lineOf(res)
    expect(line).toMatchObject({ level: 50, msg: 'request failed', status: 500 })
    expect(line.planned).toBeUndefined()
    expect(JSON.stringify(line.err)).toContain('the admin broke')
    expect(await errorsLine()).toMatch(/^1 request of [\d,]+ failed/)
  })
})
