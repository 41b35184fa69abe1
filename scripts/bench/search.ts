/**
 * Site search on the large seed (5,000 neighbourhoods, 50,000 reviews, 10,000 stories, their
 * discussions, events and polls; SEED_SIZE=small for ×10): the real site (scripts/start.ts,
 * API cache off so every request reaches PostgreSQL) under autocannon at 20 connections, each
 * cycling through typical queries, then the EXPLAIN (ANALYZE) of each query with the index it
 * uses. Budgets: a search p95 ≤ 50 ms, a suggestion p95 ≤ 20 ms (autocannon reports p97.5, a
 * stricter figure, which is what is printed and checked).
 * Usage: npm run bench:search   (SEED_SIZE=small, DURATION=10 s, CONNECTIONS=20, REUSE=1)
 */
import fs from 'node:fs'
import path from 'node:path'

import autocannon from 'autocannon'

import { reindexAll } from '@collections/Search/reindex'
import { CLOSEST_SQL, SEARCH_SQL, SUGGEST_SQL, TRIGRAM_SETTINGS } from '@collections/Search/queries'
import { prefixTsQuery } from '@/rules/search'
import { SiteBuilds } from '@/server/site/siteBuilds'

import { waitFor } from './builtSite'
import { scaledSite } from './scaleSeed'

const large = process.env.SEED_SIZE !== 'small'
const SCALE = Number(process.env.SCALE ?? (large ? 119 : 10))
const DURATION = Number(process.env.DURATION ?? 10)
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20)
const root = path.resolve('.tmp/bench-search')
const totals = large ? { reviews: 50_000, stories: 10_000 } : {}
const { postgres, base, env, start, db, count } = await scaledSite(
  root,
  SCALE,
  process.env.REUSE === '1',
  totals,
)
// The scale-up copies rows behind the hooks' back: the index is rebuilt from the tables.
console.log('reindexing…')
await reindexAll(db)
await db.query('ANALYZE search_index')
console.log(
  `${await count('neighbourhoods')} neighbourhoods, ${await count('stories')} stories, ` +
    `${await count('discussions')} discussions, ${await count('events')} events, ` +
    `${await count('search_index')} index entries`,
)

// Serve the seeding run's build as current (pages do not matter here), with the cache off.
const currentFile = path.join(root, 'site', 'site', 'current.json')
const current = JSON.parse(fs.readFileSync(currentFile, 'utf8')) as { sourceHash: string }
current.sourceHash = new SiteBuilds({
  projectRoot: process.cwd(),
  dataDir: path.join(root, 'site'),
  env,
  prerender: async () => {},
  publicOrigin: base,
  log: () => {},
}).sourceHash
fs.writeFileSync(currentFile, JSON.stringify(current))
env.API_CACHE_MB = '0'

const SEARCHES = ['shoreditch', 'shordich', 'festivals', 'bruch', 'brunch shoreditch', 'park cafe']
const SUGGESTS = ['sh', 'shor', 'shordi', 'brun', 'fest', 'camd']

const site = start()
let log = ''
site.stdout!.on('data', (d: Buffer) => (log += d))
site.stderr!.on('data', (d: Buffer) => (log += d))
try {
  await waitFor(`${base}/healthz`, site, () => log)
  const runs: [string, string[], number][] = [
    ['search (20 a page, counts per kind)', SEARCHES.map((q) => `/api/search?q=${q}`), 50],
    ['search, one kind, page 2', SEARCHES.map((q) => `/api/search?q=${q}&type=story&page=2`), 50],
    ['suggestions (8 titles)', SUGGESTS.map((q) => `/api/search/suggest?q=${q}`), 20],
  ]
  const rows: string[] = []
  for (const [name, paths, budget] of runs) {
    const result = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: DURATION,
      requests: paths.map((p) => ({ method: 'GET', path: encodeURI(p) })),
    })
    const bad = result.non2xx + result.errors + result.timeouts
    const p = result.latency.p97_5
    rows.push(
      `  ${name.padEnd(40)} ${result.requests.average.toFixed(0).padStart(7)} ` +
        `${String(result.latency.p50).padStart(6)} ms ${String(p).padStart(6)} ms ` +
        `${p <= budget ? 'ok' : `OVER ${budget} ms`}${bad ? `  (${bad} non-2xx/errors)` : ''}`,
    )
  }
  console.log(`\n${CONNECTIONS} connections, ${DURATION} s each          req/s    p50      p97.5`)
  for (const row of rows) console.log(row)

  // The plans, with the same text and thresholds the endpoint uses.
  const explain = async (name: string, text: string, values: unknown[], index: RegExp) => {
    await db.query(`BEGIN READ ONLY; ${TRIGRAM_SETTINGS}`)
    const { rows: plan } = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values)
    await db.query('COMMIT')
    const lines = plan.map((r) => String(r['QUERY PLAN']))
    const uses = lines.some((l) => index.test(l))
    console.log(`\n${name}: ${uses ? 'uses its index' : 'DOES NOT USE ITS INDEX'}`)
    for (const line of lines) console.log(`  ${line}`)
  }
  const both = /search_index_(document|title_trgm)_idx/
  await explain('search "shordich"', SEARCH_SQL, ['shordich', null, null, 21, 0], both)
  await explain(
    'search "festivals", stories',
    SEARCH_SQL,
    ['festivals', null, 'story', 21, 0],
    both,
  )
  await explain('suggest "shordi"', SUGGEST_SQL, ['shordi', null, prefixTsQuery('shordi')], both)
  await explain('closest neighbourhoods', CLOSEST_SQL, ['wlthmstw'], /search_index_kind_idx/)
} finally {
  site.kill('SIGTERM')
  await new Promise((resolve) => site.on('exit', resolve))
  await db.end()
  await postgres.stop()
}
