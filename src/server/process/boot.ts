/**
 * process/ — the running process: building and mounting the editors' admin (admin), and boot,
 * which starts everything in order (the database, migrations, the seed, the site build, the
 * realtime service, the HTTP server) and stops it cleanly. It is the one folder that may import
 * every other, and none imports it.
 */ import net from 'node:net'
import path from 'node:path'

import { createLocalReq, type Payload } from 'payload'
import type { Pool } from 'pg'

import { createRealtimeServer, type RealtimeServer } from '@/realtime/server'
import type { AdminHandler } from '@/server/site/site'
import { adminBuildNeeded, buildAdmin, lateAdmin, startAdmin } from './admin'
import { pgPool, surfaceCommitFailures } from '@/server/database/db'
import { readFromPrimary } from '@/server/database/replicas'
import { env } from '@/server/config/env'
import { runJobQueueHere } from '@/server/config/jobQueue'
import { startEmbeddedPostgres, type RunningPostgres } from '@/server/database/postgres'
import { useLocalRealtimePort } from '@/server/services/realtime'
import { API_CHANGES_CHANNEL } from '@/server/http/apiChanges'
import { ChangeListener } from '@/server/database/changes'
import { loadAstroHandler, PageRenderer } from '@/server/site/pageRenderer'
import { prerenderBuild, PRERENDER_PATHS_URL } from '@/server/site/prerender'
import { PageBackfill } from '@/server/site/backfill'
import { apiReadCache } from '@/server/http/readCache'
import { PAGES_WRITTEN_CHANNEL, PageRegenerator, type PagesWritten } from '@/server/site/siteRegen'
import { registeredTimeBoundaries, STALE_PAGES_CHANNEL } from '@/server/site/siteRevision'
import { buildKey, SiteBuilds } from '@/server/site/siteBuilds'
import { reserveRevisions, sharedBuildBase } from '@/server/site/pageRevisions'
import { downloadBuild, shareBuild } from '@/server/site/buildShare'
import { PageSync } from '@/server/site/pageSync'
import { createPageBucket } from '@/server/services/pageBucket'
import { createCdnPurger } from '@/server/services/cdnPurge'
import { forgetStaticSite, staticSiteFor } from '@/server/site/staticSite'
import { ensureSecrets } from '@/server/config/secrets'
import { forgetScriptHashes, siteOrigins } from '@/server/http/security'
import { createSiteServer } from '@/server/site/site'
import { watchSite } from '@/server/observability/figures'
import { countPagesWritten } from '@/server/observability/metrics'
import { listenForMetrics } from '@/server/observability/metricsEndpoint'
import { Readiness } from '@/server/observability/readiness'
import { serveSiteHealth } from '@/server/observability/siteHealth'

export interface BootOptions {
  projectRoot: string
  /** Build what is missing, then exit without serving. */
  buildOnly?: boolean
  /** Serve without the admin (no Next build), e.g. for quick local checks. */
  withoutAdmin?: boolean
  /** Development: no site build (astro dev serves pages), admin through `next dev`. */
  dev?: boolean
  log?: (line: string) => void
}

export interface RunningSite {
  url: string
  payload: Payload
  builds: SiteBuilds
  regenerator: PageRegenerator
  stop: () => Promise<void>
}

