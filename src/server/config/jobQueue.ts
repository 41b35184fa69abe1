/**
 * Whether this process runs the job queue (mails, pushes, reminders). An app instance says so
 * when it starts (boot, before Payload). Payload also starts its crons in any process on its
 * first REST request; there the queue's autoRun is empty, so a test site or a build runs no job
 * behind the back of what it is doing.
 */
let runsHere = false

export function runJobQueueHere(): void {
  runsHere = true
}

export const jobQueueRunsHere = (): boolean => runsHere
