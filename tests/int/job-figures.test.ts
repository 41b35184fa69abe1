import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest'

import { watchSite } from '@/server/observability/figures'
import { registry } from '@/server/observability/metrics'

/**
 * The job gauges as Prometheus scrapes them: a task whose jobs are all done (done jobs leave the
 * table) reads 0, rather than vanishing between two scrapes (an alert or a test that looked for it
 * found nothing).
 */
const adminUrl = inject('pgUrl')
const name = `jobs_${process.pid}_${Date.now()}`
let pool: pg.Pool

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name} TEMPLATE belong_template`)
  await admin.end()
  pool = new pg.Pool({ connectionString: adminUrl.replace(/\/postgres$/, `/${name}`), max: 2 })
  watchSite({ pool, realtimeUp: () => undefined })
})
afterAll(() => pool?.end())

/** The scraped value of belong_jobs_waiting for `task`, or undefined when it is not there. */
async function waiting(task: string): Promise<number | undefined> {
  const line = (await registry.metrics())
    .split('\n')
    .find((l) => l.startsWith(`belong_jobs_waiting{task="${task}"}`))
  return line === undefined ? undefined : Number(line.split(' ').pop())
}

/** Scrapes until `task` reads `value` (the figures are read at most once a second). */
async function scrapedUntil(task: string, value: number): Promise<(number | undefined)[]> {
  const seen: (number | undefined)[] = []
  for (let i = 0; i < 100 && seen.at(-1) !== value; i++) {
    seen.push(await waiting(task))
    if (seen.at(-1) !== value) await new Promise((r) => setTimeout(r, 100))
  }
  return seen
}

describe('job figures', () => {
  it('keeps a task whose jobs are done at 0 instead of dropping it', async () => {
    const { rows } = await pool.query<{ id: number }>(
      `INSERT INTO payload_jobs (task_slug) VALUES ('sendPushes') RETURNING id`,
    )
    expect((await scrapedUntil('sendPushes', 1)).at(-1)).toBe(1)
    await pool.query('DELETE FROM payload_jobs WHERE id = $1', [rows[0]!.id])
    const seen = await scrapedUntil('sendPushes', 0)
    expect(seen.at(-1)).toBe(0)
    // Never absent on the way from 1 to 0.
    expect(seen).not.toContain(undefined)
  })
})
