import { describe, expect, it } from 'vitest'

import { seedDatabase } from '@/seed/store'
import { countQueries as countPoolQueries } from '@tests/support/queryCounter'
import { testSiteForFile } from './harness'

/** Lists with authors and counts must not cost a query per item (no N+1). */
const { site } = testSiteForFile({ timeout: 300_000 }, async () => {
  await seedDatabase(site.payload, () => {})
})

async function countQueries(url: string): Promise<number> {
  const { result: res, count } = await countPoolQueries(site.payload, () => site.api('GET', url))
  expect(res.status).toBe(200)
  return count
}

describe('query counts of list reads do not grow with the page size', () => {
  it.each([
    ['reviews with authors', '/api/reviews?sort=-createdAt&depth=1&limit='],
    ['discussions with authors', '/api/discussions?depth=1&limit='],
    ['stories with authors', '/api/stories?depth=1&limit='],
    ['neighbourhoods with images', '/api/neighbourhoods?depth=1&limit='],
  ])('%s', async (_name, url) => {
    const small = await countQueries(`${url}2`)
    const large = await countQueries(`${url}20`)
    expect(small, 'the counter sees the queries').toBeGreaterThan(0)
    expect(large).toBeLessThanOrEqual(small + 2)
  })

  it.each([
    ['forum feed', '/api/forum?page=1'],
    ['top reviewers', '/api/top-reviewers?limit=20'],
  ])('%s answers in at most two queries', async (_name, url) => {
    const count = await countQueries(url)
    expect(count).toBeGreaterThan(0)
    expect(count).toBeLessThanOrEqual(2)
  })
})
