import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'

import { test } from './answers'

import { expectNoAxeViolations } from './axe'
import { neighbourhoodBySlug, signUpForm } from './helpers'

/**
 * The pages readers land on (SPEC §2 Home, All neighbourhoods, Top reviewers), in Chromium against
 * the built site. Only the top-reviewers test writes (its own user and review).
 */

interface Doc {
  name: string
  tagline: string
  vibes: string[]
}

async function apiNeighbourhoods(request: APIRequestContext, query: string) {
  const res = await request.get(`/api/neighbourhoods?${query}&depth=0`)
  expect(res.ok()).toBe(true)
  return (await res.json()) as { docs: Doc[]; totalDocs: number }
}

const cardNames = (scope: Locator) => scope.locator('.card h3').allTextContents()

/** Every card shown has the vibe chip and/or contains the text in its name or tagline. */
async function expectCardsMatch(scope: Locator, { vibe, text }: { vibe?: string; text?: string }) {
  const cards = scope.locator('.card')
  const count = await cards.count()
  expect(count).toBeGreaterThan(0)
  for (let i = 0; i < count; i++) {
    const card = cards.nth(i)
    if (vibe) await expect(card.locator('.chip', { hasText: vibe })).toHaveCount(1)
    if (text) {
      const words = `${await card.locator('h3').textContent()} ${await card.locator('p').first().textContent()}`
      expect(words.toLowerCase()).toContain(text.toLowerCase())
    }
  }
}

const explore = (page: Page) => page.locator('#explore')

