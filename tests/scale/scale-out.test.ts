import fs from 'node:fs'
import path from 'node:path'

import { chromium, type Browser } from '@playwright/test'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'

import { freshDataDir, type Site } from '@tests/faults/harness'
import { signUpFormAt } from '@tests/support/signUpForm'
import { startCluster, type Cluster } from './cluster'

/**
 * Proof that Belong scales out, all on 127.0.0.1: Debian's nginx (config from
 * `npm run nginx:config`) in front of two app instances, the realtime role (`npm run realtime`),
 * one PostgreSQL and a local S3 stand-in. The instances share the database and the site folder,
 * nothing else.
 */

const LOGIN_LIMIT = 6

let cluster: Cluster | undefined
let a: Site | undefined
let b: Site | undefined
let browser: Browser | undefined
let front = ''
let dataDir = ''

beforeAll(async () => {
  cluster = await startCluster(freshDataDir(inject('faultsTemplate'), 'scale'), {
    instances: 2,
    env: {
      // The tests' own sign-ins come from 127.0.0.1; the limit test speaks for other addresses.
      RATE_LIMIT_EXEMPT: '127.0.0.1',
      RATE_LIMITS: JSON.stringify({
        write: { max: 1_000_000, windowSeconds: 60 },
        accountWrite: { max: 1_000_000, windowSeconds: 60 },
        newAccountWrite: { max: 1_000_000, windowSeconds: 60 },
        newAccountReview: { max: 1000, windowSeconds: 60 },
        signUp: { max: 1000, windowSeconds: 3600 },
        login: { max: LOGIN_LIMIT, windowSeconds: 60 },
      }),
    },
  })
  ;[a, b] = cluster.instances
  front = cluster.front
  dataDir = cluster.dataDir
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
})

afterAll(async () => {
  await browser?.close()
  await cluster?.stop()
})

const JSON_HEADERS = { 'content-type': 'application/json' }

/** A new member signed in on `base` (an instance or the front server): a JWT and an id. */
async function newMember(base: string, name: string) {
  const userName = `${name}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const email = `${userName}@scale.test`
  const password = 'scale-member-password'
  const headers = { ...JSON_HEADERS, origin: base }
  const created = await fetch(`${base}/api/users`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password, userName, ...(await signUpFormAt(base)) }),
  })
  expect(created.status, await created.clone().text()).toBe(201)
  const login = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  })
  expect(login.status).toBe(200)
  const { token, user } = (await login.json()) as { token: string; user: { id: number } }
  return { id: user.id, email, password, auth: { ...JSON_HEADERS, authorization: `JWT ${token}` } }
}

async function post(base: string, route: string, headers: Record<string, string>, body: unknown) {
  return fetch(`${base}${route}`, { method: 'POST', headers, body: JSON.stringify(body) })
}

/** A neighbourhood made through `base`, with its id and slug. */
async function newNeighbourhood(base: string, auth: Record<string, string>) {
  const slug = `scale-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const created = await post(base, '/api/neighbourhoods/new', auth, {
    name: `Scale ${slug.slice(-5)}`,
    slug,
    tagline: 'Two instances, one site',
    vibes: ['Calm'],
  })
  expect(created.status, await created.clone().text()).toBe(201)
  return { id: ((await created.json()) as { doc: { id: number } }).doc.id, slug }
}

test('a review posted on instance A shows live through the front server, then in its static page', async () => {
  const writer = await newMember(a!.url, 'writer')
  const place = await newNeighbourhood(a!.url, writer.auth)
  const page = await browser!.newPage()
  // The page comes from nginx (the file on disk once written, or proxied on demand).
  await page.goto(`${front}/neighbourhood/${place.slug}`)
  // The reviews' island loads when they come into view, as a reader scrolls to them.
  await page.locator('.reviews').scrollIntoViewIfNeeded()
  await expect
    .poll(() => page.locator('.reviews').getAttribute('data-live'), { timeout: 60_000 })
    .toBe('subscribed')

  const comment = `Posted on instance A, seen through nginx (${Date.now()}).`
  const review = await post(a!.url, '/api/reviews/new', writer.auth, {
    neighbourhood: place.id,
    rating: 4,
    authorName: 'Writer',
    comment,
  })
  expect(review.status).toBe(201)
  const answered = Date.now()
  // Live: the browser connected to the realtime role through nginx's /app/ shows it.
  await expect.poll(() => page.getByText(comment).count(), { timeout: 30_000 }).toBe(1)

  // Static: the file nginx serves for the page (from disk, not through an instance) has it.
  const file = path.join(dataDir, 'site', 'current', 'client', 'neighbourhood', place.slug)
  await expect
    .poll(
      async () => {
        const res = await fetch(`${front}/neighbourhood/${place.slug}`)
        return (
          (await res.text()).includes(comment) && res.headers.get('x-belong-render') === 'static'
        )
      },
      { timeout: 30_000 },
    )
    .toBe(true)
  console.log(
    `[scale] review in the static HTML served by nginx ${Date.now() - answered} ms after the answer`,
  )
  expect(fs.readFileSync(path.join(file, 'index.html'), 'utf8')).toContain(comment)
  await page.close()
})

