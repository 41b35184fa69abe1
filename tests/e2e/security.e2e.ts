import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'

import { expect } from '@playwright/test'

import { test } from './answers'
import WebSocket from 'ws'

import { signedInApi } from './helpers'

const port = Number(process.env.E2E_PORT)
const dataDir = () => process.env.E2E_DATA_DIR!

/** A raw request, so Host, Origin and the body can be anything a stranger could send. */
function raw(options: {
  method?: string
  path: string
  headers?: Record<string, string>
  body?: string | Buffer
  chunked?: boolean
  /** Another loopback source address: the suite's own 127.0.0.1 is exempt from rate limits. */
  from?: string
}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: { host: `127.0.0.1:${port}`, ...options.headers },
        localAddress: options.from,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    if (options.body !== undefined) {
      if (options.chunked) {
        // No Content-Length: the limit must hold while the body streams in.
        const body = Buffer.from(options.body)
        for (let i = 0; i < body.length; i += 64 * 1024) req.write(body.subarray(i, i + 64 * 1024))
      } else req.write(options.body)
    }
    req.end()
  })
}

const commonHeaders = (headers: http.IncomingHttpHeaders) => {
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['x-frame-options']).toBe('DENY')
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
  expect(headers['x-powered-by']).toBeUndefined()
}

test('every kind of response carries the security headers; pages get a script policy', async () => {
  const staticPage = await raw({ path: '/' })
  expect(staticPage.headers['x-belong-render']).toBe('static')
  const onDemand = await raw({ path: '/neighbourhood/no-such-place-here' })
  expect(onDemand.headers['x-belong-render']).toBe('on-demand')
  const api = await raw({ path: '/api/neighbourhoods?limit=1' })
  const admin = await raw({ path: '/admin' })
  for (const answer of [staticPage, onDemand, api, admin]) commonHeaders(answer.headers)
  for (const page of [staticPage, onDemand]) {
    const policy = page.headers['content-security-policy']!
    expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+/)
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/)
  }
})

test('islands hydrate under the script policy with no violation', async ({ page }) => {
  await page.addInitScript(() => {
    ;(window as Window & { violations?: string[] }).violations = []
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as Window & { violations?: string[] }).violations!.push(
        `${e.violatedDirective} ${e.blockedURI}`,
      ),
    )
  })
  for (const url of ['/', '/neighbourhood/shoreditch', '/map', '/register', '/login']) {
    await page.goto(url)
    // The session menu hydrates at load on every page: Astro's inline island scripts ran.
    await expect(page.locator('astro-island:not([ssr])').first()).toBeAttached()
    const violations = await page.evaluate(
      () => (window as Window & { violations?: string[] }).violations,
    )
    expect(violations, url).toEqual([])
  }
})

test('a request for another host name is refused', async () => {
  const answer = await raw({ path: '/', headers: { host: 'evil.example' } })
  expect(answer.status).toBe(421)
  const api = await raw({ path: '/api/users/me', headers: { host: 'evil.example' } })
  expect(api.status).toBe(421)
})

test('cross-site writes and non-JSON bodies are refused and change nothing', async ({
  playwright,
  baseURL,
}) => {
  const context = await playwright.request.newContext({ baseURL })
  const { request } = await signedInApi(context, 'kwame')
  const state = await context.storageState()
  const cookie = state.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
  const comment = `Cross-site ${Date.now()}`
  const review = JSON.stringify({ neighbourhood: 1, rating: 5, comment, authorName: 'x' })
  const json = { cookie, 'content-type': 'application/json' }

  const fromElsewhere = await raw({
    method: 'POST',
    path: '/api/reviews/new',
    headers: { ...json, origin: 'https://evil.example' },
    body: review,
  })
  expect(fromElsewhere.status).toBe(403)
  const fetchSite = await raw({
    method: 'POST',
    path: '/api/reviews/new',
    headers: { ...json, 'sec-fetch-site': 'cross-site' },
    body: review,
  })
  expect(fetchSite.status).toBe(403)
  // A cross-site HTML form can only send text/plain, urlencoded or multipart bodies.
  const plain = await raw({
    method: 'POST',
    path: '/api/accounts/login',
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify({ email: 'kwame@belong.local', password: 'belong-demo' }),
  })
  expect(plain.status).toBe(415)
  expect(plain.headers['set-cookie']).toBeUndefined()

  const found = await request.get(
    `/api/reviews?where[comment][equals]=${encodeURIComponent(comment)}&limit=1`,
  )
  expect(((await found.json()) as { totalDocs: number }).totalDocs).toBe(0)
  await context.dispose()
})

