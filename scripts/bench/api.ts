/**
 * The public reads the islands make, under load: the demo seed scaled ×100 on a throwaway
 * embedded PostgreSQL, the real site (scripts/start.ts, ADMIN=false), and one autocannon run per
 * read, signed out and then signed in (a JWT from /api/users/login).
 * Usage: npm run bench:api   (SCALE=100, DURATION=10 s, CONNECTIONS=50; REUSE=1 keeps the seeded
 * database of the previous run under .tmp/bench-api)
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import autocannon from 'autocannon'
import pg from 'pg'

import { freePort, startEmbeddedPostgres } from '@/server/postgres'
import { SiteBuilds } from '@/server/siteBuilds'
import { reviewsQuery } from '@/views/review'

import { waitFor } from './builtSite'
import { scaleUp } from './scaleSeed'

const SCALE = Number(process.env.SCALE ?? 100)
const DURATION = Number(process.env.DURATION ?? 10)
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50)
const root = path.resolve('.tmp/bench-api')
const reuse = process.env.REUSE === '1' && fs.existsSync(path.join(root, 'seeded'))
if (!reuse) {
  fs.rmSync(root, { recursive: true, force: true })
  fs.mkdirSync(path.join(root, 'site'), { recursive: true, mode: 0o755 })
}
fs.chmodSync(root, 0o755)

const postgres = await startEmbeddedPostgres({ dir: path.join(root, 'db'), databases: ['belong'] })
const databaseUrl = postgres.url('belong')
const port = await freePort()
const base = `http://127.0.0.1:${port}`
const siteEnv: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'production',
  ADMIN: 'false',
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: base,
  DATA_DIR: path.join(root, 'site'),
  DATABASE_URL: databaseUrl,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_EXEMPT: '127.0.0.1',
}
const run = (args: string[]) =>
  spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', ...args], {
    env: siteEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  })

const db = new pg.Client({ connectionString: databaseUrl })
if (!reuse) {
  // Migrated, seeded and built on the small seed (quick), then scaled up behind the site's back:
  // the API reads the database, the static pages do not matter here.
  const seeding = run(['--build-only'])
  let seedLog = ''
  seeding.stdout!.on('data', (d: Buffer) => (seedLog += d))
  seeding.stderr!.on('data', (d: Buffer) => (seedLog += d))
  const code = await new Promise((resolve) => seeding.on('exit', resolve))
  if (code !== 0) throw new Error(`seeding failed:\n${seedLog}`)
  await db.connect()
  await scaleUp(db, SCALE)
  await db.query('ANALYZE')
  fs.writeFileSync(path.join(root, 'seeded'), String(SCALE))
} else await db.connect()
const count = async (table: string) =>
  Number((await db.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n)
console.log(
  `seed ×${fs.readFileSync(path.join(root, 'seeded'), 'utf8')}: ${await count('neighbourhoods')} neighbourhoods, ` +
    `${await count('reviews')} reviews, ${await count('reactions')} reactions, ${await count('discussions')} discussions`,
)

// The static pages do not matter here: the build of the seeding run is served even when the
// sources changed since (no full build of every page on the ×100 seed before each run).
const currentFile = path.join(root, 'site', 'site', 'current.json')
const current = JSON.parse(fs.readFileSync(currentFile, 'utf8')) as {
  sourceHash: string
  publicOrigin?: string
}
current.sourceHash = new SiteBuilds({
  projectRoot: process.cwd(),
  dataDir: path.join(root, 'site'),
  env: siteEnv,
  prerender: async () => {},
  publicOrigin: base,
  log: () => {},
}).sourceHash
current.publicOrigin = base
fs.writeFileSync(currentFile, JSON.stringify(current))

const site = run([])
let log = ''
site.stdout!.on('data', (d: Buffer) => (log += d))
site.stderr!.on('data', (d: Buffer) => (log += d))
try {
  await waitFor(`${base}/healthz`, site, () => log)

  const login = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'sofia@belong.local', password: 'belong-demo' }),
  })
  const { token } = (await login.json()) as { token?: string }
  if (!token) throw new Error(`login: ${login.status}`)

  const {
    rows: [busiest],
  } = await db.query(
    'SELECT neighbourhood_id AS id FROM reviews GROUP BY 1 ORDER BY count(*) DESC LIMIT 1',
  )
  const { rows: reviewIds } = await db.query(
    'SELECT id FROM reviews WHERE neighbourhood_id = $1 ORDER BY created_at DESC LIMIT 10',
    [busiest.id],
  )
  const {
    rows: [poll],
  } = await db.query('SELECT id FROM polls WHERE hidden IS NOT TRUE ORDER BY id LIMIT 1')
  const reads: [string, string][] = [
    [
      'reviews of a neighbourhood (10, depth 1)',
      `/api/reviews?${reviewsQuery(busiest.id, '-createdAt', 1)}`,
    ],
    [
      'reaction summaries (10 reviews)',
      `/api/reactions/summary?targetKind=review&ids=${reviewIds.map((r) => r.id).join(',')}`,
    ],
    ['forum page 1', '/api/forum?page=1'],
    ['neighbourhood list page', '/api/neighbourhoods?limit=10'],
    ['poll summary', `/api/polls/${poll.id}/summary`],
  ]

  const rows: string[] = []
  for (const [who, headers] of [
    ['signed out', {}],
    ['signed in', { authorization: `JWT ${token}` }],
  ] as const) {
    for (const [name, url] of reads) {
      const probe = await fetch(`${base}${url}`, { headers })
      if (probe.status !== 200) throw new Error(`${url} → ${probe.status}: ${await probe.text()}`)
      await probe.arrayBuffer()
      const result = await autocannon({
        url: `${base}${url}`,
        connections: CONNECTIONS,
        duration: DURATION,
        headers,
      })
      const bad = result.non2xx + result.errors + result.timeouts
      rows.push(
        `${`${name}, ${who}`.padEnd(54)} ${result.requests.average.toFixed(0).padStart(7)} ${String(result.latency.p50).padStart(6)} ms ${String(result.latency.p99).padStart(6)} ms` +
          (bad ? `  (${bad} non-2xx/errors)` : ''),
      )
      console.log(rows.at(-1))
    }
  }
  console.log(
    `\n${CONNECTIONS} connections, ${DURATION} s each — read                 req/s    p50       p99`,
  )
  for (const row of rows) console.log(row)
} finally {
  site.kill('SIGTERM')
  await new Promise((resolve) => site.on('exit', resolve))
  await db.end()
  await postgres.stop()
}
