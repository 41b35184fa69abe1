import type { Payload } from 'payload'
import type { Pool } from 'pg'

import { postgresAdapter, sql } from './db'

/**
 * Payload 3's runner claims jobs by reading the due ones, then setting `processing` on each by
 * id without asking whether it still is false (the drizzle adapter's `updateJobs`). Two
 * instances ticking on the same second both claim the same job and both run it; the first to
 * finish deletes it, and the other's next update of it comes back empty, which Payload turns
 * into "Cannot read properties of null (reading 'log')" in its cron handler. Here every claim
 * (the crons of every instance, an admin's run, a run by id) takes one transaction lock before
 * it reads, so the next claimer reads after the last one committed and finds nothing twice.
 */
const CLAIM_LOCK = 'belong:job-claim'

type UpdateJobsArgs = Parameters<Payload['db']['updateJobs']>[0]

/** A claim is the runner setting `processing` alone (Payload adds `updatedAt`). */
const isClaim = ({ data }: UpdateJobsArgs) =>
  data.processing === true &&
  Object.keys(data).every((k) => k === 'processing' || k === 'updatedAt')

/**
 * The jobs this process runs stay marked alive: their `updated_at` is touched every third of
 * `staleMs`, so only a job whose process is gone (killed, machine lost, database connection
 * cut) goes that long untouched and is released, never one that is merely slow (a weekly
 * digest of many members, a slow SMTP server).
 */
class RunningJobs {
  private readonly ids = new Set<number>()

  constructor(pool: Pool, staleMs: number) {
    setInterval(() => void this.touch(pool), Math.max(100, staleMs / 3)).unref()
  }

  claimed(ids: (number | string)[]) {
    for (const id of ids) this.ids.add(Number(id))
  }

  /** The runner's last update of a job: it ended (done, failed, cancelled). */
  ended(id: number | string) {
    this.ids.delete(Number(id))
  }

  private async touch(pool: Pool) {
    if (!this.ids.size) return
    const ids = [...this.ids]
    try {
      const { rows } = await pool.query<{ id: number }>(
        'UPDATE payload_jobs SET updated_at = now() WHERE id = ANY($1) AND processing RETURNING id',
        [ids],
      )
      // Gone or no longer running (deleted by an admin, ended without our seeing it).
      const alive = new Set(rows.map((r) => r.id))
      for (const id of ids) if (!alive.has(id)) this.ids.delete(id)
    } catch {
      // The database is away: the next touch tries again.
    }
  }
}

/** Installed once at init (payload.config.ts onInit), before the runner's first tick. */
export function claimJobsOnce(payload: Payload, options: { staleMs: number }): void {
  const db = postgresAdapter(payload)
  if (installed.has(db)) return
  installed.add(db)
  const running = new RunningJobs(db.pool, options.staleMs)
  const updateJobs = db.updateJobs.bind(db)
  db.updateJobs = async (args) => {
    const id = args.req?.transactionID ? await args.req.transactionID : undefined
    const tx = id === undefined ? undefined : db.sessions[String(id)]?.db
    const claim = Boolean(tx) && isClaim(args)
    if (tx && claim) {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${CLAIM_LOCK}))`)
      if (args.id !== undefined) {
        // A run by id takes the job only if nobody runs it (and it still exists).
        const { rows } = await tx.execute(
          sql`SELECT 1 FROM payload_jobs WHERE id = ${args.id} AND processing IS NOT TRUE`,
        )
        if (!rows.length) return []
      } else {
        // A job left untouched this long died with its process: it runs again, on whichever
        // instance claims next.
        await tx.execute(
          sql`UPDATE payload_jobs SET processing = false
               WHERE processing AND completed_at IS NULL
                 AND updated_at < now() - make_interval(secs => ${options.staleMs / 1000})`,
        )
      }
    }
    // The runner is done with the job even if this update fails (database away): untouched, it
    // is released later.
    if (args.id !== undefined && args.data.processing === false) running.ended(args.id)
    const jobs = await updateJobs(args)
    // A job deleted meanwhile (finished elsewhere after a release, or by an admin) is no update.
    const updated = jobs && jobs.filter((job) => job != null)
    if (claim && updated) running.claimed(updated.map((job) => job.id))
    return updated
  }
}

const installed = new WeakSet<object>()