test('bodies over the limit are refused while they stream', async () => {
  const big = JSON.stringify({ email: 'x'.repeat(300 * 1024), password: 'y' })
  const declared = await raw({
    method: 'POST',
    path: '/api/accounts/login',
    headers: { 'content-type': 'application/json', 'content-length': String(big.length) },
    body: big,
  })
  expect(declared.status).toBe(413)
  const streamed = await raw({
    method: 'POST',
    path: '/api/accounts/login',
    headers: { 'content-type': 'application/json' },
    body: big,
    chunked: true,
  })
  expect(streamed.status).toBe(413)
  // The server is still there for everyone else.
  expect((await raw({ path: '/healthz' })).status).toBe(200)
})

test('a client still sending a body over the limit reads the 413, never a reset', async ({
  baseURL,
}) => {
  const big = JSON.stringify({ email: 'x'.repeat(5 * 1024 * 1024), password: 'y' })
  for (let i = 0; i < 10; i++) {
    const res = await fetch(`${baseURL}/api/accounts/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseURL! },
      body: big,
    })
    expect(res.status).toBe(413)
    await res.text()
  }
})

test('server secrets are generated privately and never reach the browser', async () => {
  const secrets = ['payload-secret', 'pusher-secret'].map((name) => {
    const file = path.join(dataDir(), name)
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    return fs.readFileSync(file, 'utf8').trim()
  })
  const site = path.join(dataDir(), 'site')
  const builds = fs.readdirSync(site).filter((d) => d.startsWith('build-'))
  expect(builds.length).toBeGreaterThan(0)
  let files = 0
  for (const build of builds) {
    const client = path.join(site, build, 'client')
    for (const file of fs.readdirSync(client, { recursive: true }) as string[]) {
      const full = path.join(client, file)
      if (!fs.statSync(full).isFile()) continue
      files++
      const text = fs.readFileSync(full, 'latin1')
      for (const secret of secrets) expect(text.includes(secret), full).toBe(false)
    }
  }
  expect(files).toBeGreaterThan(10)
})

/** A fresh loopback address per run, so a retry starts with empty counters. */
const stranger = () => `127.0.0.${2 + Math.floor(Math.random() * 250)}`

test('sign-in attempts are limited per address with 429 and Retry-After', async () => {
  const from = stranger()
  const attempt = () =>
    raw({
      method: 'POST',
      path: '/api/accounts/login',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'priya@belong.local', password: 'not-her-password' }),
      from,
    })
  for (let i = 0; i < 6; i++) expect((await attempt()).status).not.toBe(429)
  const refused = await attempt()
  expect(refused.status).toBe(429)
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
  expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60)
  expect(refused.body).toContain('Too many requests. Try again in')
  // Another address is not affected.
  expect((await raw({ path: '/api/neighbourhoods?limit=1', from: stranger() })).status).toBe(200)
})

test('realtime connections are limited per address', async () => {
  const from = stranger()
  const open = () =>
    new Promise<number>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/app/belong-key?protocol=7`, {
        localAddress: from,
      })
      ws.on('open', () => {
        ws.close()
        resolve(101)
      })
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
      ws.on('error', () => resolve(0))
    })
  const answers: number[] = []
  for (let i = 0; i < 31; i++) answers.push(await open())
  expect(answers.slice(0, 30).every((a) => a === 101)).toBe(true)
  expect(answers[30]).toBe(429)
})
