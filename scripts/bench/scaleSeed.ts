import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import pg from 'pg'

import { freePort, startEmbeddedPostgres } from '@/server/database/postgres'
import { SiteBuilds } from '@/server/site/siteBuilds'

import { benchSiteEnv, outputOf } from './builtSite'

/**
 * A throwaway site for the ×SCALE benchmarks under `root`: an embedded PostgreSQL migrated,
 * seeded and built on the small seed by a first `--build-only` start, then scaled up behind the
 * site's back. `reuse` keeps the previous run's database (its `seeded` marker). `start(args)`
 * runs scripts/start.ts against it on a free port, exempt from the rate limits.
 */
export async function scaledSite(
  root: string,
  scale: number,
  reuse = false,
  totals: ScaleTotals = {},
) {
  const seeded = path.join(root, 'seeded')
  reuse &&= fs.existsSync(seeded)
  if (!reuse) {
    fs.rmSync(root, { recursive: true, force: true })
    fs.mkdirSync(path.join(root, 'site'), { recursive: true, mode: 0o755 })
  }
  fs.chmodSync(root, 0o755)
  const postgres = await startEmbeddedPostgres({
    dir: path.join(root, 'db'),
    databases: ['belong'],
  })
  const databaseUrl = postgres.url('belong')
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const env: NodeJS.ProcessEnv = {
    ...benchSiteEnv(port, path.join(root, 'site')),
    PUBLIC_URL: base,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
  }
  // CPU_PROF_DIR=dir: the site writes a V8 CPU profile there when it stops (Node refuses
  // --cpu-prof in NODE_OPTIONS).
  const profile = process.env.CPU_PROF_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.CPU_PROF_DIR)}`]
    : []
  const start = (args: string[] = []) =>
    spawn(process.execPath, [...profile, '--import', 'tsx', 'scripts/start.ts', ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
  const db = new pg.Client({ connectionString: databaseUrl })
  if (!reuse) {
    const seeding = start(['--build-only'])
    const log = outputOf(seeding)
    const code = await new Promise((resolve) => seeding.on('exit', resolve))
    if (code !== 0) throw new Error(`seeding failed:\n${log()}`)
    await db.connect()
    await scaleUp(db, scale, totals)
    await db.query('ANALYZE')
    fs.writeFileSync(seeded, String(scale))
  } else await db.connect()
  const count = async (table: string) =>
    Number((await db.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n)
  /** Stops the site started by `start` (and waits for it), then the database. */
  const stop = async (site: ChildProcess) => {
    site.kill('SIGTERM')
    await new Promise((resolve) => site.on('exit', resolve))
    await db.end()
    await postgres.stop()
  }
  return {
    postgres,
    databaseUrl,
    base,
    env,
    start,
    stop,
    db,
    count,
    siteDir: path.join(root, 'site'),
  }
}

/**
 * Serves the seeding run's build as current even when the sources changed since (the static
 * pages do not matter to the API benches: no full build of every page before each run).
 */
export function serveSeedingBuild(root: string, env: NodeJS.ProcessEnv, base: string): void {
  const currentFile = path.join(root, 'site', 'site', 'current.json')
  const current = JSON.parse(fs.readFileSync(currentFile, 'utf8')) as {
    sourceHash: string
    publicOrigin?: string
  }
  current.sourceHash = new SiteBuilds({
    projectRoot: process.cwd(),
    dataDir: path.join(root, 'site'),
    env,
    prerender: async () => ({}),
    publicOrigin: base,
    log: () => {},
  }).sourceHash
  current.publicOrigin = base
  fs.writeFileSync(currentFile, JSON.stringify(current))
}

/** A demo member's session token (sofia's), signed in through the site as a browser would. */
export async function memberToken(base: string): Promise<string> {
  const login = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'sofia@belong.local', password: 'belong-demo' }),
  })
  const { token } = (await login.json()) as { token?: string }
  if (!token) throw new Error(`login: ${login.status}`)
  return token
}

/** The neighbourhood with the most reviews and its ten newest reviews' ids. */
export async function busiestReviews(
  db: pg.Client,
): Promise<{ neighbourhood: number; ids: number[] }> {
  const {
    rows: [busiest],
  } = await db.query(
    'SELECT neighbourhood_id AS id FROM reviews GROUP BY 1 ORDER BY count(*) DESC LIMIT 1',
  )
  const { rows } = await db.query(
    'SELECT id FROM reviews WHERE neighbourhood_id = $1 ORDER BY created_at DESC LIMIT 10',
    [busiest.id],
  )
  return { neighbourhood: Number(busiest.id), ids: rows.map((r: { id: number }) => Number(r.id)) }
}

/** At least this many reviews and stories in all (the target scale: 50,000 and 10,000). */
export interface ScaleTotals {
  reviews?: number
  stories?: number
}

/**
 * Copies `table`'s rows (all columns but id, with `shift` applied to created_at by copy number
 * `g`) until it holds `total` rows; nothing when it holds that many already.
 */
async function fillTo(client: pg.Client, table: string, total: number, shift: string) {
  const have = Number((await client.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n)
  if (!have || have >= total) return
  const { rows } = await client.query(
    `SELECT column_name FROM information_schema.columns WHERE table_name = $1 AND column_name NOT IN ('id')`,
    [table],
  )
  const cols = rows.map((r) => `"${r.column_name}"`)
  const values = cols.map((c) => (c === '"created_at"' ? `t."created_at" - ${shift}` : `t.${c}`))
  await client.query(
    `INSERT INTO ${table} (${cols.join(', ')})
     SELECT ${values.join(', ')} FROM ${table} t, generate_series(1, ${Math.ceil(total / have) - 1}) g
      ORDER BY g, t.id LIMIT ${total - have}`,
  )
}

/**
 * Multiplies the seed: copies of every neighbourhood and its content, plus reactions; then, if
 * asked, more reviews (copies within the same neighbourhoods, older) and stories up to `totals`.
 */
export async function scaleUp(client: pg.Client, factor: number, totals: ScaleTotals = {}) {
  const copies = factor - 1
  await client.query(`
    INSERT INTO neighbourhoods (name, slug, tagline, latitude, longitude, population_estimate, population_year, population_source, population_quality, created_by_id, image_id, updated_at, created_at)
    SELECT n.name || ' ' || g, n.slug || '-' || g, n.tagline, n.latitude, n.longitude, n.population_estimate, n.population_year, n.population_source, n.population_quality, n.created_by_id, n.image_id, now(), now() - (g || ' hours')::interval
      FROM neighbourhoods n, generate_series(1, ${copies}) g`)
  await client.query(`
    INSERT INTO reviews (neighbourhood_id, user_id, author_name, rating, comment, updated_at, created_at)
    SELECT c.id, r.user_id, r.author_name, r.rating, r.comment, now(), r.created_at - (g || ' days')::interval
      FROM reviews r
      JOIN neighbourhoods o ON o.id = r.neighbourhood_id
      CROSS JOIN generate_series(1, ${copies}) g
      JOIN neighbourhoods c ON c.slug = o.slug || '-' || g`)
  if (totals.reviews) await fillTo(client, 'reviews', totals.reviews, "(g || ' weeks')::interval")
  // Each review gets reactions from up to 3 users.
  await client.query(`
    INSERT INTO reactions (target_kind, target_id, user_id, emoji, updated_at, created_at)
    SELECT 'review', r.id, u.id, (ARRAY['heart','thumbs-up','thumbs-down'])[1 + (r.id + u.id) % 3]::enum_reactions_emoji, now(), now()
      FROM reviews r JOIN users u ON (r.id + u.id) % 3 = 0 AND u.id <> coalesce(r.user_id, 0)
     WHERE u.id <= 8
    ON CONFLICT DO NOTHING`)
  await client.query(`UPDATE reviews r SET reaction_count = x.n FROM
      (SELECT target_id, count(*) n FROM reactions WHERE target_kind = 'review' GROUP BY 1) x WHERE x.target_id = r.id`)
  for (const table of ['discussions', 'stories', 'events', 'polls']) {
    const { rows } = await client.query(
      `SELECT column_name FROM information_schema.columns WHERE table_name = $1 AND column_name NOT IN ('id')`,
      [table],
    )
    const cols = rows.map((r) => `"${r.column_name}"`).join(', ')
    if (cols) {
      await client.query(
        `INSERT INTO ${table} (${cols}) SELECT ${cols} FROM ${table}, generate_series(1, ${copies})`,
      )
    }
  }
  if (totals.stories) await fillTo(client, 'stories', totals.stories, "(g || ' hours')::interval")
}
