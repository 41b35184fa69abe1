import type { Payload } from 'payload'

/** More than the dispatch and its sends ever need; a bound, so a stuck job fails the test. */
const MAX_PASSES = 6

/**
 * Runs the mail queue as an app instance's cron would, until nothing due is left: the dispatch
 * job (owed notifications into outbox mails, or pushes due to devices), then the send jobs it
 * queued. Test sites start without crons. Passes repeat as the cron's would (every few seconds in
 * production), so a send job queued while a pass was running is run by the next, not left for a
 * later test.
 */
export async function runMailJobs(
  payload: Payload,
  task: 'dispatchMails' | 'weeklyDigest' | 'dailySummaries' | 'dispatchPushes' = 'dispatchMails',
) {
  await payload.jobs.queue({ task, input: {}, queue: 'mail' })
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const { noJobsRemaining } = (await payload.jobs.run({ queue: 'mail', limit: 100 })) as {
      noJobsRemaining?: boolean
    }
    if (noJobsRemaining) return
  }
}
