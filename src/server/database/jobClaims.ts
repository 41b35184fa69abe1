import type { Payload } from 'payload'

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

/** Installed once at init (payload.config.ts onInit), before the runner's first tick. */
export function claimJobsOnce(payload: Payload, options: { staleMs: number }): void {
  const db = postgresAdapter(payload)
  if (installed.has(db)) return
  installed.add(db)
  const updateJobs = db.updateJobs.bind(db)
  db.updateJobs = async (args) => {
    const id = args.req?.transactionID ? await args.req.transactionID : undefined
    const tx = id === undefined ? undefined : db.sessions[String(id)]?.db
    if (tx && isClaim(args)) {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${CLAIM_LOCK}))`)
      if (args.id !== undefined) {
        // A run by id takes the job only if nobody runs it (and it still exists).
        const { rows } = await tx.execute(
          sql`SELECT 1 FROM payload_jobs WHERE id = ${args.id} AND processing IS NOT TRUE`,
        )
        if (!rows.length) return []
      } else {
        // A job still marked running this long after its last update died with its process
        // (killed, machine lost): it runs again, on whichever instance claims next.
        await tx.execute(
          sql`UPDATE payload_jobs SET processing = false
               WHERE processing AND completed_at IS NULL
                 AND updated_at < now() - make_interval(secs => ${options.staleMs / 1000})`,
        )
      }
    }
    const jobs = await updateJobs(args)
    // A job deleted meanwhile (finished elsewhere after a release, or by an admin) is no update.
    return jobs && jobs.filter((job) => job != null)
  }
}

const installed = new WeakSet<object>()
