import http from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterAll, beforeAll, expect, test } from 'vitest'

import { member, report, waitFor, type Site } from './harness'
import { faultSiteForFile } from '@tests/support/faultSite'

/**
 * A geocoder and population service that are slow in the worst way: /search answers its headers
 * at once and then drips its body forever; /sum never answers at all.
 */
function startSlowService() {
  const seen: string[] = []
  const open = new Set<http.ServerResponse>()
  const server = http.createServer((req, res) => {
    seen.push(new URL(req.url ?? '/', 'http://x').pathname)
    open.add(res)
    res.on('close', () => open.delete(res))
    if (req.url?.startsWith('/sum')) return // hang
    res.writeHead(200, { 'content-type': 'application/json' })
    res.write('[')
    const drip = setInterval(() => res.write(' '), 300)
    res.on('close', () => clearInterval(drip))
  })
  return new Promise<{ url: string; seen: string[]; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        seen,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections()
            server.close(() => done())
          }),
      }),
    ),
  )
}

const GEOCODER_TIMEOUT_MS = 1500
const POPULATION_TIMEOUT_MS = 5000 // src/rules/population.ts
let slow: Awaited<ReturnType<typeof startSlowService>>
const fault = faultSiteForFile('slow')
let site: Site | undefined

beforeAll(async () => {
  slow = await startSlowService()
  site = await fault.start({
    GEOCODER_URL: slow.url,
    POPULATION_URL: slow.url,
    GEOCODER_TIMEOUT_MS: String(GEOCODER_TIMEOUT_MS),
  })
})
afterAll(async () => {
  await slow?.close()
})

test('a geocoder that drips its answer never holds the place search past its timeout', async () => {
  const who = await member(site!.url)
  const started = Date.now()
  const res = await fetch(`${site!.url}/api/geocode/search?q=Brixton`, { headers: who.headers })
  const elapsed = Date.now() - started
  expect(res.status).toBe(502)
  expect(elapsed).toBeLessThan(GEOCODER_TIMEOUT_MS + 1500)
  expect(slow.seen).toContain('/search')
})

test('a population service that never answers: the neighbourhood is saved within its timeout', async () => {
  const who = await member(site!.url)
  const started = Date.now()
  const res = await fetch(`${site!.url}/api/neighbourhoods/new`, {
    method: 'POST',
    headers: who.headers,
    body: JSON.stringify({
      name: 'Slowbridge',
      slug: `slowbridge-${Date.now()}`,
      tagline: 'Patient people',
      vibes: ['Calm'],
      latitude: 51.46,
      longitude: -0.11,
    }),
  })
  const elapsed = Date.now() - started
  expect(res.status).toBe(201)
  const { doc } = (await res.json()) as { doc: { populationStatus?: string } }
  expect(doc.populationStatus).toBeTruthy()
  expect(elapsed).toBeLessThan(POPULATION_TIMEOUT_MS + 2000)
})

test('SIGTERM lets a request in flight finish, then the process exits cleanly', async () => {
  const who = await member(site!.url)
  const sumsBefore = slow.seen.filter((p) => p === '/sum').length
  const started = Date.now()
  // Held for the population timeout (5 s) by the service that never answers.
  const inFlight = fetch(`${site!.url}/api/neighbourhoods/new`, {
    method: 'POST',
    headers: who.headers,
    body: JSON.stringify({
      name: 'Lastorders',
      slug: `lastorders-${Date.now()}`,
      tagline: 'Closing time',
      vibes: ['Calm'],
      latitude: 51.47,
      longitude: -0.12,
    }),
  })
  await waitFor(
    () => slow.seen.filter((p) => p === '/sum').length > sumsBefore,
    10_000,
    'the request to reach the population service',
  )
  const exit = site!.stop()
  const res = await inFlight
  expect(res.status).toBe(201)
  const { doc } = (await res.json()) as { doc: { id: number } }
  expect(await exit).toBe(0)
  const shutdownMs = Date.now() - started
  // New connections are refused once it has gone.
  await expect(fetch(`${site!.url}/healthz`)).rejects.toThrow()
  report({
    fault: 'SIGTERM with a request in flight',
    sent: 1,
    acknowledged: 1,
    lost: 0,
    recoveryMs: shutdownMs,
    notes: `in-flight create (held by the population timeout) answered 201 (id ${doc.id}), exit 0`,
  })
})
