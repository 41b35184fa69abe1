import type { TaskConfig } from 'payload'

import { env } from '@/server/config/env'
import { MAIL_QUEUE } from '@collections/Mails/queue'
import { dispatchPushes } from './dispatch'
import { sendPushes } from './send'

/**
 * Pushes run in the mail's queue, by the same crons: `dispatchPushes` queues what is due to each
 * device, `sendPushes` sends a batch (retried with back-off). Each is its own task, so the job
 * metrics (belong_jobs_*{task}) show pushes apart from mails.
 */
export const pushTasks: TaskConfig[] = [
  {
    slug: 'dispatchPushes',
    label: 'Queue pushes due to members’ devices',
    handler: dispatchPushes,
    schedule: [{ cron: env.mailCron, queue: MAIL_QUEUE }],
  },
  {
    slug: 'sendPushes',
    label: 'Send push notifications',
    inputSchema: [{ name: 'pushes', type: 'json', required: true }],
    handler: sendPushes,
    retries: { attempts: 6, backoff: { type: 'exponential', delay: 10_000 } },
  },
]
