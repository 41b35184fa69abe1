import { describe, expect, it } from 'vitest'

import { pgPool } from '@/server/database/db'
import { testSiteForFile } from './harness'

/**
 * Runners of the Jobs Queue that meet (every app instance's cron, an admin's run, a run by id)
 * each take a job the others do not (src/server/database/jobClaims.ts); one whose process died
 * lets go of its jobs after MAIL_STALE_MS. The two instances themselves:
 * tests/faults/job-runners.test.ts.
 */
const { site } = testSiteForFile({ env: { MAIL_STALE_MS: '60000' } })

const sql = (text: string, values: unknown[] = []) => pgPool(site.payload).query(text, values)

async function queued(count: number): Promise<number[]> {
  const ids: number[] = []
  for (let n = 0; n < count; n++) {
    const job = await site.payload.jobs.queue({ task: 'dispatchPushes', input: {}, queue: 'mail' })
    ids.push(Number(job.id))
  }
  return ids
}

/** The jobs a run ran, by id. */
const ran = (result: { jobStatus?: Record<string, unknown> }) =>
  Object.keys(result.jobStatus ?? {}).map(Number)

const jobRow = async (id: number) =>
  (await sql('SELECT processing FROM payload_jobs WHERE id = $1', [id])).rows[0] as
    { processing: boolean } | undefined

describe('claiming jobs', () => {
  it('runners at the same moment each run other jobs, and together all of them', async () => {
    const ids = await queued(12)
    const runs = await Promise.all(
      [1, 2, 3, 4].map(() => site.payload.jobs.run({ queue: 'mail', limit: 12, silent: true })),
    )
    const each = runs.map(ran)
    const all = each.flat()
    expect(all.length, `runs: ${JSON.stringify(each)}`).toBe(new Set(all).size)
    expect(all.sort((x, y) => x - y)).toEqual(ids)
  })

  it('a run by id leaves a job another runner holds, and runs it once it is free', async () => {
    const [id] = await queued(1)
    await sql('UPDATE payload_jobs SET processing = true WHERE id = $1', [id])
    expect(ran(await site.payload.jobs.runByID({ id: id!, silent: true }))).toEqual([])
    expect(await jobRow(id!)).toEqual({ processing: true })

    await sql('UPDATE payload_jobs SET processing = false WHERE id = $1', [id])
    expect(ran(await site.payload.jobs.runByID({ id: id!, silent: true }))).toEqual([id])
    // Done, and deleted: a second run by id finds nothing (no error either).
    expect(await jobRow(id!)).toBeUndefined()
    expect(ran(await site.payload.jobs.runByID({ id: id!, silent: true }))).toEqual([])
  })

  it('a job left running past MAIL_STALE_MS by a process that died runs again; a running one does not', async () => {
    const [dead, running] = await queued(2)
    await sql(
      `UPDATE payload_jobs SET processing = true, updated_at = now() - interval '61 seconds'
        WHERE id = $1`,
      [dead],
    )
    await sql('UPDATE payload_jobs SET processing = true, updated_at = now() WHERE id = $1', [
      running,
    ])
    expect(ran(await site.payload.jobs.run({ queue: 'mail', limit: 10, silent: true }))).toEqual([
      dead,
    ])
    expect(await jobRow(running!)).toEqual({ processing: true })
    await sql('DELETE FROM payload_jobs WHERE id = $1', [running])
  })
})
