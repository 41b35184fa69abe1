import { expect } from '@playwright/test'

import { test } from './answers'

import { YOUR_FEED_TEXT } from '@/views/yourFeed'

import { expectNoAxeViolations } from './axe'
import { freshUser, neighbourhoodBySlug } from './helpers'

/**
 * 'Your feed': a member follows a neighbourhood, opens the feed from the avatar menu, sees what
 * was posted there, and a post arriving while it is open offers to show it. Signed out it asks
 * to sign in; following nothing it says how to start.
 */
const SLUG = 'camden-town'
const PAGE = `/neighbourhood/${SLUG}`

test('a member follows a neighbourhood and reads its posts in Your feed, live', async ({
  page,
  playwright,
  baseURL,
}) => {
  const poster = await playwright.request.newContext({ baseURL })
  await freshUser(poster, 'feedposter')
  const { id } = await neighbourhoodBySlug(poster, SLUG)
  const post = (path: string, data: Record<string, unknown>) =>
    poster.post(path, { data: { neighbourhood: id, ...data } })

  await freshUser(page.request, 'feedreader')
  await page.goto(PAGE)
  await page.getByRole('button', { name: /^Follow Camden Town$/ }).click()
  await expect(page.getByRole('button', { name: /^Following Camden Town$/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  const story = `Night market on the lock (${Date.now()})`
  expect((await post('/api/stories/new', { title: story, description: 'Stalls.' })).status()).toBe(
    201,
  )

  await page.getByRole('button', { name: /^Account menu for / }).click()
  await page.getByRole('link', { name: YOUR_FEED_TEXT.title }).click()
  await expect(page).toHaveURL(/\/feed$/)
  await expect(page.getByRole('heading', { level: 1, name: YOUR_FEED_TEXT.title })).toBeVisible()
  const item = page.locator('.your-feed-item', { hasText: story }).first()
  await expect(item).toContainText('Story')
  await expect(item.getByRole('link', { name: 'Camden Town' })).toHaveAttribute('href', PAGE)
  await expect(item.getByRole('link', { name: story })).toHaveAttribute(
    'href',
    /^\/neighbourhood\/camden-town\/stories\/\d+$/,
  )
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
  await page.getByLabel('Menu', { exact: true }).click()
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Your feed' }),
  ).toHaveAttribute('href', '/feed')
  await page.getByLabel('Menu', { exact: true }).click()

  await expect(page.locator('.feed-live')).toHaveAttribute('data-live', 'subscribed')
  const discussion = `Which pub does the best roast? (${Date.now()})`
  expect((await post('/api/discussions/new', { title: discussion, content: 'Go.' })).status()).toBe(
    201,
  )
  const notice = page.getByRole('link', { name: '1 new post — show' })
  await expect(notice).toBeVisible()
  await expectNoAxeViolations(page)
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    await page.screenshot({ path: `.tmp/shots/feed-${width}.png` })
  }
  await notice.click()
  await expect(page).toHaveURL(/\/feed$/)
  await expect(page.locator('.your-feed-item').first()).toContainText(discussion)
  await expect(page.locator('.your-feed-item').first()).toContainText('Discussion')
  await poster.dispose()
})

test('following nothing, the feed says how to start; signed out, it asks to sign in', async ({
  browser,
  page,
}) => {
  await freshUser(page.request, 'feedempty')
  await page.goto('/feed')
  await expect(page.getByText(YOUR_FEED_TEXT.empty)).toBeVisible()
  await expect(page.getByRole('link', { name: YOUR_FEED_TEXT.browse })).toHaveAttribute(
    'href',
    '/neighbourhoods',
  )
  await expect(page.getByRole('link', { name: YOUR_FEED_TEXT.map })).toHaveAttribute('href', '/map')
  const response = await page.request.get('/feed')
  expect(response.headers()['cache-control']).toBe('private, no-store')
  await expectNoAxeViolations(page)

  const visitor = await browser.newContext()
  const signedOut = await visitor.newPage()
  await signedOut.goto('/feed?page=2')
  await expect(signedOut).toHaveURL(/\/login\?next=%2Ffeed%3Fpage%3D2$/)
  await visitor.close()
})

test('without JavaScript the feed and its pages are plain links', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await freshUser(page.request, 'feednojs')
  const { id } = await neighbourhoodBySlug(page.request, SLUG)
  await page.request.post('/api/follows/toggle', { data: { neighbourhood: id } })
  await page.goto('/feed')
  await expect(page.locator('.your-feed-item').first()).toBeVisible()
  // The live notice is drawn only by its island: nothing of it shows here.
  await expect(page.getByRole('link', { name: /new posts? — show/ })).toHaveCount(0)
  await context.close()
})
