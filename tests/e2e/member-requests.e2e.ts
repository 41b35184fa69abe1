import { expect, type Page } from '@playwright/test'

import { test } from './answers'

import { freshUser, hydrated, neighbourhoodBySlug, reviewsLive } from './helpers'

/**
 * A signed-in member's page view costs the site about what a reader's does: the shared parts
 * are in the page, their own state comes in one request, and nothing is read twice. A
 * neighbourhood no other test writes to, so its live channel stays quiet while the page loads.
 */
const SLUG = 'kentish-town'
/** Where the member acts (its channel is then busy for a moment). */
const ACTED_IN = 'muswell-hill'

/** The page's API reads (fetch and XHR), realtime's channel auth apart. */
function recordApiReads(page: Page): string[] {
  const reads: string[] = []
  page.on('request', (request) => {
    if (!['fetch', 'xhr'].includes(request.resourceType())) return
    const url = new URL(request.url())
    if (url.pathname === '/api/realtime/auth') return
    if (url.pathname.startsWith('/api/') || url.pathname.endsWith('.json'))
      reads.push(`${request.method()} ${url.pathname}${url.search}`)
  })
  return reads
}

function expectFewAndNoRepeats(reads: string[]) {
  expect(reads.length, reads.join('\n')).toBeLessThanOrEqual(3)
  expect(new Set(reads).size, reads.join('\n')).toBe(reads.length)
}

test("a member's neighbourhood page: one request for their own state, none repeated once live", async ({
  page,
}) => {
  await freshUser(page.request, 'counted')
  const reads = recordApiReads(page)
  await page.goto(`/neighbourhood/${SLUG}`)
  await hydrated(page)
  // What the member sees of their own: the follow button knows, the bell knows.
  await expect(page.locator('.follow-count')).toHaveText(/^\d+ followers?$/)
  await expect(page.getByRole('button', { name: /^Follow / })).toHaveAttribute(
    'aria-pressed',
    'false',
  )
  await reviewsLive(page)
  await page.waitForLoadState('networkidle')
  expectFewAndNoRepeats(reads)
  // The member's own state came from the state request, not the old per-island reads.
  expect(reads.filter((r) => r.startsWith('GET /api/users/state')).length).toBeGreaterThan(0)
  expect(reads.filter((r) => /follows\/state|reactions\/mine|users\/me/.test(r))).toEqual([])
  // The live connection's settings are in the page.
  expect(reads.filter((r) => r.includes('/api/realtime/config'))).toEqual([])
})

test('the one state request carries what the member did: their follow and their reaction', async ({
  page,
}) => {
  await freshUser(page.request, 'stateful')
  const neighbourhood = await neighbourhoodBySlug(page.request, ACTED_IN)
  await page.goto(`/neighbourhood/${ACTED_IN}`)
  await hydrated(page)
  await page.getByRole('button', { name: /^Follow / }).click()
  const firstBar = page.locator('.review-list > li.review').first().getByRole('group')
  await firstBar.getByRole('button', { name: /^Heart/ }).click()
  await expect(firstBar.getByRole('button', { name: /^Heart/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  )

  const state = page.waitForResponse((r) => r.url().includes('/api/users/state'))
  await page.reload()
  const answer = (await (await state).json()) as {
    follow: { neighbourhood: number; following: boolean }
    reactions: { review: Record<string, string> }
  }
  expect(answer.follow).toMatchObject({ neighbourhood: neighbourhood.id, following: true })
  expect(Object.values(answer.reactions.review)).toEqual(['heart'])
  await expect(page.getByRole('button', { name: /^Following / })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(
    page
      .locator('.review-list > li.review')
      .first()
      .getByRole('button', { name: /^Heart/ }),
  ).toHaveAttribute('aria-pressed', 'true')
})

test("a member's events page: their state and the list, each read once", async ({ page }) => {
  await freshUser(page.request, 'eventgoer')
  const reads = recordApiReads(page)
  await page.goto('/event')
  await hydrated(page)
  await expect(page.locator('.events')).toHaveAttribute('data-live', 'subscribed')
  await page.waitForLoadState('networkidle')
  expectFewAndNoRepeats(reads)
})
