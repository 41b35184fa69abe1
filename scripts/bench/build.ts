/**
 * The full build of the target-scale seed alone (5,000 neighbourhoods, 50,000 reviews, 10,000
 * stories): `astro build` and every page written, timed by the server's own log. The seeded
 * database is kept between runs (.tmp/bench-regen, shared with bench:regen; FRESH=1 seeds again),
 * so a run costs the build, not the seeding. PAGES=1 keeps the served build and writes only its
 * pages again (as after a change of PUBLIC_URL), to time the page rendering alone; when the
 * sources changed since that build, the run is a full build all the same (the log says which).
 * Usage: npm run bench:build   (FRESH=1, PAGES=1)
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { outputOf } from './builtSite'
import { scaledSite } from './scaleSeed'

const root = path.resolve('.tmp/bench-regen')
const reuse = process.env.FRESH !== '1'
const seededScale = fs.existsSync(path.join(root, 'seeded'))
  ? fs.readFileSync(path.join(root, 'seeded'), 'utf8').trim()
  : ''
const { start, db, postgres, count, siteDir } = await scaledSite(
  root,
  119,
  reuse && seededScale === '119',
  { reviews: 50_000, stories: 10_000 },
)
console.log(
  `seed: ${await count('neighbourhoods')} neighbourhoods, ${await count('reviews')} reviews, ${await count('stories')} stories; load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
)
const current = path.join(siteDir, 'site', 'current.json')
if (process.env.PAGES !== '1') fs.rmSync(current, { force: true })
else if (!fs.existsSync(current)) throw new Error('PAGES=1 needs a served build: run once without')

const started = Date.now()
const site = start(['--build-only'])
const log = outputOf(site)
const code = await new Promise((resolve) => site.on('exit', resolve))
if (code !== 0) throw new Error(`build failed:\n${log()}`)
console.log(`start --build-only: ${((Date.now() - started) / 1000).toFixed(1)} s`)
for (const line of log().split('\n'))
  if (/prerendered|build ready|pages written|site:/.test(line)) console.log(`  ${line.trim()}`)
console.log(
  `load after: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
)
await db.end()
await postgres.stop()
