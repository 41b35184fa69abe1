import { expect, type Page } from '@playwright/test'

import { test } from './answers'

import { expectNoAxeViolations } from './axe'
import { freshUser, hydrated, shoot } from './helpers'

/**
 * The community forum (SPEC §2): tabs whose active one follows the path, the mixed feed in the
 * home feed's colours, 10 a page with numbered page links, the page in the address (shareable,
 * back button), and every link of the home's 'My Neighborhood' answering 200.
 */

test.describe.configure({ mode: 'serial' })

const RUN = Date.now().toString(36)

/** Shots only when SHOTS is set: this file shoots many steps. */
const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS) await shoot(page, name, { restoreHeight: 720 })
}

const cards = (page: Page) => page.getByRole('list', { name: 'Posts' }).getByRole('listitem')
const tab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Forum sections' }).getByRole('link', { name })

test.beforeAll(async ({ playwright, baseURL }) => {
  // More than two pages of discussions, newest last, whatever the seed holds.
  const request = await playwright.request.newContext({ baseURL })
  await freshUser(request, 'forum')
  for (let i = 1; i <= 21; i++) {
    const res = await request.post('/api/discussions/new', {
      data: { title: `Forum post ${i} ${RUN}`, content: `Body ${i}` },
    })
    expect(res.status()).toBe(201)
  }
  await request.dispose()
})

test('All Posts: 10 a page, numbered page links, the page in the address, back works', async ({
  page,
}) => {
  await page.goto('/forum')
  await expect(page.getByRole('heading', { level: 1, name: 'Community Forum' })).toBeVisible()
  await expect(tab(page, 'All Posts')).toHaveAttribute('aria-current', 'page')
  await expect(cards(page)).toHaveCount(10)
  await expect(cards(page).first()).toContainText(`Forum post 21 ${RUN}`)
  await expect(cards(page).first().locator('.feed-type')).toHaveText('Discussion')
  const pager = page.getByRole('navigation', { name: 'Forum pages' })
  await expect(pager.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page')
  await expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute('href', '/forum?page=2')
  await expectNoAxeViolations(page)
  await shot(page, 'forum')

  await hydrated(page)
  await pager.getByRole('link', { name: 'Page 2' }).click()
  await expect(page).toHaveURL(/\/forum\?page=2$/)
  await expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')
  await expect(cards(page).first()).toContainText(`Forum post 11 ${RUN}`)
  await page.goBack()
  await expect(page).toHaveURL(/\/forum$/)
  await expect(cards(page).first()).toContainText(`Forum post 21 ${RUN}`)
  await page.goForward()
  await expect(cards(page).first()).toContainText(`Forum post 11 ${RUN}`)

  // Shared: the address alone renders that page (in the HTML, before any script).
  const html = await (await page.request.get('/forum?page=2')).text()
  expect(html).toContain(`Forum post 11 ${RUN}`)
  expect(html).not.toContain(`Forum post 21 ${RUN}`)
})

test('tabs follow the path prefix and show one type each', async ({ page }) => {
  await page.goto('/forum')
  await hydrated(page)
  await tab(page, 'Discussions').click()
  await expect(page).toHaveURL(/\/forum\/discussions$/)
  await expect(tab(page, 'Discussions')).toHaveAttribute('aria-current', 'page')
  await expect(tab(page, 'All Posts')).not.toHaveAttribute('aria-current', 'page')
  await expect(cards(page)).toHaveCount(10)
  for (const type of await cards(page).locator('.feed-type').allTextContents()) {
    expect(type).toBe('Discussion')
  }
  await page
    .getByRole('navigation', { name: 'Forum pages' })
    .getByRole('link', { name: 'Page 3' })
    .click()
  await expect(page).toHaveURL(/\/forum\/discussions\?page=3$/)

  for (const [path, name, type, href] of [
    ['/forum/events', 'Events', 'Event', /^\/event$/],
    ['/forum/stories', 'Stories', 'Story', /^\/neighbourhood\/[^/]+\/stories\/\d+$/],
    ['/forum/polls', 'Polls', 'Poll', /^\/polls\/\d+$/],
    ['/forum/discussions/anything', 'Discussions', 'Discussion', /^\/discussions\/\d+$/],
  ] as const) {
    await page.goto(path)
    await expect(tab(page, name)).toHaveAttribute('aria-current', 'page')
    const types = await cards(page).locator('.feed-type').allTextContents()
    expect(types.length, path).toBeGreaterThan(0)
    expect(new Set(types), path).toEqual(new Set([type]))
    const links = await cards(page)
      .locator('h2 a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))
    for (const link of links) expect(link, path).toMatch(href)
  }
  await expectNoAxeViolations(page)
  expect((await page.request.get('/forum/poems')).status()).toBe(404)
})

test('phone width: every tab and page link stays in reach', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/forum/discussions?page=2')
  await expect(tab(page, 'Discussions')).toHaveAttribute('aria-current', 'page')
  for (const name of ['All Posts', 'Discussions', 'Events', 'Stories', 'Polls']) {
    await expect(tab(page, name)).toBeInViewport()
  }
  await shot(page, 'forum-discussions-page-2')
  await expectNoAxeViolations(page)
})

test('every link of the home "My Neighborhood" section answers 200', async ({ page }) => {
  await page.goto('/')
  const section = page.locator('.feeds')
  await expect(section).toBeVisible()
  const hrefs = await section
    .locator('a[href]')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))
  const kinds = new Set<string>()
  for (const href of new Set(hrefs)) {
    const res = await page.request.get(href)
    expect(res.status(), href).toBe(200)
    kinds.add(href.split(/[/?#]/)[1] ?? '')
  }
  // Every kind of card and heading was among them.
  for (const kind of [
    'discussions',
    'stories',
    'neighbourhood',
    'polls',
    'event',
    'neighbourhoods',
    'profile',
  ]) {
    expect([...kinds], kind).toContain(kind)
  }
  // A discussion card opens its discussion.
  const card = section.locator('.feed-discussion h4 a').first()
  const title = (await card.textContent())!.trim()
  await card.click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
})
