import type { TaskConfig } from 'payload'

import { outboxTasks } from '@collections/shared/outbox'
import { dispatchPushes } from './dispatch'
import { sendPushes } from './send'

/**
 * Pushes run in the mail's queue, by the same crons: `dispatchPushes` queues what is due to each
 * device, `sendPushes` sends a batch (retried with back-off).
 */
export const pushTasks: TaskConfig[] = outboxTasks(
  {
    slug: 'dispatchPushes',
    label: 'Queue pushes due to members’ devices',
    handler: dispatchPushes,
  },
  { slug: 'sendPushes', label: 'Send push notifications', handler: sendPushes },
)
