import { AsyncLocalStorage } from 'node:async_hooks'

import { withReplicas } from '@payloadcms/db-postgres/drizzle/pg-core'
import type { Payload } from 'payload'
import type { Pool } from 'pg'

import { perProcess } from '@/server/perProcess'

import { postgresAdapter } from './db'
import { ReplicaHealth } from './replicaHealth'

/**
 * Read replicas (DATABASE_READ_REPLICAS). Payload's postgres adapter sends the Local API's
 * selects outside a transaction to a replica, at random, even one that is down or far behind.
 * Here the choice is ours: a replica only while it answers and keeps up (replicaHealth.ts), else
 * the primary; and the primary always for work that must see the latest writes
 * (`readFromPrimary`: page files, sign-in checks, the page after a form, cache fills).
 * Writes, transactions, raw SQL (`query`, `pgPool`), LISTEN and advisory locks stay on the
 * primary as before.
 */

/** A drizzle database, as the adapter makes them. */
type Drizzle = NonNullable<ReturnType<typeof postgresAdapter>['primaryDrizzle']>

/** The pg pool under a drizzle database (drizzle() adds `$client`; its class does not declare it). */
const poolOf = (drizzle: Drizzle) => (drizzle as Drizzle & { $client: Pool }).$client

export interface ReadRouting {
  /** How many replicas reads may go to now. */
  readonly usableReplicas: number
  /** One round of health checks (tests). */
  checkNow: () => Promise<void>
  stop: () => void
}

export interface ReadRoutingOptions {
  /** A replica further behind than this is left out (REPLICA_MAX_LAG_MS). */
  maxLagMs: number
  /** How often the replicas are checked. */
  intervalMs?: number
  /** Replicas left out and taken back, and their lost connections. */
  log: (line: string) => void
}

// One per process: the site build's bundle has its own copy of this module, and a read started
// there must see a scope opened here (and the reverse).
const primaryReads = perProcess('primaryReads', () => new AsyncLocalStorage<true>())
const routings = perProcess('readRoutings', () => new WeakMap<object, ReadRouting>())

/** Every read of `work` (Payload's Local API included) goes to the primary. */
export function readFromPrimary<T>(work: () => T): T {
  return primaryReads.run(true, work)
}

/** The read routing of this Payload, when it has replicas. */
export const readRoutingOf = (payload: Payload): ReadRouting | undefined => routings.get(payload.db)

/**
 * Replaces the adapter's replica choice with ours and starts the health checks. Call once,
 * right after connect (payload.config.ts onInit, in every process that starts Payload), and
 * before anything patches `db.drizzle` (boot's surfaceCommitFailures wraps its `transaction`).
 * Does nothing without replicas.
 */
export function installReadRouting(
  payload: Payload,
  options: ReadRoutingOptions,
): ReadRouting | undefined {
  // primaryDrizzle is set by connect() only when readReplicas were given.
  const db = postgresAdapter(payload)
  const known = routings.get(db)
  if (known) return known
  const primary = db.primaryDrizzle
  const current = db.drizzle
  if (!primary || !current || !('$replicas' in current)) return undefined
  const replicas: Drizzle[] = current.$replicas
  const [first, ...rest] = replicas
  if (!first) return undefined
  const names = replicas.map((_, i) => hostOf(db.readReplicaOptions?.[i], i))
  const health = new ReplicaHealth({
    primary: poolOf(primary),
    replicas: replicas.map(poolOf),
    maxLagMs: options.maxLagMs,
    intervalMs: options.intervalMs,
    names,
    log: options.log,
  })
  // An idle connection that dies (replica restarted) is an 'error' on its pool: without a
  // listener it would end the process. It also means: read elsewhere until checked again.
  replicas.forEach((replica, i) => {
    poolOf(replica).on('error', (error) =>
      health.markDown(i, `lost a connection (${error.message})`),
    )
  })
  db.drizzle = withReplicas(primary, [first, ...rest], (all) => {
    if (primaryReads.getStore()) return primary
    const usable = all.filter((_, i) => health.isUsable(i))
    return usable[Math.floor(Math.random() * usable.length)] ?? primary
  })
  health.start()
  const routing: ReadRouting = {
    get usableReplicas() {
      return health.usableCount
    },
    checkNow: () => health.checkNow(),
    stop: () => health.stop(),
  }
  routings.set(db, routing)
  // Payload's shutdown ends the checks (a development reload connects anew without them).
  const destroy = db.destroy?.bind(db)
  db.destroy = async () => {
    routing.stop()
    routings.delete(db)
    await destroy?.()
  }
  return routing
}

/** host:port of a connection string, for the log (never its password). */
function hostOf(url: string | undefined, index: number): string {
  try {
    return new URL(url ?? '').host || `#${index + 1}`
  } catch {
    return `#${index + 1}`
  }
}
