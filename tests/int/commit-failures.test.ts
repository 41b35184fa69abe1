import { commitTransaction, createLocalReq, initTransaction, type PayloadRequest } from 'payload'
import { expect, test } from 'vitest'

import { query, sql, surfaceCommitFailures } from '@/server/database/db'
import { testSiteForFile } from './harness'

/**
 * A COMMIT that fails (here a deferred unique constraint; in production the database dying at
 * that moment) must fail the request: Payload's postgres adapter swallows the error, so without
 * `surfaceCommitFailures` (called by src/server/process/payload.ts) the API would acknowledge a lost write.
 */
const { site } = testSiteForFile({})

/** A transaction that writes a neighbourhood and a row that makes its COMMIT fail. */
async function doomedTransaction(slug: string): Promise<PayloadRequest> {
  const req = await createLocalReq({}, site.payload)
  await initTransaction(req)
  await site.payload.create({
    collection: 'neighbourhoods',
    data: { name: slug, slug, tagline: 'Never committed', vibes: ['Calm'] },
    req,
    context: { disablePopulation: true },
  })
  await query(
    req,
    sql`CREATE TEMP TABLE IF NOT EXISTS doomed (a int, CONSTRAINT doomed_a UNIQUE (a) DEFERRABLE INITIALLY DEFERRED) ON COMMIT DROP`,
  )
  await query(req, sql`INSERT INTO doomed VALUES (1), (1)`)
  return req
}

async function exists(slug: string) {
  const { totalDocs } = await site.payload.count({
    collection: 'neighbourhoods',
    where: { slug: { equals: slug } },
  })
  return totalDocs > 0
}

test("Payload's adapter alone resolves a failed COMMIT (why the wrapper exists)", async () => {
  const req = await doomedTransaction('swallowed-commit')
  await expect(commitTransaction(req)).resolves.toBeUndefined()
  expect(await exists('swallowed-commit')).toBe(false)
})

test('with surfaceCommitFailures a failed COMMIT rejects, and nothing was written', async () => {
  surfaceCommitFailures(site.payload)
  const req = await doomedTransaction('surfaced-commit')
  await expect(commitTransaction(req)).rejects.toThrow()
  expect(await exists('surfaced-commit')).toBe(false)

  // Transactions that commit are untouched.
  const ok = await createLocalReq({}, site.payload)
  await initTransaction(ok)
  await site.payload.create({
    collection: 'neighbourhoods',
    data: { name: 'Committed', slug: 'committed-ok', tagline: 'Fine', vibes: ['Calm'] },
    req: ok,
    context: { disablePopulation: true },
  })
  await commitTransaction(ok)
  expect(await exists('committed-ok')).toBe(true)
})
