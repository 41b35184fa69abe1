import fs from 'node:fs'
import path from 'node:path'

import pg from 'pg'
import { afterAll, beforeAll, expect, inject, it } from 'vitest'

import { startEmbeddedPostgres, type RunningPostgres } from '@/server/database/postgres'
import { inlineScriptHashes } from '@/server/http/security'
import { freshDataDir, member, removeDataDir, startSite, type Site } from '@tests/faults/harness'

/**
 * A large build is served once its first pages are written, and the rest are written behind it
 * by the regenerator (src/server/site/backfill.ts). The site gets 2,000 more neighbourhoods and
 * builds from nothing while this test holds the regeneration lock (as another instance would):
 * the build is served with most pages still unwritten, for as long as the test likes. Then it is
 * killed halfway through writing them, and started again. Real
 * server, real PostgreSQL; every wait is for what a reader would be served.
 */

/** The regenerator's advisory lock (src/server/site/siteRegen.ts): one instance writes pages. */
const REGENERATION_LOCK = 0x62656c6f
const EXTRA = 2_000
/** The write-to-page alert's bound (ops/prometheus/alerts.yml). */
const PAGE_PROMISE_MS = 10_000

let dataDir = ''
let postgres: RunningPostgres | undefined
let site: Site | undefined
let db: pg.Client | undefined
/** Holds the regeneration lock while it is connected. */
let holder: pg.Client | undefined
const METRICS_TOKEN = 'backfill-test-metrics-token'
const env: Record<string, string> = {
  METRICS_TOKEN,
  SITE_REGEN_DELAY_MS: '50',
  RENDER_PROCESSES: '1',
  RENDER_PROCESSES_FROM: '500',
}

beforeAll(async () => {
  dataDir = freshDataDir(inject('faultsTemplate'), 'backfill')
  postgres = await startEmbeddedPostgres({ dir: dataDir, databases: ['belong'] })
  env.DATABASE_URL = postgres.url('belong')
  db = new pg.Client({ connectionString: env.DATABASE_URL })
  await db.connect()
  holder = new pg.Client({ connectionString: env.DATABASE_URL })
  await holder.connect()
  await holder.query('SELECT pg_advisory_lock($1)', [REGENERATION_LOCK])
  await db.query(
    `INSERT INTO neighbourhoods (name, slug, tagline)
       SELECT 'Backfill ' || g, 'backfill-' || g, 'Row ' || g FROM generate_series(1, $1::int) g`,
    [EXTRA],
  )
  // No build yet: the next start builds from nothing.
  fs.rmSync(path.join(dataDir, 'site', 'current.json'))
  site = await startSite(dataDir, env)
}, 600_000)

afterAll(async () => {
  await holder?.end().catch(() => {})
  await db?.end()
  await site?.stop()
  await postgres?.stop()
  if (dataDir) await removeDataDir(dataDir)
})

/** What a reader is served at `urlPath`. */
async function served(urlPath: string) {
  const res = await fetch(`${site!.url}${urlPath}`)
  return {
    status: res.status,
    render: res.headers.get('x-belong-render'),
    policy: res.headers.get('content-security-policy') ?? '',
    html: await res.text(),
  }
}

/** Waits until `urlPath` is served from its static file; answers its HTML. */
async function staticPage(urlPath: string, check: (html: string) => boolean = () => true) {
  let html = ''
  await expect
    .poll(
      async () => {
        const page = await served(urlPath)
        html = page.html
        return page.status === 200 && page.render === 'static' && check(page.html)
      },
      { timeout: 300_000, interval: 200 },
    )
    .toBe(true)
  return html
}