test('a reaction on instance B rings the bell of a reader connected through the front server', async () => {
  const author = await newMember(a!.url, 'author')
  const place = await newNeighbourhood(a!.url, author.auth)
  const review = await post(a!.url, '/api/reviews/new', author.auth, {
    neighbourhood: place.id,
    rating: 5,
    authorName: 'Author',
    comment: 'A review someone will react to.',
  })
  expect(review.status).toBe(201)
  const reviewId = ((await review.json()) as { review: { id: number } }).review.id

  const context = await browser!.newContext({ baseURL: front })
  const login = await context.request.post('/api/users/login', {
    data: { email: author.email, password: author.password },
  })
  expect(login.status()).toBe(200)
  const page = await context.newPage()
  const subscribed = new Promise<void>((resolve) =>
    page.on('websocket', (ws) =>
      ws.on('framereceived', ({ payload }) => {
        const text = String(payload)
        if (text.includes('subscription_succeeded') && text.includes(`private-user-${author.id}`))
          resolve()
      }),
    ),
  )
  await page.goto('/')
  const bell = page.getByRole('button', { name: /^Notifications/ })
  // The session menu and its bell hydrate after the page (slower on a loaded machine).
  await expect
    .poll(() => bell.getAttribute('aria-label'), { timeout: 60_000 })
    .toBe('Notifications')
  await subscribed

  const reader = await newMember(b!.url, 'reactor')
  const reacted = await post(b!.url, '/api/reactions/toggle', reader.auth, {
    targetKind: 'review',
    targetId: reviewId,
    emoji: 'heart',
  })
  expect(reacted.status, await reacted.clone().text()).toBeLessThan(300)
  await expect
    .poll(() => bell.getAttribute('aria-label'), { timeout: 30_000 })
    .toBe('Notifications, 1 unread')
  await context.close()
})

test('an image uploaded through instance B is stored in the bucket and served by instance A', async () => {
  const uploader = await newMember(b!.url, 'uploader')
  const png = await sharp({
    create: { width: 64, height: 48, channels: 3, background: '#3a7a5a' },
  })
    .png()
    .toBuffer()
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'scale.png')
  form.append('_payload', JSON.stringify({ purpose: 'neighbourhood-image', alt: 'A green field' }))
  const uploaded = await fetch(`${b!.url}/api/media`, {
    method: 'POST',
    headers: { authorization: uploader.auth.authorization },
    body: form,
  })
  expect(uploaded.status, await uploaded.clone().text()).toBe(201)
  const { doc } = (await uploaded.json()) as { doc: { filename: string; url: string } }
  expect((await cluster!.s3.keys()).some((key) => key.endsWith(doc.filename))).toBe(true)
  const served = await fetch(`${a!.url}${new URL(doc.url, a!.url).pathname}`)
  expect(served.status).toBe(200)
  expect(served.headers.get('content-type')).toMatch(/^image\//)
})

test('the login limit holds across both instances', async () => {
  const member = await newMember(a!.url, 'limited')
  // The same client (as nginx reports it) alternating between the instances.
  const client = `203.0.113.${Math.floor(Math.random() * 200) + 1}`
  const statuses: number[] = []
  for (let i = 0; i < LOGIN_LIMIT + 1; i++) {
    const site = i % 2 === 0 ? a! : b!
    const res = await post(
      site.url,
      '/api/users/login',
      { ...JSON_HEADERS, 'x-forwarded-for': client },
      { email: member.email, password: 'not-the-password' },
    )
    statuses.push(res.status)
  }
  expect(statuses.slice(0, LOGIN_LIMIT).every((s) => s !== 429)).toBe(true)
  expect(statuses[LOGIN_LIMIT]).toBe(429)
})

test('killing instance B loses no acknowledged write; the front server answers through A', async () => {
  const writer = await newMember(front, 'survivor')
  const place = await newNeighbourhood(front, writer.auth)
  const acknowledged: number[] = []
  let sent = 0
  let killed = false
  const discussion = (i: number) =>
    post(
      front,
      '/api/discussions/new',
      { ...writer.auth, origin: front },
      {
        title: `Write ${i} through nginx`,
        content: 'Counted by the scale test.',
        neighbourhood: place.id,
      },
    ).then(
      async (res) => {
        if (res.status === 201)
          acknowledged.push(((await res.json()) as { doc: { id: number } }).doc.id)
        return res.status
      },
      () => 0,
    )
  // Writes in flight on both instances while B is killed without warning.
  while (sent < 60) {
    const batch = Array.from({ length: 4 }, () => discussion(sent++))
    if (sent >= 20 && !killed) {
      killed = true
      await b!.kill()
    }
    await Promise.all(batch)
  }
  expect(killed).toBe(true)
  // Every acknowledged write is there, read back through the survivor.
  for (const id of acknowledged) {
    const res = await fetch(`${a!.url}/api/discussions/${id}?depth=0`)
    expect(res.status, `discussion ${id}`).toBe(200)
  }
  expect(acknowledged.length).toBeGreaterThan(20)
  // The front server keeps answering: static pages, on-demand pages and the API, through A.
  for (const route of [
    '/',
    `/neighbourhood/${place.slug}`,
    '/forum',
    '/api/neighbourhoods?limit=1',
  ])
    expect((await fetch(`${front}${route}`)).status, route).toBe(200)
  console.log(
    `[scale] ${sent} writes sent, ${acknowledged.length} acknowledged, 0 lost after killing B`,
  )
})
