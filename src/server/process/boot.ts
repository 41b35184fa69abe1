/**
 * process/ — the running process. boot starts everything in order and stops it cleanly; each
 * step has a file: the database (database), Payload and its migrations (payload), the site's
 * full build made once across instances (siteBuild, under advisoryLock), the admin built and
 * mounted behind the site (backgroundAdmin, admin), the pages kept fresh (regeneration), the
 * stop in order (stop), the port check (port). It is the one folder that may import every
 * other, and none imports it.
 */
import type { Payload } from 'payload'

import { createRealtimeServer, type RealtimeServer } from '@/realtime/server'
import { env } from '@/server/config/env'
import { ensureSecrets } from '@/server/config/secrets'
import { pgPool } from '@/server/database/db'
import { readFromPrimary } from '@/server/database/replicas'
import { siteOrigins } from '@/server/http/security'
import { watchSite } from '@/server/observability/figures'
import { listenForMetrics } from '@/server/observability/metricsEndpoint'
import { Readiness } from '@/server/observability/readiness'
import { serveSiteHealth } from '@/server/observability/siteHealth'
import { createCdnPurger } from '@/server/services/cdnPurge'
import { createPageBucket } from '@/server/services/pageBucket'
import { populationCensus } from '@/server/services/population'
import { useLocalRealtimePort } from '@/server/services/realtime'
import { PageBackfill } from '@/server/site/backfill'
import { createSiteServer } from '@/server/site/site'
import type { SiteBuilds } from '@/server/site/siteBuilds'
import type { PageRegenerator } from '@/server/site/siteRegen'
import { adminBuildNeeded } from './admin'
import { BackgroundAdmin } from './backgroundAdmin'
import { startDatabase } from './database'
import { startPayload } from './payload'
import { assertPortFree } from './port'
import { startRegeneration } from './regeneration'
import { buildSiteOnce, createSiteBuilds } from './siteBuild'
import { stopInOrder } from './stop'

export { PortInUseError } from './port'

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
  const dev = Boolean(options.dev)

  if (!options.buildOnly) await assertPortFree(port, env.host)
  ensureSecrets(env.dataDir, process.env.NODE_ENV === 'production')

  step(1, env.databaseUrl ? 'Using DATABASE_URL' : `Starting PostgreSQL (data in ${env.dataDir})`)
  const database = await startDatabase(log)
  const admin = new BackgroundAdmin(projectRoot, dev, log)
  try {
    const wantAdmin = !options.withoutAdmin
    const adminNeedsBuild = wantAdmin && !dev && adminBuildNeeded(projectRoot)

    step(2, 'Applying migrations')
    const { payload, lastMigration, routes, timeBoundaries } = await startPayload(
      projectRoot,
      database,
      !options.buildOnly,
    )

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

    // Pages render with the public name the site answers to (never a request's Host).
    const publicHost = env.publicUrl ? new URL(env.publicUrl).host : `localhost:${port}`
    const { publicOrigin } = siteOrigins(env.publicUrl, port)
    // Several machines: pages regenerated anywhere, and full builds, travel through the bucket.
    const bucket =
      env.sitePagesPrefix && env.s3
        ? createPageBucket({ ...env.s3, prefix: env.sitePagesPrefix })
        : undefined
    const builds = createSiteBuilds({ projectRoot, payload, publicHost, publicOrigin, bucket, log })
    // A CDN in front keeps pages for a day: it hears of every rewritten page and every new build.
    const cdn =
      env.cdn && !options.buildOnly ? createCdnPurger({ ...env.cdn, publicOrigin, log }) : undefined
    if (cdn) builds.onSwitch = () => cdn.purgeEverything()
    if (dev) step(4, 'Site pages come from astro dev')
    else
      step(
        4,
        builds.upToDate ? 'Site build is up to date' : 'Building the public site (astro build)',
      )
    if (!dev) await buildSiteOnce(builds, pgPool(payload), bucket, log)

    // The admin builds after the public site (both take both cores): the site is up sooner.
    if (adminNeedsBuild) admin.startBuild()
    if (options.buildOnly) {
      step(5, wantAdmin ? 'Building the admin' : 'Admin skipped')
      await admin.built()
      await database.stop()
      return undefined
    }
    // The public site does not wait for the admin: /admin says it is being prepared meanwhile.
    step(
      5,
      !wantAdmin
        ? 'Admin skipped'
        : admin.building
          ? 'Building the admin in the background (about 90 s the first time)'
          : 'Starting the admin in the background',
    )
    const adminHandler = wantAdmin ? admin.handler() : undefined

    step(6, 'Starting the server')
    // Built before the first lookup needs it (the seed's, if it ran, already did).
    const census = populationCensus()
    log(
      `       population: ${census.index.size} census areas indexed in ${Math.round(census.builtInMs)} ms`,
    )
    let listening = false
    // /readyz answers 503 'starting' until the end of boot, 'draining' once stop() begins.
    const readiness = new Readiness()
    const server = await createSiteServer({
      payload,
      config: payload.config,
      builds: dev ? undefined : builds,
      realtime,
      admin: adminHandler,
      realtimeReady: () => listening,
      databaseTrouble: database.trouble,
      readiness,
      routes,
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

    const regeneration = await startRegeneration({
      payload,
      builds,
      backfill,
      bucket,
      cdn,
      publicHost,
      dev,
      timeBoundaries,
      log,
    })

    const metricsServer = env.metricsListen && (await listenForMetrics(env.metricsListen))
    readiness.ready({
      pool: pgPool(payload),
      lastMigration,
      siteBuilt: () => dev || Boolean(builds.served),
      jobsRunning: () => payload.crons.length > 0,
      databaseTrouble: database.trouble,
    })
    const url = `http://localhost:${port}`
    log(`\nBelong is ready at ${url}  (admin: ${url}/admin)\n`)
    const stop = stopInOrder(
      {
        readiness,
        admin,
        metricsServer,
        regeneration,
        backfill,
        cdn,
        builds,
        closeRealtime: async () => {
          listening = false
          await realtime?.close()
        },
        server,
        database,
      },
      log,
    )
    return { url, payload, builds, regenerator: regeneration.regenerator, stop }
  } catch (error) {
    admin.stop()
    await database.stop()
    throw error
  }
}
