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
 * The site's stop, in order: /readyz says draining, nothing new starts (the admin's build, the
 * regeneration and its timers, the bucket sync, the CDN's purges, the change notices), realtime
 * closes, requests in flight finish, then the render processes and the database stop. However
 * often it is called, it stops once.
 */
export function stopInOrder(parts: RunningParts): () => Promise<void> {
  const { regeneration } = parts
  let stopping: Promise<void> | undefined
  return () =>
    (stopping ??= (async () => {
      parts.readiness.drain()
      parts.admin.stop()
      parts.metricsServer?.close()
      for (const timer of regeneration.timers) clearInterval(timer)
      regeneration.regenerator.stop()
      await regeneration.regenerator.idle().catch(() => {})
      await parts.backfill.close().catch(() => {})
      regeneration.pageSync?.stop()
      await regeneration.pageSync?.idle().catch(() => {})
      parts.cdn?.stop()
      await regeneration.changes.stop()
      parts.builds.stop()
      await parts.closeRealtime()
      await closeGracefully(parts.server)
      for (const renderer of regeneration.renderers.values()) await (await renderer).close()
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
