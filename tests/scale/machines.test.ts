import fs from 'node:fs'
import path from 'node:path'

import pg from 'pg'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'

import { freshDataDir, removeDataDir, startSite, type Site } from '@tests/faults/harness'
import { pauseReplay, resumeReplay } from '@tests/support/standby'
import {
  call,
  CDN_TOKEN,
  newMember,
  newNeighbourhood,
  PUBLIC,
  review,
  startMachines,
  staticPage,
  type Machines,
} from './machines'

/**
 * Proof that Belong spans machines (tests/scale/machines.ts): two app instances with separate
 * data folders, each behind its own nginx, share pages through the bucket. A page regenerated on one machine reaches the
 * other's files, a machine that was down catches up when it starts, a new one downloads the
 * build, a lagging replica never reaches a page, and the CDN hears of every change.
 */

const PREFIX = 'site/'

let machines: Machines | undefined
let a: Site | undefined
let b: Site | undefined
let dirA = ''
let dirB = ''

beforeAll(async () => {
  machines = await startMachines(inject('faultsTemplate'))
  ;[a, b] = machines.sites
  ;[dirA, dirB] = machines.dirs as [string, string]
})

afterAll(async () => {
  await machines?.stop()
})

/** The file of `route` on a machine's disk. */
const fileOf = (dataDir: string, route: string) =>
  path.join(dataDir, 'site', 'current', 'client', route, 'index.html')

/** The page as a machine's own disk holds it now ('' before it has one). */
const onDisk = (dataDir: string, route: string) =>
  fs.promises.readFile(fileOf(dataDir, route), 'utf8').catch(() => '')

test('a review posted on machine A is in the static page machine B serves, from B’s own disk', async () => {
  const auth = await newMember(a!)
  const place = await newNeighbourhood(a!, auth)
  const route = `/neighbourhood/${place.slug}`
  const comment = `Written on A, served by B (${Date.now()}).`
  const answered = await review(a!, auth, place.id, comment)
  await expect.poll(() => staticPage(b!, route), { timeout: 30_000 }).toContain(comment)
  console.log(`[machines] review in B's static page ${Date.now() - answered} ms after A answered`)
  // Whichever machine took the regeneration wrote its own disk first; the other fetches it.
  for (const dir of [dirB, dirA])
    await expect.poll(() => onDisk(dir, route), { timeout: 30_000 }).toContain(comment)

  // B's own nginx serves it from B's disk.
  expect(await staticPage(machines!.fronts[1]!, route)).toContain(comment)

  // The CDN keeps the page (browsers revalidate every time) and is told twice that it changed.
  const served = await call(machines!.fronts[1]!, 'GET', route)
  expect(served.headers['cache-control']).toBe('public, max-age=0, must-revalidate')
  expect(served.headers['cdn-cache-control']).toMatch(/^max-age=\d+, stale-while-revalidate=\d+$/)
  const purgedUrl = `${PUBLIC}${route}`
  await expect
    .poll(() => machines!.purges.filter((p) => p.files.includes(purgedUrl)).length, {
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(2)
  expect(machines!.purges.every((p) => p.authorization === `Bearer ${CDN_TOKEN}`)).toBe(true)
})

/** A neighbourhood made on B by a new member, once machine A serves its page. */
async function placeOnBSeenOnA() {
  const auth = await newMember(b!)
  const place = await newNeighbourhood(b!, auth)
  const route = `/neighbourhood/${place.slug}`
  await expect
    .poll(() => staticPage(a!, route), { timeout: 30_000 })
    .toContain(place.slug.slice(-5))
  return { auth, place, route }
}

test('a rename on machine B reaches the pages machine A serves', async () => {
  const { auth, place, route } = await placeOnBSeenOnA()
  // The neighbourhood form's command takes every field (as newNeighbourhood wrote them).
  const renamed = await call(b!, 'PATCH', `/api/neighbourhoods/${place.id}/details`, auth, {
    name: `Renamed ${place.slug.slice(-5)}`,
    slug: place.slug,
    tagline: 'Two disks, one site',
    vibes: ['Calm'],
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

  b = await startSite(dirB, machines!.env)
  machines!.sites[1] = b
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
    (await machines!.s3.keys()).filter(
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
  const c = await startSite(dirC, machines!.env)
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
  const { auth, place, route } = await placeOnBSeenOnA()
  await pauseReplay(machines!.onStandby)
  try {
    const comment = `Written while the replica stood still (${Date.now()}).`
    await review(b!, auth, place.id, comment)
    // The replica has not seen it: a page rendered from it would miss it.
    const { rows } = await machines!.onStandby.query('SELECT 1 FROM reviews WHERE comment = $1', [
      comment,
    ])
    expect(rows).toHaveLength(0)
    for (const site of [a!, b!])
      await expect.poll(() => staticPage(site, route), { timeout: 30_000 }).toContain(comment)
  } finally {
    await resumeReplay(machines!.onStandby)
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
        const posted = await call(a!, 'POST', '/api/reviews/new', auth, {
          neighbourhood: place.id,
          rating: 3,
          authorName: 'Load',
          comment: `Writer ${w}, review ${n}.`,
        })
        if (posted.status === 201)
          acknowledged.push((JSON.parse(posted.body) as { review: { id: number } }).review.id)
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
  const primary = new pg.Client({ connectionString: machines!.postgres.url('belong') })
  await primary.connect()
  const { rows } = await primary
    .query<{ id: number }>('SELECT id FROM reviews WHERE neighbourhood_id = $1', [place.id])
    .finally(() => primary.end())
  const stored = new Set(rows.map((row) => row.id))
  console.log(`[machines] ${acknowledged.length} acknowledged writes before A was killed`)
  expect(acknowledged.filter((id) => !stored.has(id))).toEqual([])
})
