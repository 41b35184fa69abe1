import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'

import { startEmbeddedPostgres, type RunningPostgres } from '@/server/database/postgres'
import { freshDataDir, removeDataDir, startSite, type Site } from '@tests/faults/harness'
import { startS3 } from '@tests/support/s3'
import {
  addStandby,
  pauseReplay,
  resumeReplay,
  STREAMING_SETTINGS,
  type Standby,
} from '@tests/support/standby'

/**
 * Proof that Belong spans machines: two app instances with separate data folders (two disks,
 * each with its own copy of the site build), one PostgreSQL and an S3-protocol bucket. A page
 * regenerated on one machine reaches the other's files through the bucket, and a machine that
 * was down catches up when it starts. Both read through a streaming replica, whose lag never
 * reaches a page. A local HTTP server stands in for the CDN's purge API.
 */

// The name both machines answer to (the template's pages link to it, so none is rewritten).
const PUBLIC = 'http://127.0.0.1:3000'
const PREFIX = 'site/'

let postgres: RunningPostgres | undefined
let standby: Standby | undefined
let onStandby: pg.Pool | undefined
let standbyDir = ''
let s3: Awaited<ReturnType<typeof startS3>> | undefined
let a: Site | undefined
let b: Site | undefined
let dirA = ''
let dirB = ''
let machineEnv: Record<string, string> = {}
let cdn: http.Server | undefined
/** What the stand-in CDN was asked to purge: the URLs of each request, and its token. */
const purges: { files: string[]; authorization?: string }[] = []

beforeAll(async () => {
  const template = inject('faultsTemplate')
  dirA = freshDataDir(template, 'machine-a')
  dirB = freshDataDir(template, 'machine-b')
  // Commits are flushed at once, so the replica streams them without waiting on the WAL writer.
  const settings = { synchronous_commit: 'on', ...STREAMING_SETTINGS }
  postgres = await startEmbeddedPostgres({ dir: dirA, databases: ['belong'], settings })
  standbyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'belong-machines-standby-'))
  fs.chmodSync(standbyDir, 0o755) // as root, postgres runs as nobody, which must get through
  standby = await addStandby(postgres, standbyDir, 'machines', settings)
  onStandby = new pg.Pool({ connectionString: standby.postgres.url('belong'), max: 1 })
  s3 = await startS3()
  cdn = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      const parsed = JSON.parse(body) as { files?: string[] }
      purges.push({ files: parsed.files ?? ['*'], authorization: req.headers.authorization })
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{"success":true}')
    })
  })
  await new Promise<void>((resolve) => cdn!.listen(0, '127.0.0.1', resolve))
  const cdnPort = (cdn.address() as { port: number }).port
  machineEnv = {
    CDN_PURGE_URL: `http://127.0.0.1:${cdnPort}/purge`,
    CDN_PURGE_TOKEN: 'machines-cdn-token',
    CDN_PURGE_DELAY_MS: '200',
    DATABASE_URL: postgres.url('belong'),
    DATABASE_READ_REPLICAS: standby.postgres.url('belong'),
    // A paused replica stays in use: the test shows its lag never reaches a page.
    REPLICA_MAX_LAG_MS: '600000',
    PUBLIC_URL: PUBLIC,
    SITE_REGEN_DELAY_MS: '100',
    ...s3.env,
  }
  a = await startSite(dirA, machineEnv)
  b = await startSite(dirB, machineEnv)
})

afterAll(async () => {
  await a?.stop()
  await b?.stop()
  await s3?.stop()
  cdn?.close()
  await onStandby?.end()
  await standby?.remove()
  await postgres?.stop()
  for (const dir of [dirA, dirB]) if (dir) await removeDataDir(dir)
  if (standbyDir) fs.rmSync(standbyDir, { recursive: true, force: true })
})

