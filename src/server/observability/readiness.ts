import type { ServerResponse } from 'node:http'

import { notePlanned } from './requestLog'
import { timedQuery, type Queryable } from './timedQuery'

/**
 * Whether this instance should take traffic (`/readyz`), as a load balancer asks: after boot
 * finished and before SIGTERM, with the database answering, every migration of this release
 * applied, a site build to serve and the job runner started. `/healthz` stays the cheap "the
 * process answers" (src/server/site/site.ts).
 */
export interface ReadinessChecks {
  pool: Queryable
  /** The newest migration this release has; ready once the database lists it as run. */
  lastMigration: string | undefined
  siteBuilt: () => boolean
  jobsRunning: () => boolean
  /** The database is known to be down or just back (boot's supervision of PostgreSQL). */
  databaseTrouble?: () => boolean
}

type Phase = 'starting' | 'ready' | 'draining'

const CHECK_TIMEOUT_MS = 2000

export class Readiness {
  private phase: Phase = 'starting'
  private checks: ReadinessChecks | undefined

  /** Boot is done: serve traffic once the checks pass. */
  ready(checks: ReadinessChecks) {
    this.checks = checks
    if (this.phase === 'starting') this.phase = 'ready'
  }

  /** SIGTERM: a load balancer stops sending requests while those in flight finish. */
  drain() {
    this.phase = 'draining'
  }

  /** Undefined when ready, else why not. */
  async reason(): Promise<string | undefined> {
    const checks = this.checks
    if (this.phase !== 'ready' || !checks) return this.phase
    if (checks.databaseTrouble?.()) return 'database restarting'
    try {
      if (!(await migrationsApplied(checks))) return 'migrations pending'
    } catch {
      return 'database unreachable'
    }
    if (!checks.siteBuilt()) return 'no site build'
    if (!checks.jobsRunning()) return 'job runner stopped'
    return undefined
  }

  async serve(res: ServerResponse) {
    const reason = await this.reason()
    // Not ready is this answer's purpose: the failure behind it has its own figures and alerts.
    if (reason)
      notePlanned(res, reason === 'starting' || reason === 'draining' ? reason : 'not ready')
    res.writeHead(reason ? 503 : 200, {
      'content-type': 'application/json',
      'cache-control': 'no-store',
    })
    res.end(JSON.stringify(reason ? { ready: false, reason } : { ready: true }))
  }
}

/** The database answers, and lists this release's newest migration as run. */
async function migrationsApplied({ pool, lastMigration }: ReadinessChecks): Promise<boolean> {
  const rows = await timedQuery<{ applied: boolean }>(
    pool,
    CHECK_TIMEOUT_MS,
    'SELECT $1::text IS NULL OR EXISTS (SELECT 1 FROM payload_migrations WHERE name = $1) AS applied',
    [lastMigration ?? null],
  )
  return rows[0]?.applied === true
}
