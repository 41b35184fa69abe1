import type { JobsConfig } from 'payload'

import { env } from '@/server/config/env'
import { jobQueueRunsHere } from '@/server/config/jobQueue'
import { hasRole } from '@collections/access'
import { dailySummaries, dispatchMails } from './dispatch'
import { MAIL_QUEUE } from './queue'
import { sendMails } from './send'
import { weeklyDigest } from './digest/weeklyDigest'
import { pushTasks } from '@collections/PushSubscriptions/jobs'
import { SEND_RETRIES, outboxTasks } from '@collections/shared/outbox'
import { sendEventReminder } from '@collections/Events/reminders'
import { sendRenewalMails } from '@collections/MarketItems/renewalMails'

/** Jobs the queue runs at once (Payload runs a batch concurrently). */
export const MAIL_JOBS_AT_ONCE = 3

const isAdminUser = (user: unknown) => hasRole(user as Parameters<typeof hasRole>[0], 'admin')
const isAdmin = ({ req }: { req: { user?: unknown } }) => isAdminUser(req.user)

/**
 * Mail goes through Payload's Jobs Queue (jobs stored in PostgreSQL, run by the app instances
 * that start with crons: `getPayload({ cron: true })` in boot):
 * - `dispatchMails` (every few seconds) gathers owed notifications into outbox rows by member and
 *   kind, as each member chose, and queues their sending;
 * - `sendMails` sends a batch of outbox rows, each once (retried with back-off);
 * - `weeklyDigest` (weekly) writes each member's digest into the outbox;
 * - `dailySummaries` (daily) gathers the kinds mailed only as a summary (new market items);
 * - pushes to members' devices, in the same queue (collections/PushSubscriptions/jobs.ts).
 */
export const mailJobs: JobsConfig = {
  tasks: [
    ...outboxTasks(
      {
        slug: 'dispatchMails',
        label: 'Gather owed notifications into mails',
        handler: dispatchMails,
      },
      { slug: 'sendMails', label: 'Send outbox mails', handler: sendMails },
    ),
    {
      slug: 'weeklyDigest',
      label: 'Write the weekly digests',
      handler: weeklyDigest,
      schedule: [{ cron: env.digestCron, queue: MAIL_QUEUE }],
    },
    {
      slug: 'dailySummaries',
      label: 'Write the daily summaries (new market items)',
      handler: dailySummaries,
      schedule: [{ cron: env.summaryCron, queue: MAIL_QUEUE }],
      retries: SEND_RETRIES,
    },
    {
      // Queued by each event's write, due the day before it (collections/Events/reminders.ts).
      slug: 'eventReminder',
      label: "Remind an event's attendees",
      inputSchema: [
        { name: 'event', type: 'number', required: true },
        { name: 'at', type: 'text', required: true },
      ],
      handler: sendEventReminder,
      retries: SEND_RETRIES,
    },
    {
      // Hourly: sellers of items expiring within two days get their renewal link, once per expiry.
      slug: 'marketRenewalMails',
      label: 'Mail sellers whose items expire soon',
      handler: sendRenewalMails,
      schedule: [{ cron: '0 17 * * * *', queue: MAIL_QUEUE }],
      retries: SEND_RETRIES,
    },
    ...pushTasks,
  ],
  // Each running send job holds one of the pool's ten connections while it renders and hands a
  // mail to SMTP: three at a time leave the rest to the readers of the site.
  // Only in a process that runs the queue (src/server/config/jobQueue.ts).
  autoRun: () =>
    jobQueueRunsHere()
      ? [{ cron: env.mailCron, queue: MAIL_QUEUE, limit: MAIL_JOBS_AT_ONCE, silent: true }]
      : [],
  // Payload lets any signed-in user queue, run and cancel jobs over REST: here only admins.
  access: { queue: isAdmin, run: isAdmin, cancel: isAdmin },
  // Admins see the queue (a failed send, its retries) under Technical; nobody writes it by API.
  jobsCollectionOverrides: ({ defaultJobsCollection }) => ({
    ...defaultJobsCollection,
    access: { ...defaultJobsCollection.access, read: isAdmin },
    admin: {
      ...defaultJobsCollection.admin,
      group: 'Technical',
      hidden: ({ user }) => !isAdminUser(user),
    },
  }),
}