interface Reply {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

/** A request to one machine under the public name (as a load balancer in front would send it). */
function call(
  site: Site,
  method: string,
  route: string,
  headers: Record<string, string> = {},
  body?: unknown,
) {
  return new Promise<Reply>((resolve, reject) => {
    const req = http.request(
      `${site.url}${route}`,
      {
        method,
        headers: {
          host: new URL(PUBLIC).host,
          origin: PUBLIC,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        )
      },
    )
    req.on('error', reject)
    req.end(body === undefined ? undefined : JSON.stringify(body))
  })
}

/** A new member signed in on `site`, with the headers that act as them. */
async function newMember(site: Site) {
  const userName = `machine${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const email = `${userName}@machines.test`
  const password = 'machines-member-password'
  const created = await call(site, 'POST', '/api/users', {}, { email, password, userName })
  expect(created.status, created.body).toBe(201)
  const login = await call(site, 'POST', '/api/users/login', {}, { email, password })
  expect(login.status, login.body).toBe(200)
  const { token } = JSON.parse(login.body) as { token: string }
  return { authorization: `JWT ${token}` }
}

async function newNeighbourhood(site: Site, auth: Record<string, string>) {
  const slug = `machines-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const created = await call(site, 'POST', '/api/neighbourhoods', auth, {
    name: `Machines ${slug.slice(-5)}`,
    slug,
    tagline: 'Two disks, one site',
    vibes: ['Calm'],
  })
  expect(created.status, created.body).toBe(201)
  return { id: (JSON.parse(created.body) as { doc: { id: number } }).doc.id, slug }
}

async function review(
  site: Site,
  auth: Record<string, string>,
  neighbourhood: number,
  comment: string,
) {
  const posted = await call(site, 'POST', '/api/reviews', auth, {
    neighbourhood,
    rating: 4,
    authorName: 'Machines',
    comment,
  })
  expect(posted.status, posted.body).toBe(201)
  return Date.now()
}

/** The page as `site` serves it from its own disk (a static file, not rendered on demand). */
async function staticPage(site: Site, route: string): Promise<string> {
  const page = await call(site, 'GET', route)
  return page.status === 200 && page.headers['x-belong-render'] === 'static' ? page.body : ''
}

/** The file of `route` on a machine's disk. */
const fileOf = (dataDir: string, route: string) =>
  path.join(dataDir, 'site', 'current', 'client', route, 'index.html')

test('a review posted on machine A is in the static page machine B serves, from B’s own disk', async () => {
  const auth = await newMember(a!)
  const place = await newNeighbourhood(a!, auth)
  const route = `/neighbourhood/${place.slug}`
  const comment = `Written on A, served by B (${Date.now()}).`
  const answered = await review(a!, auth, place.id, comment)
  await expect.poll(() => staticPage(b!, route), { timeout: 30_000 }).toContain(comment)
  console.log(`[machines] review in B's static page ${Date.now() - answered} ms after A answered`)
  expect(fs.readFileSync(fileOf(dirB, route), 'utf8')).toContain(comment)
  expect(fs.readFileSync(fileOf(dirA, route), 'utf8')).toContain(comment)

  // The CDN keeps the page (browsers revalidate every time) and is told twice that it changed.
  const served = await call(b!, 'GET', route)
  expect(served.headers['cache-control']).toBe('public, max-age=0, must-revalidate')
  expect(served.headers['cdn-cache-control']).toMatch(/^max-age=\d+, stale-while-revalidate=\d+$/)
  const purgedUrl = `${PUBLIC}${route}`
  await expect
    .poll(() => purges.filter((p) => p.files.includes(purgedUrl)).length, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(2)
  expect(purges.every((p) => p.authorization === 'Bearer machines-cdn-token')).toBe(true)
})

test('a rename on machine B reaches the pages machine A serves', async () => {
  const auth = await newMember(b!)
  const place = await newNeighbourhood(b!, auth)
  const route = `/neighbourhood/${place.slug}`
  await expect
    .poll(() => staticPage(a!, route), { timeout: 30_000 })
    .toContain(place.slug.slice(-5))
  const renamed = await call(b!, 'PATCH', `/api/neighbourhoods/${place.id}`, auth, {
    name: `Renamed ${place.slug.slice(-5)}`,
  })
  expect(renamed.status, renamed.body).toBe(200)
  await expect
    .poll(() => staticPage(a!, route), { timeout: 30_000 })
    .toContain(`Renamed ${place.slug.slice(-5)}`)
})

test('machine B, stopped during three changes, serves all three once it starts again', async () => {
  const auth = await newMember(a!)
  const places = [await newNeighbourhood(a!, auth), await newNeighbourhood(a!, auth)]
  await b!.stop()
  const comments = [0, 1, 2].map((i) => `Posted while B was down, number ${i} (${Date.now()}).`)
  await review(a!, auth, places[0]!.id, comments[0]!)
  await review(a!, auth, places[1]!.id, comments[1]!)
  await review(a!, auth, places[1]!.id, comments[2]!)
  for (const [i, place] of [places[0], places[1], places[1]].entries())
    await expect
      .poll(() => staticPage(a!, `/neighbourhood/${place!.slug}`), { timeout: 30_000 })
      .toContain(comments[i])

  b = await startSite(dirB, machineEnv)
  await expect
    .poll(() => staticPage(b!, `/neighbourhood/${places[0]!.slug}`), { timeout: 30_000 })
    .toContain(comments[0])
  const second = () => staticPage(b!, `/neighbourhood/${places[1]!.slug}`)
  await expect.poll(second, { timeout: 30_000 }).toContain(comments[1])
  expect(await second()).toContain(comments[2])
})

test('the bucket keeps one revision of each page: a newer one replaces the files of the older', async () => {
  const auth = await newMember(a!)
  const place = await newNeighbourhood(a!, auth)
  const route = `/neighbourhood/${place.slug}`
  for (const n of [1, 2, 3]) {
    const comment = `Revision test ${n} (${Date.now()}).`
    await review(a!, auth, place.id, comment)
    await expect.poll(() => staticPage(b!, route), { timeout: 30_000 }).toContain(comment)
  }
  const ofPage = async () =>
    (await s3!.keys()).filter(
      (key) => key.startsWith(PREFIX) && key.includes(`${route}/index.html`),
    )
  // Three files (HTML, .br, .gz) of a single revision.
  await expect.poll(async () => (await ofPage()).length, { timeout: 30_000 }).toBe(3)
  const revisions = new Set((await ofPage()).map((key) => /\/r(\d+)\//.exec(key)?.[1]))
  expect(revisions.size).toBe(1)
})

test('a machine that starts without a site build downloads the one in the bucket instead of building', async () => {
  const auth = await newMember(a!)
  const place = await newNeighbourhood(a!, auth)
  const route = `/neighbourhood/${place.slug}`
  const comment = `Posted before machine C existed (${Date.now()}).`
  await review(a!, auth, place.id, comment)
  await expect.poll(() => staticPage(a!, route), { timeout: 30_000 }).toContain(comment)

  const dirC = freshDataDir(inject('faultsTemplate'), 'machine-c')
  fs.rmSync(path.join(dirC, 'site'), { recursive: true, force: true })
  const c = await startSite(dirC, machineEnv)
  try {
    expect(c.output.join('\n')).toMatch(/site: build downloaded/)
    expect(c.output.join('\n')).not.toMatch(/site: build ready/)
    // The build's own pages, and the ones published since its prerender.
    expect(await staticPage(c, '/')).toContain('<html')
    await expect.poll(() => staticPage(c, route), { timeout: 30_000 }).toContain(comment)
  } finally {
    await c.stop()
    await removeDataDir(dirC)
  }
})

test('a read replica that lags (its replay paused) never leaves a stale static page', async () => {
  const auth = await newMember(b!)
  const place = await newNeighbourhood(b!, auth)
  const route = `/neighbourhood/${place.slug}`
  await expect
    .poll(() => staticPage(a!, route), { timeout: 30_000 })
    .toContain(place.slug.slice(-5))
  await pauseReplay(onStandby!)
  try {
    const comment = `Written while the replica stood still (${Date.now()}).`
    await review(b!, auth, place.id, comment)
    // The replica has not seen it: a page rendered from it would miss it.
    const { rows } = await onStandby!.query('SELECT 1 FROM reviews WHERE comment = $1', [comment])
    expect(rows).toHaveLength(0)
    for (const site of [a!, b!])
      await expect.poll(() => staticPage(site, route), { timeout: 30_000 }).toContain(comment)
  } finally {
    await resumeReplay(onStandby!)
  }
})

test('killing machine A while it takes writes loses none it acknowledged', async () => {
  const auth = await newMember(a!)
  const place = await newNeighbourhood(a!, auth)
  const acknowledged: number[] = []
  let stopped = false
  const writer = async (w: number) => {
    for (let n = 0; !stopped && n < 200; n++) {
      try {
        const posted = await call(a!, 'POST', '/api/reviews', auth, {
          neighbourhood: place.id,
          rating: 3,
          authorName: 'Load',
          comment: `Writer ${w}, review ${n}.`,
        })
        if (posted.status === 201)
          acknowledged.push((JSON.parse(posted.body) as { doc: { id: number } }).doc.id)
      } catch {
        return // the connection broke: A is gone
      }
    }
  }
  const writers = [0, 1, 2, 3].map(writer)
  await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(20)
  await a!.kill()
  stopped = true
  await Promise.all(writers)
  // Straight from the primary: what was acknowledged must have been committed there.
  const primary = new pg.Client({ connectionString: postgres!.url('belong') })
  await primary.connect()
  const { rows } = await primary
    .query<{ id: number }>('SELECT id FROM reviews WHERE neighbourhood_id = $1', [place.id])
    .finally(() => primary.end())
  const stored = new Set(rows.map((row) => row.id))
  console.log(`[machines] ${acknowledged.length} acknowledged writes before A was killed`)
  expect(acknowledged.filter((id) => !stored.has(id))).toEqual([])
})
