import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { pgPool } from '@/server/database/db'
import { currentRequest } from '@/server/observability/logger'
import { registry } from '@/server/observability/metrics'
import { runMailJobs } from '@tests/support/mailJobs'
import { testSiteForFile } from './harness'

/**
 * The id of the request that caused a job or a mail goes with it (src/server/observability/
 * jobTracing.ts, src/server/services/email.ts): on the queued job, in the mail's X-Request-Id
 * header. The server runs a request under its id (requestLog.ts); here the test does.
 */
const { site, alice } = testSiteForFile({ members: ['alice'], env: { SMTP_URL: '' } })

const outbox = () => path.join(site.dataDir, 'outbox')
/** The .eml files written since `before` (a list of names). */
const newMails = (before: string[]) =>
  (fs.existsSync(outbox()) ? fs.readdirSync(outbox()) : [])
    .filter((f) => f.endsWith('.eml') && !before.includes(f))
    .map((f) => fs.readFileSync(path.join(outbox(), f), 'utf8'))
const mailsNow = () => (fs.existsSync(outbox()) ? fs.readdirSync(outbox()) : [])

const runs = async (task: string) => {
  const metric = (await registry.getMetricsAsJSON()).find((m) => m.name === 'belong_job_runs_total')
  return (metric?.values ?? [])
    .filter((v) => v.labels.task === task && v.labels.result === 'completed')
    .reduce((sum, v) => sum + v.value, 0)
}

describe('request ids', () => {
  it('a mail sent while serving a request carries its id; one sent outside carries none', async () => {
    const before = mailsNow()
    await currentRequest.run({ id: 'req-mail-1' }, () =>
      site.payload.sendEmail({ to: alice.email, subject: 'Inside', text: 'Hello' }),
    )
    await site.payload.sendEmail({ to: alice.email, subject: 'Outside', text: 'Hello' })
    const mails = newMails(before)
    expect(mails).toHaveLength(2)
    expect(mails.find((m) => m.includes('Subject: Inside'))).toMatch(
      /^X-Request-Id: req-mail-1\r?$/im,
    )
    expect(mails.find((m) => m.includes('Subject: Outside'))).not.toMatch(/X-Request-Id/i)
  })

  it('a job queued by a request keeps its id, runs under it, and its mail carries it', async () => {
    const pool = pgPool(site.payload)
    const { rows } = await pool.query<{ id: number }>(
      `INSERT INTO mails (user_id, kind, "to", subject, message_id, html, text, created_at, updated_at)
       VALUES ($1, 'digest', $2, 'Your week', '<req-ids-1@belong.local>', '<p>Week</p>', 'Week', now(), now())
       RETURNING id`,
      [alice.id, alice.email],
    )
    const mail = rows[0]!.id
    const job = await currentRequest.run({ id: 'req-job-1' }, () =>
      site.payload.jobs.queue({ task: 'sendMails', input: { mails: [mail] }, queue: 'mail' }),
    )
    const stored = await pool.query<{ meta: { requestId?: string } }>(
      'SELECT meta FROM payload_jobs WHERE id = $1',
      [job.id],
    )
    expect(stored.rows[0]?.meta.requestId).toBe('req-job-1')
    const ranBefore = await runs('sendMails')
    const before = mailsNow()
    await runMailJobs(site.payload)
    const sent = newMails(before).filter((m) => m.includes('Subject: Your week'))
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatch(/^X-Request-Id: req-job-1\r?$/im)
    expect(await runs('sendMails')).toBe(ranBefore + 1)
  })

  it('a job queued outside any request has no id', async () => {
    const job = await site.payload.jobs.queue({ task: 'dispatchMails', input: {}, queue: 'mail' })
    const stored = await pgPool(site.payload).query<{ meta: unknown }>(
      'SELECT meta FROM payload_jobs WHERE id = $1',
      [job.id],
    )
    expect(stored.rows[0]?.meta ?? null).toBeNull()
  })
})