/** The pages left to write as this instance's metrics say (undefined: not this instance). */
async function pagesUnwritten(): Promise<number | undefined> {
  const res = await fetch(`${site!.url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  })
  const line = (await res.text()).match(/^belong_site_build_pages_unwritten (\S+)$/m)
  const value = Number(line?.[1])
  return Number.isNaN(value) ? undefined : value
}

/** The build served now (DATA_DIR/site/current.json). */
const currentBuild = () =>
  JSON.parse(fs.readFileSync(path.join(dataDir, 'site', 'current.json'), 'utf8')) as {
    dir: string
    pagesPending?: boolean
  }

/** The page as the reader got it, without what differs between two renders: when, islands' ids. */
const comparable = (html: string) =>
  html
    .replace(/<meta name="belong:rendered-at" content="\d+">/, '')
    .replace(/renderedAt&quot;:\[0,&quot;[^&]*&quot;\]/g, '')
    .replace(/<astro-island uid="[^"]*"/g, '<astro-island')

it('serves a large build before all its pages are written, and writes them behind it', async () => {
  expect(site!.output.join('\n')).toMatch(/pages written first in .* the other \d+ are written/)
  expect(currentBuild().pagesPending).toBe(true)
  // The first pages are files already; the last neighbourhood is answered on demand.
  expect((await served('/')).render).toBe('static')
  const last = `/neighbourhood/backfill-${EXTRA}`
  const early = await served(last)
  expect(early.status).toBe(200)
  expect(early.render).toBe('on-demand')
  expect(early.html).toContain(`Backfill ${EXTRA}`)
  // Its inline scripts are allowed by the page policy the build was served with.
  const scripts = inlineScriptHashes(early.html)
  expect(scripts.length).toBeGreaterThan(0)
  for (const hash of scripts) expect(early.policy).toContain(hash)

  // The lock let go: a write wakes the regenerator, which writes its pages, then the rest.
  const who = await member(site!.url)
  await holder!.end()
  holder = undefined
  // The first pages written behind the build: the most reviewed neighbourhoods (the first one
  // went before the switch, as one of its kind).
  const { rows } = await db!.query<{ slug: string }>(
    `SELECT n.slug FROM neighbourhoods n LEFT JOIN reviews r ON r.neighbourhood_id = n.id
      GROUP BY n.id ORDER BY count(r.id) DESC, n.id LIMIT 2`,
  )
  await staticPage(`/neighbourhood/${rows[1]!.slug}`)
  // The operator sees how many are left, on the instance writing them.
  expect(await pagesUnwritten()).toBeGreaterThan(EXTRA / 2)

  // A write made while the rest are written reaches its page within the regenerator's promise.
  const target = (
    await db!.query<{ id: number }>("SELECT id FROM neighbourhoods WHERE slug = 'backfill-1000'")
  ).rows[0]!.id
  const words = `Written while the build was being filled ${Date.now()}.`
  const posted = await fetch(`${site!.url}/api/reviews/new`, {
    method: 'POST',
    headers: who.headers,
    body: JSON.stringify({ neighbourhood: target, rating: 5, comment: words }),
  })
  expect(posted.status, await posted.clone().text()).toBe(201)
  const answered = Date.now()
  await staticPage('/neighbourhood/backfill-1000', (html) => html.includes(words))
  const took = Date.now() - answered
  console.log(`a write made while the build's pages were written was on its page in ${took} ms`)
  expect(took).toBeLessThan(PAGE_PROMISE_MS)
  // ...ahead of the build's own pages: the last one was still not written.
  expect((await served(last)).render).toBe('on-demand')

  // Killed while the rest are written, and started again: it writes what is left.
  const port = site!.port
  await site!.kill()
  site = await startSite(dataDir, env, port)
  expect(site.output.join('\n')).not.toMatch(/site: build ready/)

  // Every page is written in the end, the one answered on demand the same as its file.
  const written = await staticPage(last)
  expect(comparable(written)).toBe(comparable(early.html))
  await expect
    .poll(() => currentBuild().pagesPending, { timeout: 60_000, interval: 200 })
    .toBe(false)
  await expect.poll(pagesUnwritten, { timeout: 60_000, interval: 200 }).toBe(0)
  expect(site.output.join('\n')).toMatch(/site: all \d+ pages of the build written/)
  const clientDir = path.join(currentBuild().dir, 'client')
  const { rows: all } = await db!.query<{ slug: string }>('SELECT slug FROM neighbourhoods')
  const missing = all.filter(
    ({ slug }) => !fs.existsSync(path.join(clientDir, 'neighbourhood', slug, 'index.html')),
  )
  expect(missing).toEqual([])
})