test.describe('home', () => {
  test('hero search filters the grid; no result offers Add, Map and suggestions; Clear filters', async ({
    page,
  }) => {
    await page.goto('/')
    await expect(
      page.getByRole('heading', { level: 1, name: 'Find Where You Truly Belong' }),
    ).toBeVisible()
    for (const step of ['Discover', 'Living', 'Decide with Insight', 'Join the Community']) {
      await expect(page.getByRole('heading', { level: 3, name: step, exact: true })).toBeVisible()
    }
    const grid = explore(page).locator('.nb-grid')
    await expect(grid.locator('.card')).toHaveCount(8)
    await expect(explore(page).getByRole('link', { name: /Explore more/ })).toHaveAttribute(
      'href',
      '/neighbourhoods',
    )

    // Enter applies, case-insensitive, name or tagline.
    const search = page.getByRole('searchbox', { name: /Search neighbourhoods/ })
    await search.fill('PARK')
    await expect(page.getByRole('link', { name: 'View on Map' })).toHaveAttribute(
      'href',
      '/map?query=PARK',
    )
    await search.press('Enter')
    const parks = await apiNeighbourhoods(
      page.request,
      'where[or][0][name][like]=park&where[or][1][tagline][like]=park&sort=name&limit=8',
    )
    await expect(grid.locator('.card')).toHaveCount(parks.docs.length)
    expect(await cardNames(grid)).toEqual(parks.docs.map((d) => d.name))
    await expectCardsMatch(grid, { text: 'park' })
    await expect(explore(page).locator('[aria-live]')).toContainText(`of ${parks.totalDocs}`)

    // The search icon button applies too; nothing matches.
    await search.fill('Zzq Nowhere')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(
      explore(page).getByRole('heading', { name: 'No neighbourhoods found' }),
    ).toBeVisible()
    await expect(explore(page).getByRole('link', { name: /Add “Zzq Nowhere”/ })).toHaveAttribute(
      'href',
      '/submit-neighbourhood?name=Zzq%20Nowhere&slug=zzq-nowhere',
    )
    await expect(explore(page).getByRole('link', { name: 'View on Map' })).toHaveAttribute(
      'href',
      '/map?query=Zzq%20Nowhere',
    )
    const suggestions = explore(page).getByRole('region', { name: 'You might be interested in' })
    const newest = await apiNeighbourhoods(page.request, 'sort=-createdAt&limit=4')
    expect(await cardNames(suggestions)).toEqual(newest.docs.map((d) => d.name))

    await explore(page).getByRole('link', { name: 'Clear filters' }).click()
    await expect(grid.locator('.card')).toHaveCount(8)
    await expect(search).toHaveValue('')
    await expect(explore(page).getByRole('button', { name: 'All' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
  })

  test('vibe chips filter the grid and feeds and tags are shown', async ({ page }) => {
    await page.goto('/')
    // The chips work once the grid's island has hydrated (it loads as it nears the view).
    await expect(page.locator('astro-island[ssr]:has(.nb-grid)')).toHaveCount(0)
    const chip = explore(page).getByRole('button', { name: 'Creative', exact: true })
    await chip.click()
    await expect(chip).toHaveAttribute('aria-pressed', 'true')
    await expect(explore(page).getByRole('button', { name: 'All' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
    const creative = await apiNeighbourhoods(
      page.request,
      'where[vibes][contains]=Creative&sort=name&limit=8',
    )
    const grid = explore(page).locator('.nb-grid')
    await expect.poll(() => cardNames(grid)).toEqual(creative.docs.map((d) => d.name))
    await expectCardsMatch(grid, { vibe: 'Creative' })
    await expect(explore(page).getByRole('link', { name: /Explore more/ })).toHaveAttribute(
      'href',
      '/neighbourhoods?vibe=Creative',
    )

    // My Neighborhood: four feeds of at most 2, each card linking to its page, and vibe tags.
    for (const [title, href] of [
      ['Top Discussions', /^\/discussions\/\d+$/],
      ['Featured Stories', /^\/neighbourhood\/[a-z0-9-]+\/stories\/\d+$/],
      ['Polls of the Week', /^\/polls\/\d+$/],
      ['Upcoming Events', /^\/event$/],
    ] as const) {
      const section = page.getByRole('region', { name: title })
      await section.scrollIntoViewIfNeeded()
      const cards = section.locator('.feed-card')
      await expect(cards).toHaveCount(2)
      await expect(cards.first().locator('h4 a')).toHaveAttribute('href', href)
      await expect(cards.first().locator('time').last()).toHaveText(/ago|just now/)
    }
    const tags = page.getByRole('region', { name: 'Vibe Tags' }).getByRole('link')
    expect(await tags.count()).toBeGreaterThan(0)
    expect(await tags.count()).toBeLessThanOrEqual(6)
    await expect(tags.first()).toHaveAttribute('href', /^\/neighbourhoods\?vibe=/)
    await expectNoAxeViolations(page)
  })
})

test.describe('/neighbourhoods', () => {
  test('?vibe=Calm preselects; All removes it; search combines with the vibe', async ({ page }) => {
    await page.goto('/neighbourhoods?vibe=Calm')
    const calm = page.getByRole('button', { name: 'Calm', exact: true })
    await expect(calm).toHaveAttribute('aria-pressed', 'true')
    const calmDocs = await apiNeighbourhoods(
      page.request,
      'where[vibes][contains]=Calm&sort=-createdAt&limit=8',
    )
    const grid = page.locator('.nb-grid')
    await expect.poll(() => cardNames(grid)).toEqual(calmDocs.docs.map((d) => d.name))
    await expect(page.locator('.nb-status')).toHaveText(
      `Showing 8 of ${calmDocs.totalDocs} neighbourhoods`,
    )

    const search = page.getByRole('searchbox', { name: /Search neighbourhoods/ })
    await search.fill('park')
    await search.press('Enter')
    await expect(page).toHaveURL(/\?vibe=Calm&search=park$/)
    const both = await apiNeighbourhoods(
      page.request,
      'where[and][0][or][0][name][like]=park&where[and][0][or][1][tagline][like]=park&where[and][1][vibes][contains]=Calm&sort=-createdAt&limit=8',
    )
    await expect.poll(() => cardNames(grid)).toEqual(both.docs.map((d) => d.name))
    await expectCardsMatch(grid, { vibe: 'Calm', text: 'park' })

    await page.getByRole('button', { name: 'All', exact: true }).click()
    await expect(page).toHaveURL(/\/neighbourhoods\?search=park$/)
    await search.fill('')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(page).toHaveURL(/\/neighbourhoods$/)
    const all = await apiNeighbourhoods(page.request, 'sort=-createdAt&limit=8')
    await expect.poll(() => cardNames(grid)).toEqual(all.docs.map((d) => d.name))
    await expect(page.getByRole('link', { name: 'Add Your Neighbourhood' })).toHaveAttribute(
      'href',
      '/submit-neighbourhood',
    )
    await expectNoAxeViolations(page)
  })

  test('Show more loads 8 more, newest first, and disappears at the end', async ({ page }) => {
    await page.goto('/neighbourhoods')
    const grid = page.locator('.nb-grid')
    await expect(grid.locator('.card')).toHaveCount(8)
    // The button works once its island has hydrated (it may wait for idle time or visibility).
    await expect(page.locator('astro-island[ssr]:has(.nb-grid)')).toHaveCount(0)
    const more = page.getByRole('link', { name: 'Show more neighbourhoods' })
    await more.click()
    await expect(grid.locator('.card')).toHaveCount(16)
    const sixteen = await apiNeighbourhoods(page.request, 'sort=-createdAt&limit=16')
    expect(await cardNames(grid)).toEqual(sixteen.docs.map((d) => d.name))
    // Focus moves to the first new card for keyboard users.
    await expect(grid.locator('.card-link').nth(8)).toBeFocused()

    await page.getByRole('button', { name: 'Diverse', exact: true }).click()
    const diverse = await apiNeighbourhoods(page.request, 'where[vibes][contains]=Diverse&limit=1')
    await expect(grid.locator('.card')).toHaveCount(Math.min(8, diverse.totalDocs))
    while (await more.isVisible()) {
      const before = await grid.locator('.card').count()
      await more.click()
      await expect(grid.locator('.card')).not.toHaveCount(before)
    }
    await expect(grid.locator('.card')).toHaveCount(diverse.totalDocs)
    await expect(page.locator('.nb-status')).toHaveText(
      `Showing ${diverse.totalDocs} of ${diverse.totalDocs} neighbourhoods`,
    )
  })

  test('no match shows the active filters with Clear, Map and Add', async ({ page }) => {
    await page.goto('/neighbourhoods?vibe=Family-Friendly')
    await expect(page.getByRole('button', { name: 'Family-Friendly' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    const search = page.getByRole('searchbox', { name: /Search neighbourhoods/ })
    await search.fill('Qwxy Town')
    await search.press('Enter')
    const empty = page.locator('.nb-empty')
    await expect(
      empty.getByRole('heading', { name: 'No neighbourhoods match your filters' }),
    ).toBeVisible()
    await expect(empty).toContainText('Search: “Qwxy Town”')
    await expect(empty).toContainText('Vibe: Family-Friendly')
    await expect(page.locator('.nb-status')).toHaveText('No neighbourhoods match your filters')
    await expect(empty.getByRole('link', { name: 'View on Map' })).toHaveAttribute(
      'href',
      '/map?query=Qwxy%20Town',
    )
    await expect(empty.getByRole('link', { name: /Add “Qwxy Town”/ })).toHaveAttribute(
      'href',
      '/submit-neighbourhood?name=Qwxy%20Town&slug=qwxy-town',
    )
    await expectNoAxeViolations(page)
    await empty.getByRole('link', { name: 'Clear filters' }).click()
    await expect(page).toHaveURL(/\/neighbourhoods$/)
    await expect(page.locator('.nb-grid .card')).toHaveCount(8)
    await expect(search).toHaveValue('')
  })
})

test('/top-reviewers shows what the API answers, with medals for the top three, and counts a new review', async ({
  page,
  playwright,
  baseURL,
}) => {
  const ranking = async () =>
    (
      (await (await page.request.get('/api/top-reviewers')).json()) as {
        reviewers: { userName: string; reviewCount: number; reactionCount: number }[]
      }
    ).reviewers

  const expected = await ranking()
  expect(expected.length).toBeGreaterThan(3)
  await page.goto('/top-reviewers')
  const rows = page.locator('.ranking > li')
  await expect(rows).toHaveCount(expected.length)
  for (const [i, r] of expected.entries()) {
    const row = rows.nth(i)
    await expect(row.getByRole('link')).toHaveAttribute('href', `/profile/${r.userName}`)
    await expect(row).toContainText(`@${r.userName}`)
    await expect(row).toContainText(`${r.reviewCount} review`)
    await expect(row).toContainText(`${r.reactionCount} reaction`)
  }
  for (const [i, label] of [
    'Gold medal, 1st place',
    'Silver medal, 2nd place',
    'Bronze medal, 3rd place',
  ].entries()) {
    await expect(rows.nth(i).getByRole('img', { name: label })).toBeVisible()
  }
  await expect(rows.nth(3).locator('.medal')).toHaveCount(0)
  await expectNoAxeViolations(page)

  // A new reviewer appears after their first review (fresh user: the seeded data stays as it was).
  const api = await playwright.request.newContext({ baseURL })
  const userName = `rank${Date.now().toString(36)}`
  const email = `${userName}@discovery.test`
  expect(
    (
      await api.post('/api/users', {
        data: { email, password: 'rank-e2e-pass', userName, ...(await signUpForm(api)) },
      })
    ).status(),
  ).toBe(201)
  expect(
    (await api.post('/api/users/login', { data: { email, password: 'rank-e2e-pass' } })).status(),
  ).toBe(200)
  const n = await neighbourhoodBySlug(api, 'kew')
  const review = await api.post('/api/reviews/new', {
    data: { neighbourhood: n.id, rating: 4, comment: 'Quiet streets and the gardens next door.' },
  })
  expect(review.status(), await review.text()).toBe(201)
  // The page is rewritten after the review (no script reads the ranking again).
  const mine = rows.filter({ hasText: `@${userName}` })
  await expect(async () => {
    await page.reload()
    await expect(mine).toContainText('1 review', { timeout: 1000 })
  }).toPass()
  await expect(mine.getByRole('link')).toHaveAttribute('href', `/profile/${userName}`)
  await api.dispose()
})

test('without JavaScript the pages still show their cards and links', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/')
  await expect(page.locator('#explore .card-link')).toHaveCount(8)
  await expect(page.locator('#explore .card-link').first()).toHaveAttribute(
    'href',
    /^\/neighbourhood\/[a-z0-9-]+$/,
  )
  await expect(page.locator('.feed-card h4 a')).toHaveCount(8)
  await expect(
    page.getByRole('region', { name: 'Vibe Tags' }).getByRole('link').first(),
  ).toBeVisible()
  // The feeds show dates until a script can keep relative labels fresh.
  await expect(page.locator('.feed-footer time').first()).toHaveAttribute('datetime', /^\d{4}-/)

  await page.goto('/neighbourhoods')
  await expect(page.locator('.card-link')).toHaveCount(8)
  await expect(page.getByRole('link', { name: 'Add Your Neighbourhood' })).toBeVisible()

  await page.goto('/top-reviewers')
  expect(await page.locator('.ranking > li').count()).toBeGreaterThan(3)
  await context.close()
})

test('without JavaScript the server answers the list’s search, vibe chips, Show more and Clear', async ({
  browser,
  page,
}) => {
  // The static file holds the newest 8 unfiltered; a filter or pager is rendered on demand.
  const render = async (path: string) =>
    (await page.request.get(path, { maxRedirects: 0 })).headers()['x-belong-render']
  expect(await render('/neighbourhoods')).toBe('static')
  expect(await render('/neighbourhoods?utm_source=mail')).toBe('static')
  expect(await render('/neighbourhoods?vibe=Calm')).toBe('on-demand')

  const noScript = await browser.newContext({ javaScriptEnabled: false })
  const p = await noScript.newPage()
  const grid = p.locator('.nb-grid')
  await p.goto('/neighbourhoods')
  await p.getByRole('searchbox', { name: 'Search neighbourhoods by name or tagline' }).fill('park')
  await p
    .getByRole('searchbox', { name: 'Search neighbourhoods by name or tagline' })
    .press('Enter')
  await expect(p).toHaveURL(/\/neighbourhoods\?search=park$/)
  await expectCardsMatch(grid, { text: 'park' })

  // A vibe chip keeps the search and adds the vibe (a GET form of submit buttons).
  await p.getByRole('button', { name: 'Calm', exact: true }).click()
  await expect(p).toHaveURL(/\/neighbourhoods\?vibe=Calm&search=park$/)
  await expect(p.getByRole('button', { name: 'Calm', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(p.getByRole('searchbox', { name: /Search neighbourhoods/ })).toHaveValue('park')
  const calmPark = await apiNeighbourhoods(
    page.request,
    'where[and][0][vibes][contains]=Calm&where[and][1][or][0][name][like]=park&where[and][1][or][1][tagline][like]=park&sort=-createdAt&limit=8',
  )
  expect(await cardNames(grid)).toEqual(calmPark.docs.map((d) => d.name))

  // 'All' goes back to the canonical address (the vibe parameter removed, SPEC §2).
  await p.getByRole('button', { name: 'All', exact: true }).click()
  await expect(p).toHaveURL(/\/neighbourhoods\?search=park$/)

  // Show more is a link to the longer list, newest first.
  await p.goto('/neighbourhoods')
  await p.getByRole('link', { name: 'Show more neighbourhoods' }).click()
  await expect(p).toHaveURL(/\/neighbourhoods\?pages=2$/)
  const sixteen = await apiNeighbourhoods(page.request, 'sort=-createdAt&limit=16')
  expect(await cardNames(grid)).toEqual(sixteen.docs.map((d) => d.name))

  // No match: the empty state, and Clear filters is a link back to the whole list.
  await p.goto('/neighbourhoods?search=Qwxy+Town&vibe=Diverse')
  const empty = p.locator('.nb-empty')
  await expect(
    empty.getByRole('heading', { name: 'No neighbourhoods match your filters' }),
  ).toBeVisible()
  await expect(empty).toContainText('Search: “Qwxy Town”')
  await empty.getByRole('link', { name: 'Clear filters' }).click()
  await expect(p).toHaveURL(/\/neighbourhoods$/)
  await expect(grid.locator('.card')).toHaveCount(8)
  await noScript.close()
})

test('the search boxes work before their islands: Enter is a GET the list then applies', async ({
  browser,
  page,
}) => {
  const noScript = await browser.newContext({ javaScriptEnabled: false })
  const early = await noScript.newPage()
  for (const start of ['/', '/neighbourhoods']) {
    await early.goto(start)
    const box = early.getByRole('searchbox', { name: 'Search neighbourhoods by name or tagline' })
    await box.first().fill('Brixton')
    await box.first().press('Enter')
    await expect(early).toHaveURL(/\/neighbourhoods\?search=Brixton$/)
  }
  await noScript.close()
  // The address it lands on is the filtered list once the page runs.
  await page.goto('/neighbourhoods?search=Brixton')
  await expect(page.locator('.card-link[href="/neighbourhood/brixton"]')).toBeVisible()
  // Every card shown matches (name or tagline), which the unfiltered first page does not.
  await expect
    .poll(async () =>
      (await page.locator('.card-link').allTextContents()).every((t) => /brixton/i.test(t)),
    )
    .toBe(true)
})
