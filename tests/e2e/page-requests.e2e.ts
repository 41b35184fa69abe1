import { expect, type APIRequestContext, type Page } from '@playwright/test'

import { test } from './answers'

import { freshUser, holdIslands } from './helpers'

/**
 * A page view costs the site one request besides the page and its files: the islands start
 * from what the page rendered. A reader's page makes at most one (the page state); a member's at
 * most two (the page state and their private channel's authorisation). Images, scripts, styles
 * and the WebSocket are not counted.
 */
const NEIGHBOURHOOD = '/neighbourhood/battersea'
const FIXED_ROUTES = [
  '/',
  '/neighbourhoods',
  NEIGHBOURHOOD,
  `${NEIGHBOURHOOD}/stories`,
  `${NEIGHBOURHOOD}/events`,
  `${NEIGHBOURHOOD}/polls`,
  `${NEIGHBOURHOOD}/discussions`,
  `${NEIGHBOURHOOD}/local-spots`,
  `${NEIGHBOURHOOD}/market`,
  `${NEIGHBOURHOOD}/safety`,
  `${NEIGHBOURHOOD}/lost-found`,
  '/event',
  '/polls',
  '/discussions',
  '/forum',
  '/stories',
  '/search?q=park',
  '/compare',
  '/map',
  '/top-reviewers',
  '/about',
]

/**
 * One page of each kind the seed has: a story, a poll, a discussion, a market item, a lost and
 * found post, a verified alert, a profile.
 */
async function itemRoutes(request: APIRequestContext): Promise<string[]> {
  const first = async <T>(path: string) =>
    ((await (await request.get(path)).json()) as { docs: T[] }).docs[0]!
  // The oldest of each: seeded, and quiet while the page loads (a page whose live channel had
  // news since it was written re-reads what changed, as it should).
  const story = await first<{ id: number; neighbourhood: { slug: string } }>(
    '/api/stories?where[isPublic][equals]=true&sort=createdAt&limit=1&depth=1',
  )
  const poll = await first<{ id: number }>('/api/polls?sort=createdAt&limit=1&depth=0')
  const discussion = await first<{ id: number }>('/api/discussions?sort=createdAt&limit=1&depth=0')
  const item = await first<{ id: number }>('/api/market-items?sort=createdAt&limit=1&depth=0')
  const lostFound = await first<{ id: number }>(
    '/api/lost-found-posts?sort=createdAt&limit=1&depth=0',
  )
  const alert = await first<{ id: number }>(
    '/api/safety-alerts?where[verifiedAt][exists]=true&sort=createdAt&limit=1&depth=0',
  )
  const ranking = (await (await request.get('/api/top-reviewers')).json()) as {
    reviewers: { userName: string }[]
  }
  return [
    `/neighbourhood/${story.neighbourhood.slug}/stories/${story.id}`,
    `/polls/${poll.id}`,
    `/discussions/${discussion.id}`,
    `/market/${item.id}`,
    `/lost-found/${lostFound.id}`,
    `/safety/${alert.id}`,
    `/profile/${ranking.reviewers[0]!.userName}`,
  ]
}

/** The page's own requests for data (fetch and XHR to the API or a .json file). */
function recordReads(page: Page): { reads: string[]; stop: () => void } {
  const reads: string[] = []
  const listener = (request: import('@playwright/test').Request) => {
    if (!['fetch', 'xhr'].includes(request.resourceType())) return
    const url = new URL(request.url())
    if (url.pathname.startsWith('/api/') || url.pathname.endsWith('.json'))
      reads.push(`${request.method()} ${url.pathname}${url.search}`)
  }
  page.on('request', listener)
  return { reads, stop: () => page.off('request', listener) }
}

async function readsOfVisit(page: Page, route: string): Promise<string[]> {
  const { reads, stop } = recordReads(page)
  await page.goto(route)
  // The view as it opens, before the reader scrolls or opens anything: the islands that load
  // with the page (one further down asks when it comes into view, as opening comments does).
  await expect(page.locator('astro-island[ssr][client="load"]')).toHaveCount(0)
  // Every island that hydrated has run its effects once the network is quiet.
  await page.waitForLoadState('networkidle')
  stop()
  return reads
}

test('a reader’s page view costs at most one request after the page', async ({ page }) => {
  test.setTimeout(180_000)
  for (const route of [...FIXED_ROUTES, ...(await itemRoutes(page.request))]) {
    const reads = await readsOfVisit(page, route)
    expect(reads.length, `${route}:\n${reads.join('\n')}`).toBeLessThanOrEqual(1)
  }
})

test('a member’s page view costs at most two: their state and their channel', async ({ page }) => {
  test.setTimeout(180_000)
  await freshUser(page.request, 'counted')
  for (const route of [...FIXED_ROUTES, ...(await itemRoutes(page.request))]) {
    const reads = await readsOfVisit(page, route)
    expect(reads.length, `${route}:\n${reads.join('\n')}`).toBeLessThanOrEqual(2)
    expect(
      reads.filter((r) => !/^GET \/api\/users\/state|^POST \/api\/realtime\/auth$/.test(r)),
      route,
    ).toEqual([])
  }
})

test('a page whose channel had news since it was written re-reads only what the news touched', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const story = (
    (await (
      await page.request.get(
        '/api/stories?where[isPublic][equals]=true&sort=createdAt&limit=1&depth=1',
      )
    ).json()) as { docs: { id: number; neighbourhood: { slug: string } }[] }
  ).docs[0]!
  const route = `/neighbourhood/${story.neighbourhood.slug}/stories/${story.id}`

  // The page's HTML arrives; its islands' code waits until a comment is posted on the story.
  const html = await (await page.request.get(route)).text()
  const release = await holdIslands(page, html)
  const { reads, stop } = recordReads(page)
  await page.goto(route, { waitUntil: 'commit' })
  const comments = page.getByRole('heading', { level: 2, name: /^Comments \(\d+\)$/ })
  const before = Number((await comments.textContent())?.match(/\d+/)?.[0])

  const writer = await playwright.request.newContext({ baseURL })
  await freshUser(writer, 'newsy')
  const content = `Fresh news (${Date.now()}).`
  const posted = await writer.post('/api/comments/new', {
    data: { targetKind: 'story', targetId: story.id, content },
  })
  expect(posted.status(), await posted.text()).toBe(201)

  release()
  // The comment posted while the page loaded is on it once the page is live…
  await expect(page.getByText(content)).toBeVisible()
  await expect(comments).toHaveText(`Comments (${before + 1})`)
  await page.waitForLoadState('networkidle')
  stop()
  // …by re-reading the comments; the reactions, which no news touched, are not read again.
  expect(reads.filter((r) => r.includes('/api/comments')).length, reads.join('\n')).toBe(1)
  expect(
    reads.filter((r) => r.includes('/api/reactions')),
    reads.join('\n'),
  ).toEqual([])
  await page.unrouteAll({ behavior: 'ignoreErrors' })
  await writer.dispose()
})
