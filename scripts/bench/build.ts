/**
 * The full build of the target-scale seed alone (5,000 neighbourhoods, 50,000 reviews, 10,000
 * stories): `npm start` from no build, timed until the site serves the new build (its first pages
 * written) and until every page is written behind it (the server's log says when). The seeded
 * database is kept between runs (.tmp/bench-regen, shared with bench:regen; FRESH=1 seeds again),
 * so a run costs the build, not the seeding. PAGES=1 keeps the served build and writes all its
 * pages again before serving (as after a change of PUBLIC_URL), to time the page rendering alone; when the
 * sources changed since that build, the run is a full build all the same (the log says which).
 * Usage: npm run bench:build   (FRESH=1, PAGES=1)
 */
import fs from 'node:fs'
import path from 'node:path'

import { loadAverage, outputOf } from './builtSite'
import { scaledSite } from './scaleSeed'

const root = path.resolve('.tmp/bench-regen')
const reuse = process.env.FRESH !== '1'
const seededScale = fs.existsSync(path.join(root, 'seeded'))
  ? fs.readFileSync(path.join(root, 'seeded'), 'utf8').trim()
  : ''
const { start, db, postgres, count, siteDir, base } = await scaledSite(
  root,
  119,
  reuse && seededScale === '119',
  { reviews: 50_000, stories: 10_000 },
)
console.log(
  `seed: ${await count('neighbourhoods')} neighbourhoods, ${await count('reviews')} reviews, ${await count('stories')} stories; load ${loadAverage()}`,
)
const current = path.join(siteDir, 'site', 'current.json')
if (process.env.PAGES !== '1') fs.rmSync(current, { force: true })
else if (!fs.existsSync(current)) throw new Error('PAGES=1 needs a served build: run once without')

const started = Date.now()
const seconds = (at: number) => ((at - started) / 1000).toFixed(1)
// PAGES=1 rewrites every page before serving (as after a change of PUBLIC_URL): a build-only run.
const pagesOnly = process.env.PAGES === '1'
const site = start(pagesOnly ? ['--build-only'] : [])
const log = outputOf(site)
let exitCode: number | null | undefined
const exited = new Promise<void>((resolve) =>
  site.on('exit', (code) => {
    exitCode = code
    resolve()
  }),
)
/** Polls `check` every 100 ms until it holds; the time it first did. */
async function when(check: () => boolean | Promise<boolean>, what: string): Promise<number> {
  for (const deadline = Date.now() + 900_000; Date.now() < deadline;) {
    if (await check()) return Date.now()
    if (exitCode !== undefined)
      throw new Error(`the site exited (${exitCode}) before ${what}:\n${log()}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`no ${what} in 15 minutes:\n${log()}`)
}
const siteLines = () =>
  log()
    .split('\n')
    .filter((line) => /prerendered|build ready|pages written|site:/.test(line))
    .map((line) => `  ${line.trim()}`)
if (pagesOnly) {
  await exited
  if (exitCode !== 0) throw new Error(`build failed:\n${log()}`)
  console.log(`start --build-only: ${seconds(Date.now())} s`)
  for (const line of siteLines()) console.log(line)
} else {
  // A large build is served once its first pages are written; the rest are written behind it.
  const serving = await when(
    () =>
      fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      ),
    'the site serving',
  )
  // The page written last: until then its route answers it on demand.
  const { rows } = await db.query<{ slug: string }>(
    `SELECT n.slug FROM neighbourhoods n LEFT JOIN reviews r ON r.neighbourhood_id = n.id
      GROUP BY n.id ORDER BY count(r.id), n.id DESC LIMIT 1`,
  )
  const asked = Date.now()
  const last = await fetch(`${base}/neighbourhood/${rows[0]!.slug}`)
  await last.arrayBuffer()
  const lastPage = `${last.status} ${last.headers.get('x-belong-render')} in ${Date.now() - asked} ms`
  const allWritten = await when(
    () => /site: all \d+ pages of the build written/.test(log()),
    'every page written',
  )
  const pages = /site: all (\d+) pages of the build written/.exec(log())![1]
  site.kill('SIGTERM')
  await exited
  for (const line of siteLines()) console.log(line)
  console.log(
    `serving the new build after ${seconds(serving)} s (npm start to /readyz answering 200)`,
  )
  console.log(`  (then a page not written yet, /neighbourhood/${rows[0]!.slug}: ${lastPage})`)
  console.log(`all ${pages} pages written after ${seconds(allWritten)} s`)
}
console.log(`load after: ${loadAverage()}`)
await db.end()
await postgres.stop()
