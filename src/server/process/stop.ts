import type http from 'node:http'

import type { Readiness } from '@/server/observability/readiness'
import type { CdnPurger } from '@/server/services/cdnPurge'
import type { PageBackfill } from '@/server/site/backfill'
import type { SiteBuilds } from '@/server/site/siteBuilds'
import type { BackgroundAdmin } from './backgroundAdmin'
import type { ProcessDatabase } from './database'
import type { Regeneration } from './regeneration'

/** SIGTERM: requests in flight get this long to finish before their connections are closed. */
const SHUTDOWN_GRACE_MS = 10_000

/** What a running site is made of, as its stop ends it. */
export interface RunningParts {
  readiness: Readiness
  admin: BackgroundAdmin
  metricsServer: http.Server | undefined
  regeneration: Regeneration
  backfill: PageBackfill
  cdn: CdnPurger | undefined
  builds: SiteBuilds
  /** Realtime stops answering as listening (/healthz), then closes its connections. */
  closeRealtime: () => Promise<void>
  server: http.Server
  database: ProcessDatabase
}

/**
 * The whole stop before the database's: past it, whatever hangs is left and the database is
 * stopped anyway (an embedded PostgreSQL left running would hold its folder against the next
 * start), well inside the 30 s an orchestrator commonly waits before killing.
 */
const STOP_LIMIT_MS = 20_000

/**
 * The site's stop, in order: /readyz says draining, nothing new starts (the admin's build, the
 * regeneration and its timers, the bucket sync, the CDN's purges, the change notices), realtime
 * closes, requests in flight finish, then the render processes and the database stop. However
 * often it is called, it stops once; a step that hangs is named in the log and passed over once
 * `limitMs` has gone by.
 */
export function stopInOrder(
  parts: RunningParts,
  log: (line: string) => void,
  limitMs = STOP_LIMIT_MS,
): () => Promise<void> {
  const { regeneration } = parts
  let stopping: Promise<void> | undefined
  let step = 'draining'
  const steps = async () => {
    parts.readiness.drain()
    parts.admin.stop()
    parts.metricsServer?.close()
    for (const timer of regeneration.timers) clearInterval(timer)
    regeneration.regenerator.stop()
    step = 'the regeneration in progress'
    await regeneration.regenerator.idle().catch(() => {})
    step = 'the page backfill'
    await parts.backfill.close().catch(() => {})
    regeneration.pageSync?.stop()
    step = 'the bucket sync'
    await regeneration.pageSync?.idle().catch(() => {})
    parts.cdn?.stop()
    step = 'the change notices'
    await regeneration.changes.stop()
    parts.builds.stop()
    step = 'realtime'
    await parts.closeRealtime()
    step = 'requests in flight'
    await closeGracefully(parts.server)
    step = 'the render processes'
    for (const renderer of regeneration.renderers.values()) await (await renderer).close()
  }
  return () =>
    (stopping ??= (async () => {
      let timer: NodeJS.Timeout | undefined
      const limit = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), limitMs).unref()
      })
      const done = steps().then(
        () => 'done' as const,
        (error: unknown) => {
          log(`stop: ${step} failed (${String(error)}); stopping the database`)
          return 'done' as const
        },
      )
      if ((await Promise.race([done, limit])) === 'late')
        log(`stop: ${step} still running after ${limitMs / 1000} s; stopping the database anyway`)
      clearTimeout(timer)
      await parts.database.stop()
    })())
}

/** Stops accepting, lets requests in flight finish (bounded), then closes the rest. */
async function closeGracefully(server: http.Server) {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()))
  server.closeIdleConnections()
  const idle = setInterval(() => server.closeIdleConnections(), 100)
  const grace = new Promise((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS).unref())
  await Promise.race([closed, grace])
  clearInterval(idle)
  server.closeAllConnections()
  await closed
}
