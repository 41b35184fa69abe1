import type { Payload } from 'payload'

import { env } from '@/server/config/env'
import { pgPool } from '@/server/database/db'
import { startEmbeddedPostgres, type RunningPostgres } from '@/server/database/postgres'

/** After the database is back, failures still answer 503 for this long (in-flight casualties). */
const DATABASE_SETTLE_MS = 3000

/**
 * The process's database: the embedded PostgreSQL (unless DATABASE_URL names one), its troubles
 * and its stop. A database restart must not stop the site: its troubles are logged, never fatal,
 * and make API requests that fail meanwhile answer 503 (src/server/database/databaseDown.ts)
 * until a few seconds after it is back.
 */
export interface ProcessDatabase {
  /** True while the database is known to be down or just restarted. */
  trouble: () => boolean
  /** Payload on this database: stopped with it, its lost connections logged, not fatal. */
  watch: (payload: Payload) => void
  /** Closes Payload (its job queue first), then stops the embedded server. */
  stop: () => Promise<void>
}

export async function startDatabase(log: (line: string) => void): Promise<ProcessDatabase> {
  let postgres: RunningPostgres | undefined
  if (!env.databaseUrl) {
    postgres = await startEmbeddedPostgres({
      dir: env.dataDir,
      databases: ['belong'],
      notice: (line) => log(`       ${line}`),
    })
    process.env.DATABASE_URL = postgres.url('belong')
  }
  let troubleAt = 0
  postgres?.onState((_state, detail) => {
    troubleAt = Date.now()
    log(`postgres: ${detail}`)
  })
  let payload: Payload | undefined
  let stopping = false
  return {
    trouble: () => postgres?.up === false || Date.now() - troubleAt < DATABASE_SETTLE_MS,
    watch(started) {
      payload = started
      // A pooled connection that dies while idle (database restarted) is an 'error' event on the
      // pool: without a listener it would end the process.
      pgPool(started).on('error', (error) => {
        if (stopping) return
        if (Date.now() - troubleAt > 1000) log(`database connection lost: ${error.message}`)
        troubleAt = Date.now()
      })
    },
    async stop() {
      stopping = true
      // Connections end when PostgreSQL stops; that is expected now, not an error to crash on.
      const pool = (payload?.db as { pool?: { on: (e: string, f: () => void) => void } })?.pool
      pool?.on('error', () => {})
      // Payload's own destroy stops the job queue's cron first: a tick after the pool has closed
      // would only log an error.
      await payload?.destroy().catch(() => {})
      await postgres?.stop()
    },
  }
}
