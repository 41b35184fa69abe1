/**
 * Incremental regeneration on the demo seed scaled ×SCALE (×100: 4,200 neighbourhoods, 16,800
 * reviews, 600 stories; SEED_SIZE=target: the target scale, 5,000, 50,000 and 10,000): the full
 * build with every page written (including those a large build writes after it is served), then
 * writes whose page must show them in its static HTML, the CPU each write costs the server, and
 * a public read's p99 while regenerations run.
 * Usage: npm run bench:regen   (SCALE=100, REVIEWS=, STORIES= totals, SEED_SIZE=target, WRITES=10)
 */
import fs from 'node:fs'
import path from 'node:path'

import autocannon from 'autocannon'

import { outputOf, waitFor } from './builtSite'
import { scaledSite } from './scaleSeed'

// SEED_SIZE=target: the target scale, 5,000 neighbourhoods (×119 = 4,998), 50,000 reviews and
// 10,000 stories.
// ('issue' is the setting's earlier name, still understood.)
const issueSeed = ['target', 'issue'].includes(process.env.SEED_SIZE ?? '')
const SCALE = Number(process.env.SCALE ?? (issueSeed ? 119 : 100))
const REVIEWS = Number(process.env.REVIEWS ?? (issueSeed ? 50_000 : 0))
const STORIES = Number(process.env.STORIES ?? (issueSeed ? 10_000 : 0))
const WRITES = Number(process.env.WRITES ?? 10)
// 1. The database: migrated and seeded by a first start (build only), then scaled up.
const { base, start, stop, db, count, siteDir } = await scaledSite(
  path.resolve('.tmp/bench-regen'),
  SCALE,
  false,
  { reviews: REVIEWS, stories: STORIES },
)
// The scaled content was never rendered: the next start must do a full build.
fs.rmSync(path.join(siteDir, 'site', 'current.json'))
console.log(
  `seed ×${SCALE}: ${await count('neighbourhoods')} neighbourhoods, ${await count('reviews')} reviews, ${await count('stories')} stories`,
)

// 2. The full build (astro build + every page written), timed by the server's own log.
const started = Date.now()
const site = start()
const log = outputOf(site)
await waitFor(`${base}/healthz`, site, log)
console.log(`full build and start: ${((Date.now() - started) / 1000).toFixed(1)} s`)
// A large build is served before all its pages are written: the writes are timed once they are.
while (
  /are written behind/.test(log()) &&
  !/site: all \d+ pages of the build written/.test(log())
) {
  if (site.exitCode !== null) throw new Error(`exited:\n${log()}`)
  await new Promise((resolve) => setTimeout(resolve, 200))
}
for (const line of log().split('\n'))
  if (/prerendered|build ready|pages written first|pages of the build written/.test(line))
    console.log(`  ${line}`)

// 3. Writes: POST a review, then poll the page's static HTML until it shows it.
const json = { 'content-type': 'application/json', origin: base }
const login = await fetch(`${base}/api/users/login`, {
  method: 'POST',
  headers: json,
  body: JSON.stringify({ email: 'sofia@belong.local', password: 'belong-demo' }),
})
const { token } = (await login.json()) as { token: string }
const auth = { ...json, authorization: `JWT ${token}` }
const { rows: places } = await db.query(
  `SELECT id, slug FROM neighbourhoods ORDER BY random() LIMIT ${WRITES}`,
)
const cpu = () => {
  const stat = fs.readFileSync(`/proc/${site.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(stat[11]) + Number(stat[12])) / 100 // utime + stime, in seconds
}
const visibleAfter: number[] = []
const cpuPerWrite: number[] = []
async function writeAndWait(place: { id: number; slug: string }) {
  const text = `Bench review ${Date.now()} for ${place.slug}, written to time regeneration.`
  const before = cpu()
  const posted = await fetch(`${base}/api/reviews/new`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      neighbourhood: place.id,
      rating: 4,
      authorName: 'Sofia',
      comment: text,
    }),
  })
  const answered = Date.now()
  if (posted.status !== 201) throw new Error(`review: ${posted.status} ${await posted.text()}`)
  for (;;) {
    const html = await (await fetch(`${base}/neighbourhood/${place.slug}`)).text()
    if (html.includes(text)) break
    if (Date.now() - answered > 30_000) throw new Error(`not visible after 30 s: ${place.slug}`)
    await new Promise((r) => setTimeout(r, 20))
  }
  visibleAfter.push(Date.now() - answered)
  // Let the regenerator finish the other pages of the write (home, lists) before reading CPU.
  await new Promise((r) => setTimeout(r, 1000))
  cpuPerWrite.push(cpu() - before)
}
// CPU per write on a quiet server (the polling reads included, so an upper bound).
for (const place of places.slice(0, Math.ceil(WRITES / 2))) await writeAndWait(place)
const quiet = visibleAfter.splice(0)
const quietCpu = cpuPerWrite.splice(0)
// Then a public read under load while the other writes regenerate their pages.
const baseline = await autocannon({
  url: `${base}/api/neighbourhoods?limit=10`,
  connections: 10,
  duration: 5,
})
const reads = autocannon({
  url: `${base}/api/neighbourhoods?limit=10`,
  connections: 10,
  duration: WRITES + 5,
})
for (const place of places.slice(Math.ceil(WRITES / 2))) await writeAndWait(place)
const result = await reads
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b)
const at = (xs: number[], q: number): number =>
  sorted(xs)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!
console.log(
  `new review in the static HTML after the POST's answer, quiet: p50 ${at(quiet, 0.5)} ms, max ${Math.max(...quiet)} ms; under read load: p50 ${at(visibleAfter, 0.5)} ms, max ${Math.max(...visibleAfter)} ms`,
)
console.log(
  `server CPU per write on a quiet server (request + regeneration + the polling reads): p50 ${at(quietCpu, 0.5).toFixed(2)} s, max ${Math.max(...quietCpu).toFixed(2)} s`,
)
console.log(
  `GET /api/neighbourhoods?limit=10 (10 connections): alone ${baseline.requests.average.toFixed(0)} req/s p99 ${baseline.latency.p99} ms; during regenerations ${result.requests.average.toFixed(0)} req/s p99 ${result.latency.p99} ms`,
)

await stop(site)
