import type { Payload } from 'payload'

/**
 * Runs the mail queue as an app instance's cron would: the dispatch job (owed notifications
 * into outbox mails), then the send jobs it queued. Test sites start without crons.
 */
export async function runMailJobs(
  payload: Payload,
  task: 'dispatchMails' | 'weeklyDigest' = 'dispatchMails',
) {
  await payload.jobs.queue({ task, input: {}, queue: 'mail' })
  await payload.jobs.run({ queue: 'mail', limit: 100 })
  await payload.jobs.run({ queue: 'mail', limit: 100 })
}
