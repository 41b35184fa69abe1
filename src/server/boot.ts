import net from 'node:net'
import path from 'node:path'

import type { Payload } from 'payload'

import { createRealtimeServer, type RealtimeServer } from '@/realtime/server'
import { adminBuildNeeded, buildAdmin, startAdmin, type AdminHandler } from './admin'
import { pgPool, surfaceCommitFailures } from './db'
import { env } from './env'
import { startEmbeddedPostgres, type RunningPostgres } from './postgres'
import { useLocalRealtimePort } from './realtime'
import { onSiteStale } from './siteRevision'
import { SiteBuilds } from './siteBuilds'
import { ensureSecrets } from './secrets'
import { createSiteServer } from './site'

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
    postgres = await startEmbeddedPostgres({ dir: env.dataDir, databases: ['belong'] })
    process.env.DATABASE_URL = postgres.url('belong')
  }
  // Faults (issue 14): the database's troubles are logged, never fatal, and make API requests
  // that fail meanwhile answer 503 (src/server/databaseDown.ts) until a few seconds after it is back.
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
    await payloadForCleanup?.db.destroy?.().catch(() => {})
    await postgres?.stop()
  }

  try {
    const wantAdmin = !options.withoutAdmin
    const dev = Boolean(options.dev)
    const adminBuild =
      wantAdmin && !dev && adminBuildNeeded(projectRoot)
        ? (log('       building the admin in the background (about 90 s the first time)'),
          buildAdmin(projectRoot, process.env, false))
        : undefined
    adminBuild?.catch(() => {})

    step(2, 'Applying migrations')
    const { getPayload } = await import('payload')
    const { default: config } = await import(path.join(projectRoot, 'payload.config.ts'))
    const { migrations } = await import(path.join(projectRoot, 'migrations', 'index.ts'))
    const payload = await getPayload({ config })
    payloadForCleanup = payload
    surfaceCommitFailures(payload)
    // A pooled connection that dies while idle (database restarted) is an 'error' event on the
    // pool: without a listener it would end the process.
    pgPool(payload).on('error', (error) => {
      if (databaseStopping) return
      if (Date.now() - databaseTroubleAt > 1000) log(`database connection lost: ${error.message}`)
      databaseTroubleAt = Date.now()
    })
    await payload.db.migrate({ migrations: migrations as never })

    step(
      3,
      env.seed ? 'Seeding demo data when the database is empty' : 'Seeding skipped (SEED=false)',
    )
    if (env.seed) {
      const { seedDatabase } = await import('@/seed/store')
      await seedDatabase(payload, (line: string) => log(`       ${line}`))
    }

    const builds = new SiteBuilds({
      projectRoot,
      dataDir: env.dataDir,
      env: process.env,
      delayMs: env.siteRegenDelayMs,
      log: (line) => log(line),
    })
    if (dev) step(4, 'Site pages come from astro dev')
    else
      step(
        4,
        builds.upToDate ? 'Site build is up to date' : 'Building the public site (astro build)',
      )
    if (!dev && !builds.upToDate) await builds.buildNow(true)

    step(5, wantAdmin ? 'Preparing the admin' : 'Admin skipped')
    if (adminBuild) await adminBuild
    if (options.buildOnly) {
      await stopDatabase()
      return undefined
    }
    const admin: AdminHandler | undefined = wantAdmin
      ? await startAdmin(projectRoot, dev)
      : undefined

    step(6, 'Starting the server')
    let realtime: RealtimeServer | undefined
    if (!env.pusher.external) {
      const p = env.pusher
      realtime = createRealtimeServer({ apps: [{ id: p.appId, key: p.key, secret: p.secret }] })
      useLocalRealtimePort(port)
    }
    let listening = false
    const server = await createSiteServer({
      payload,
      config: payload.config,
      builds: dev ? undefined : builds,
      realtime,
      admin,
      realtimeReady: () => listening,
      databaseTrouble,
      log,
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, env.host, () => resolve())
    })
    listening = true

    const unsubscribe = dev ? () => {} : onSiteStale((reason) => builds.schedule(reason))
    if (!dev && (await contentNewerThan(payload, builds.served!.builtAt)))
      builds.schedule('content')

    const url = `http://localhost:${port}`
    log(`\nBelong is ready at ${url}  (admin: ${url}/admin)\n`)
    let stopping: Promise<void> | undefined
    const stop = () =>
      (stopping ??= (async () => {
        unsubscribe()
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
        await stopDatabase()
      })())
    return { url, payload, builds, stop }
  } catch (error) {
    await stopDatabase()
    throw error
  }
}

async function contentNewerThan(payload: Payload, iso: string): Promise<boolean> {
  for (const collection of ['neighbourhoods', 'reviews'] as const) {
    const { docs } = await payload.find({ collection, sort: '-updatedAt', limit: 1, depth: 0 })
    if (docs[0] && docs[0].updatedAt > iso) return true
  }
  return false
}

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