/** Everything `npm start` does, in order, with a line of progress per step. */
export async function boot(options: BootOptions): Promise<RunningSite | undefined> {
  const log = options.log ?? ((line: string) => console.log(line))
  const step = (n: number, text: string) => log(`[${n}/6] ${text}`)
  const { projectRoot } = options
  const port = env.port

  if (!options.buildOnly) await assertPortFree(port, env.host)
  ensureSecrets(env.dataDir, process.env.NODE_ENV === 'production')

  let postgres: RunningPostgres | undefined
  step(1, env.databaseUrl ? 'Using DATABASE_URL' : `Starting PostgreSQL (data in ${env.dataDir})`)
  if (!env.databaseUrl) {
    postgres = await startEmbeddedPostgres({
      dir: env.dataDir,
      databases: ['belong'],
      notice: (line) => log(`       ${line}`),
    })
    process.env.DATABASE_URL = postgres.url('belong')
  }
  // A database restart must not stop the site: its troubles are logged, never fatal, and make API
  // requests that fail meanwhile answer 503 (src/server/database/databaseDown.ts) until a few seconds after
  // it is back.
  let databaseTroubleAt = 0
  const databaseTrouble = () =>
    postgres?.up === false || Date.now() - databaseTroubleAt < DATABASE_SETTLE_MS
  postgres?.onState((_state, detail) => {
    databaseTroubleAt = Date.now()
    log(`postgres: ${detail}`)
  })
  let payloadForCleanup: Payload | undefined
  let databaseStopping = false
  const stopDatabase = async () => {
    databaseStopping = true
    // Connections end when PostgreSQL stops; that is expected now, not an error to crash on.
    const pool = (payloadForCleanup?.db as { pool?: { on: (e: string, f: () => void) => void } })
      ?.pool
    pool?.on('error', () => {})
    // Payload's own destroy stops the job queue's cron first: a tick after the pool has closed
    // would only log an error.
    await payloadForCleanup?.destroy().catch(() => {})
    await postgres?.stop()
  }

  // Stopping while the admin still builds in the background stops its build too.
  const adminBuildAbort = new AbortController()
  try {
    const wantAdmin = !options.withoutAdmin
    const dev = Boolean(options.dev)
    const adminNeedsBuild = wantAdmin && !dev && adminBuildNeeded(projectRoot)

    step(2, 'Applying migrations')
    const { getPayload } = await import('payload')
    const { default: config } = await import(path.join(projectRoot, 'payload.config.ts'))
    const { migrations } = await import(path.join(projectRoot, 'migrations', 'index.ts'))
    // cron: this process runs the job queue (mail), as every app instance does.
    if (!options.buildOnly) runJobQueueHere()
    const payload = await getPayload({ config, cron: !options.buildOnly })
    payloadForCleanup = payload
    // After onInit's read routing (payload.config.ts), which replaces the db.drizzle this patches.
    surfaceCommitFailures(payload)
    // A pooled connection that dies while idle (database restarted) is an 'error' event on the
    // pool: without a listener it would end the process.
    pgPool(payload).on('error', (error) => {
      if (databaseStopping) return
      if (Date.now() - databaseTroubleAt > 1000) log(`database connection lost: ${error.message}`)
      databaseTroubleAt = Date.now()
    })
    // What has run is read where the migrations write (another instance may just have run them).
    await readFromPrimary(() => payload.db.migrate({ migrations: migrations as never }))

    step(
      3,
      env.seed ? 'Seeding demo data when the database is empty' : 'Seeding skipped (SEED=false)',
    )
    if (env.seed) {
      const { seedDatabase } = await import('@/seed/store')
      await readFromPrimary(() => seedDatabase(payload, (line: string) => log(`       ${line}`)))
    }

    // The realtime hub exists before the site is built: it then knows that nothing was published
    // after the build's pages were rendered, and their islands need not read again (hub.ts).
    let realtime: RealtimeServer | undefined
    if (!env.pusher.external) {
      const p = env.pusher
      realtime = createRealtimeServer({ apps: [{ id: p.appId, key: p.key, secret: p.secret }] })
      useLocalRealtimePort(port)
    }

    const bucketPrefix = env.sitePagesPrefix
    // Pages render with the public name the site answers to (never a request's Host).
    const publicHost = env.publicUrl ? new URL(env.publicUrl).host : `localhost:${port}`
    // Several machines: pages regenerated anywhere, and full builds, travel through the bucket.
    const bucket =
      bucketPrefix && env.s3 ? createPageBucket({ ...env.s3, prefix: bucketPrefix }) : undefined
    const builds = new SiteBuilds({
      projectRoot,
      dataDir: env.dataDir,
      env: process.env,
      prerender: async (dir, inPlace) => {
        // Published pages newer than this are fetched after the build (src/server/site/pageSync.ts).
        const [baseRevision] = bucketPrefix ? await reserveRevisions(pgPool(payload), 1) : []
        // A large build is served once its first pages are written, and the instance holding the
        // regeneration lock writes the rest behind it (after a --build-only run, the first to
        // start); but not one other machines download whole from the bucket.
        const firstOnly = !inPlace && !bucket
        const { pending } = await prerenderBuild(dir, publicHost, log, { firstOnly })
        return { baseRevision, pending }
      },
      publicOrigin: siteOrigins(env.publicUrl, port).publicOrigin,
      log: (line) => log(line),
    })
    // A CDN in front keeps pages for a day: it hears of every rewritten page and every new build.
    const cdn =
      env.cdn && !options.buildOnly
        ? createCdnPurger({
            ...env.cdn,
            publicOrigin: siteOrigins(env.publicUrl, port).publicOrigin,
            log,
          })
        : undefined
    if (cdn) builds.onSwitch = () => cdn.purgeEverything()
    if (dev) step(4, 'Site pages come from astro dev')
    else
      step(
        4,
        builds.upToDate ? 'Site build is up to date' : 'Building the public site (astro build)',
      )
    const pool = pgPool(payload)
    const buildToShare = async () =>
      bucket !== undefined && (await sharedBuildBase(pool, builds.wantedKey)) === undefined
    // Several instances may start at once: one builds, the others then find its build (on this
    // disk, or in the bucket).
    if (!dev && (!builds.upToDate || !builds.pagesMatchOrigin || (await buildToShare())))
      await withAdvisoryLock(pool, FULL_BUILD_LOCK, async () => {
        builds.reload()
        if (!builds.upToDate || !builds.pagesMatchOrigin) await makeBuild()
        if (bucket && builds.served && builds.upToDate)
          await shareBuild(bucket, pool, builds.served).catch((error: unknown) =>
            log(`site: could not put the build in the bucket: ${String(error)}`),
          )
      })
    async function makeBuild() {
      const downloaded =
        bucket &&
        (await downloadBuild(bucket, pool, builds).catch((error: unknown) => {
          log(`site: could not download the build, building it here: ${String(error)}`)
          return false
        }))
      if (downloaded) return
      if (builds.upToDate) return builds.rewritePagesForOrigin()
      const { rows } = await pool.query<{ t: string }>('SELECT clock_timestamp()::text AS t')
      await builds.buildNow(true)
      // Pages marked before this build read the database are in it already (but not in other
      // machines' copies, when pages travel through the bucket).
      if (!bucket) await pool.query('DELETE FROM site_stale_pages WHERE since < $1', [rows[0]!.t])
    }

    // The admin builds after the public site (both take both cores): the site is up sooner.
    const adminBuild = adminNeedsBuild
      ? buildAdmin(
          projectRoot,
          process.env,
          (line) => log(`admin build: ${line}`),
          adminBuildAbort.signal,
        )
      : undefined
    adminBuild?.catch(() => {})
    if (options.buildOnly) {
      step(5, wantAdmin ? 'Building the admin' : 'Admin skipped')
      if (adminBuild) await adminBuild
      await stopDatabase()
      return undefined
    }
    // The public site does not wait for the admin: /admin says it is being prepared meanwhile.
    step(
      5,
      !wantAdmin
        ? 'Admin skipped'
        : adminBuild
          ? 'Building the admin in the background (about 90 s the first time)'
          : 'Starting the admin in the background',
    )
    const admin: AdminHandler | undefined = wantAdmin
      ? lateAdmin(async () => {
          await adminBuild
          return startAdmin(projectRoot, dev)
        }, log)
      : undefined

    step(6, 'Starting the server')
    let listening = false
    // /readyz answers 503 'starting' until the end of boot, 'draining' once stop() begins.
    const readiness = new Readiness()
    const server = await createSiteServer({
      payload,
      config: payload.config,
      builds: dev ? undefined : builds,
      realtime,
      admin,
      realtimeReady: () => listening,
      databaseTrouble,
      readiness,
      log,
    })
    const backfill = new PageBackfill({
      publicHost,
      pending: () => builds.pendingDir,
      done: (dir) => builds.pagesWritten(dir),
      log,
    })
    watchSite({
      pool: pgPool(payload),
      pagesLeft: () => backfill.left(),
      realtime: realtime && (() => realtime.stats()),
      realtimeUp: () => (realtime ? listening : undefined),
    })
    // The admin's site health reads the same figures (cms/components/SiteHealthView.tsx).
    serveSiteHealth()
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, env.host, () => resolve())
    })
    listening = true

    // Incremental regeneration (src/server/site/siteRegen.ts), shared by every instance through
    // PostgreSQL: writes queue their pages, one instance rewrites them, all re-read the files.
    const renderers = new Map<string, Promise<PageRenderer>>()
    const rendererFor = (dir: string) => {
      let renderer = renderers.get(dir)
      if (!renderer) {
        renderer = loadAstroHandler(dir).then((h) => PageRenderer.start(h, publicHost))
        renderers.set(dir, renderer)
      }
      return renderer
    }
    const servedPages = () => {
      const served = builds.served
      return (
        served && { dir: served.dir, key: buildKey(served), baseRevision: served.baseRevision ?? 0 }
      )
    }
    const pageSync =
      bucket &&
      new PageSync({
        pool: pgPool(payload),
        bucket,
        served: servedPages,
        refresh: (dir, paths) => staticSiteFor(dir).refresh(paths),
        log,
      })
    const regenerator = new PageRegenerator({
      backfill,
      pool: pgPool(payload),
      folder: builds.folderId,
      publishing: pageSync && {
        bucket: bucket!,
        sync: pageSync,
        servedKey: () => servedPages()!.key,
      },
      written: cdn && ((paths) => cdn.purge(paths)),
      servedDir: () => builds.served?.dir,
      rendererFor,
      delayMs: env.siteRegenDelayMs,
      log,
      pagesWritten: countPagesWritten,
      sweep: {
        intervalMs: env.siteSweepIntervalMs,
        pagesBetween: async (from, to) => {
          const find = registeredTimeBoundaries()
          if (!find) return []
          // Like the renders that follow, it reads the primary (a replica may not have caught up).
          const req = await createLocalReq({}, payload)
          const found = await readFromPrimary(() => find(req, from, to))
          const dir = builds.served?.dir
          if (!found.everyPage || !dir) return found.paths
          // Every page: the build's own list of them, as a full prerender asks for it.
          const listing = await (await rendererFor(dir)).render(PRERENDER_PATHS_URL)
          if (listing.status !== 200) throw new Error(`listing pages answered ${listing.status}`)
          return (JSON.parse(listing.html) as { paths: string[] }).paths
        },
      },
    })
    const changes = new ChangeListener(process.env.DATABASE_URL!, log)
    let safetyPass: NodeJS.Timeout | undefined
    let sweeps: NodeJS.Timeout | undefined
    if (!dev) {
      changes.on(STALE_PAGES_CHANNEL, () => regenerator.wake())
      // Cached public reads (src/server/http/readCache.ts): dropped by collection, all on 'resync'.
      changes.on(API_CHANGES_CHANNEL, (slug) => apiReadCache().invalidate(slug))
      changes.on(PAGES_WRITTEN_CHANNEL, (message) => {
        const served = builds.served
        if (!served) return
        // Notices missed while disconnected: re-read the whole folder, and ask what changed.
        if (message === 'resync') {
          forgetStaticSite(served.dir)
          void pageSync?.catchUp().catch((e: unknown) => log(`site: catch-up failed: ${String(e)}`))
          return
        }
        const written = JSON.parse(message) as PagesWritten
        const pages = written.paths.map((p, i) => {
          const [revision, gone] = written.revisions?.[i] ?? [0, false]
          return { path: p, revision, gone }
        })
        // Another machine's files: fetch the newer ones from the bucket. (Without a bucket every
        // instance shares one folder, even if it names it differently, e.g. from a container.)
        if (pageSync && written.folder !== builds.folderId) {
          if (written.key) pageSync.receive(written.key, pages)
          return
        }
        if (path.basename(served.dir) !== written.build) builds.reload()
        if (builds.served && path.basename(builds.served.dir) === written.build) {
          if (written.scripts) forgetScriptHashes(path.join(builds.served.dir, 'client'))
          staticSiteFor(builds.served.dir).refresh(written.paths)
          if (written.key) pageSync?.noteWritten(pages)
        }
      })
      await changes.start()
      apiReadCache().enable(env.apiCacheBytes)
      regenerator.wake()
      const catchUp = () =>
        pageSync?.catchUp().catch((e: unknown) => log(`site: catch-up failed: ${String(e)}`))
      void catchUp()
      // Belt and braces: a page whose render failed is tried again, a fetch that failed too.
      safetyPass = setInterval(() => {
        regenerator.wake()
        void catchUp()
      }, REGENERATION_RETRY_MS).unref()
      // Pages that change with the clock alone (the first sweep runs with the wake above).
      sweeps = setInterval(() => regenerator.sweepSoon(), env.siteSweepIntervalMs).unref()
    }

    const metricsServer = env.metricsListen && (await listenForMetrics(env.metricsListen))
    readiness.ready({
      pool: pgPool(payload),
      lastMigration: (migrations as { name?: string }[]).at(-1)?.name,
      siteBuilt: () => dev || Boolean(builds.served),
      jobsRunning: () => payload.crons.length > 0,
      databaseTrouble,
    })
    const url = `http://localhost:${port}`
    log(`\nBelong is ready at ${url}  (admin: ${url}/admin)\n`)
    let stopping: Promise<void> | undefined
    const stop = () =>
      (stopping ??= (async () => {
        readiness.drain()
        adminBuildAbort.abort()
        metricsServer?.close()
        clearInterval(safetyPass)
        clearInterval(sweeps)
        regenerator.stop()
        await regenerator.idle().catch(() => {})
        await backfill.close().catch(() => {})
        pageSync?.stop()
        await pageSync?.idle().catch(() => {})
        cdn?.stop()
        await changes.stop()
        builds.stop()
        listening = false
        await realtime?.close()
        // Graceful: stop accepting, let requests in flight finish (bounded), then close the rest.
        const closed = new Promise<void>((resolve) => server.close(() => resolve()))
        server.closeIdleConnections()
        const idle = setInterval(() => server.closeIdleConnections(), 100)
        const grace = new Promise((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS).unref())
        await Promise.race([closed, grace])
        clearInterval(idle)
        server.closeAllConnections()
        await closed
        for (const renderer of renderers.values()) await (await renderer).close()
        await stopDatabase()
      })())
    return { url, payload, builds, regenerator, stop }
  } catch (error) {
    adminBuildAbort.abort()
    await stopDatabase()
    throw error
  }
}

/** Runs `work` while holding a session advisory lock (waits for it). */
async function withAdvisoryLock(pool: Pool, key: number, work: () => Promise<void>) {
  const client = await pool.connect()
  try {
    await client.query('SELECT pg_advisory_lock($1)', [key])
    try {
      await work()
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [key])
    }
  } finally {
    client.release()
  }
}

const FULL_BUILD_LOCK = 0x6275696c // 'buil'
/** How often pages whose regeneration failed are tried again. */
const REGENERATION_RETRY_MS = 30_000

/** After the database is back, failures still answer 503 for this long (in-flight casualties). */
const DATABASE_SETTLE_MS = 3000
/** SIGTERM: requests in flight get this long to finish before their connections are closed. */
const SHUTDOWN_GRACE_MS = 10_000

export class PortInUseError extends Error {}

function assertPortFree(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new PortInUseError(
              `Port ${port} is already in use. Stop what uses it, or run with PORT=<another port>.`,
            )
          : error,
      ),
    )
    probe.listen(port, host, () => probe.close(() => resolve()))
  })
}
