import { expect, type Page } from '@playwright/test'

import { test } from './answers'

import { expectNoAxeViolations } from './axe'
import { freshUser, neighbourhoodBySlug, signInToAdmin } from './helpers'

test('an admin signs in to /admin on the same origin and sees the collections', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await signInToAdmin(page, 'amara')
  await expect(page.getByRole('link', { name: /Neighbourhoods/ }).first()).toBeVisible()
  // The search index is technical: in an admin's navigation only (a boost is set there).
  await expect(page.getByRole('link', { name: 'Search entries', exact: true })).toBeVisible()
  // The same session cookie works for the public site's /api calls.
  const me = await page.request.get('/api/users/me')
  expect(((await me.json()) as { user: { userName: string } }).user.userName).toBe('amara')
})

test('a member opening the admin is turned back to their profile, told why', async ({ page }) => {
  await page.request.post('/api/users/login', {
    data: { email: 'olly@belong.local', password: 'belong-demo' },
  })
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/profile$/)
  await expect(
    page.getByRole('status').filter({ hasText: 'The admin is for editors' }),
  ).toBeVisible()
  // Nor can they read the admin's documents through it.
  await page.goto('/admin/collections/users')
  await expect(page).toHaveURL(/\/profile$/)
})

test("an editor's admin: Belong's name, the groups, today's figures, no technical rows", async ({
  page,
}) => {
  test.setTimeout(90_000)
  // The admin's sign-in is the site's, with the editor's two-factor code.
  await signInToAdmin(page)
  await expect(page).toHaveTitle(/Belong admin/)
  const today = page.getByRole('region', { name: 'Today on Belong' })
  await expect(today.getByRole('heading', { name: 'Open reports' })).toBeVisible()
  await expect(today.getByRole('link', { name: /^Reviews: \d+$/ })).toBeVisible()
  await expect(page.locator('.app-header__account .belong-avatar')).toHaveAttribute(
    'data-initials',
    'TH',
  )
  for (const group of ['Moderation', 'Community', 'Places', 'People', 'Site'])
    await expect(page.getByRole('heading', { name: group }).first()).toBeVisible()
  // Reactions, RSVPs, poll votes and the search index are written by the site: not in an
  // editor's way.
  await expect(page.getByRole('link', { name: 'Reactions', exact: true })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Search entries', exact: true })).toHaveCount(0)
  await page.screenshot({ path: '.tmp/shots/admin-dashboard-1280.png', fullPage: true })
  // A list an editor can judge from: the text itself, and whether it is hidden.
  await page.goto('/admin/collections/reviews')
  for (const column of ['Comment', 'Rating', 'Neighbourhood', 'Hidden'])
    await expect(page.getByRole('columnheader', { name: column })).toBeVisible()
  await page.screenshot({ path: '.tmp/shots/admin-reviews-1280.png' })
})

const staticHtml = async (page: Page, path: string) =>
  (await page.request.get(path, { headers: { cookie: '' } })).text()

test("an editor's day: since the last visit, a review on its page, a vandalised tagline restored, a story featured", async ({
  page,
}) => {
  test.setTimeout(240_000)
  await signInToAdmin(page)
  await expect(page.getByRole('heading', { name: 'Since your last visit' })).toBeVisible()

  // Search the reviews for a word; 'View on site' opens the review where it is on the site.
  await page.goto('/admin/collections/reviews')
  await page.getByPlaceholder(/Search by/).fill('Peckham')
  await expect(page).toHaveURL(/search=Peckham/)
  const firstRow = page.locator('table tbody tr').first()
  await expect(firstRow).toContainText('Peckham')
  await firstRow.locator('td a').first().click()
  await expect(page).toHaveURL(/\/admin\/collections\/reviews\/\d+/)
  const reviewId = page.url().match(/reviews\/(\d+)/)![1]
  const popup = page.waitForEvent('popup')
  // Said in words on the page, not only in a tooltip or to a screen reader.
  const viewOnSite = page.getByRole('link', { name: 'View on site', exact: true })
  await expect(viewOnSite).toHaveText('View on site')
  await page.screenshot({ path: '.tmp/shots/admin-view-on-site-1280.png' })
  const desktop = page.viewportSize()!
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(viewOnSite).toBeVisible()
  await page.screenshot({ path: '.tmp/shots/admin-view-on-site-390.png' })
  await page.setViewportSize(desktop)
  await viewOnSite.click()
  const site = await popup
  await expect(site).toHaveURL(new RegExp(`/neighbourhood/[a-z0-9-]+#review-${reviewId}$`))
  await site.close()

  // A neighbourhood's tagline is vandalised, then restored from its versions.
  const n = (await (
    await page.request.get('/api/neighbourhoods?where[slug][equals]=dalston&depth=0')
  ).json()) as { docs: { id: number; tagline: string }[] }
  const { id, tagline } = n.docs[0]!
  await page.goto(`/admin/collections/neighbourhoods/${id}`)
  const field = page.getByLabel('Tagline')
  await field.fill('Vandalised by a passer-by')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText(/updated successfully/i).first()).toBeVisible()
  await expect
    .poll(() => staticHtml(page, '/neighbourhood/dalston'), { timeout: 60_000 })
    .toContain('Vandalised by a passer-by')
  await page.goto(`/admin/collections/neighbourhoods/${id}/versions`)
  await expect(page.locator('table tbody tr')).not.toHaveCount(0)
  await page.screenshot({ path: '.tmp/shots/admin-versions-1280.png', fullPage: true })
  // The oldest version is the last row (newest first).
  await page.locator('table tbody tr').last().locator('a').first().click()
  await page
    .getByRole('button', { name: /Restore/ })
    .first()
    .click()
  await page.getByRole('button', { name: 'Confirm' }).click()
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get(`/api/neighbourhoods/${id}`)).json()) as {
            tagline: string
          }
        ).tagline,
    )
    .toBe(tagline)
  await expect
    .poll(() => staticHtml(page, '/neighbourhood/dalston'), { timeout: 60_000 })
    .not.toContain('Vandalised by a passer-by')

  // On the public page the editor is one click from the document.
  await page.goto('/neighbourhood/dalston')
  await expect(page.getByRole('link', { name: 'Edit in admin' })).toHaveAttribute(
    'href',
    `/admin/collections/neighbourhoods/${id}`,
  )
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    await page.screenshot({ path: `.tmp/shots/edit-in-admin-${width}.png` })
  }

  // An older story is featured: it leads the home's Featured Stories.
  const stories = (await (
    await page.request.get(
      '/api/stories?where[isPublic][equals]=true&sort=createdAt&limit=1&depth=0',
    )
  ).json()) as { docs: { id: number; title: string }[] }
  const oldest = stories.docs[0]!
  await page.goto(`/admin/collections/stories/${oldest.id}`)
  await page.getByLabel('Featured').check()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText(/updated successfully/i).first()).toBeVisible()
  await page.screenshot({ path: '.tmp/shots/admin-story-edit-1280.png', fullPage: true })
  await expect
    .poll(
      async () => {
        const html = await staticHtml(page, '/')
        const section = html.slice(html.indexOf('Featured Stories'))
        return section.indexOf(oldest.title)
      },
      { timeout: 60_000 },
    )
    .toBeGreaterThan(-1)
  await page.goto('/')
  const firstFeatured = page
    .getByRole('region', { name: 'Featured Stories' })
    .getByRole('link')
    .filter({ hasText: oldest.title })
  await expect(firstFeatured.first()).toBeVisible()
  await expectNoAxeViolations(page)
  // Leave the home as the other journeys expect it.
  await page.request.patch(`/api/stories/${oldest.id}`, { data: { featured: false } })
})

test('an editor verifies a safety alert from the admin’s queue; the neighbourhood shows it verified', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  const PLACE = 'camden-town'
  const camden = await neighbourhoodBySlug(page.request, PLACE)
  // A member raises it through the command (safety.e2e.ts raises one with the plain form).
  const member = await browser.newContext()
  await freshUser(member.request, 'alerter')
  const title = `Fallen plane tree on Jamestown Road ${Date.now().toString(36)}`
  const raised = await member.request.post('/api/safety-alerts/raise', {
    data: {
      neighbourhood: camden.id,
      category: 'road',
      title,
      body: 'A plane tree is down across the road; buses are diverted.',
      happenedAt: new Date(Date.now() - 30 * 60 * 1000).toISOString(),
    },
  })
  expect(raised.status(), await raised.text()).toBe(201)
  await member.close()
  const onSafetyPage = async (list: RegExp) => {
    await page.goto(`/neighbourhood/${PLACE}/safety`)
    return page.getByRole('region', { name: list }).getByRole('link', { name: title })
  }
  await expect(await onSafetyPage(/^Not yet verified/)).toBeVisible()

  // The dashboard's queue leads to every unverified alert; the editor finds it and verifies it.
  await signInToAdmin(page)
  await page.getByRole('link', { name: 'All unverified alerts' }).click()
  await expect(page).toHaveURL(/\/admin\/collections\/safety-alerts\?/)
  await page.getByPlaceholder(/Search by/).fill(title)
  const row = page.locator('table tbody tr').filter({ hasText: title })
  await expect(page.locator('table tbody tr')).toHaveCount(1)
  await row.getByRole('link', { name: title }).click()
  await expect(page).toHaveURL(/\/admin\/collections\/safety-alerts\/\d+/)
  await page.getByRole('button', { name: 'Verify this alert' }).click()
  await expect(page.getByText('Verified.', { exact: true })).toBeVisible()
  await page.screenshot({ path: '.tmp/shots/admin-alert-verified-1280.png', fullPage: true })

  // On the site: a current alert, no longer waiting; the static neighbourhood page's banner.
  await expect(await onSafetyPage(/^Current alerts/)).toBeVisible()
  await expect(await onSafetyPage(/^Not yet verified/)).toHaveCount(0)
  await expect(async () => {
    await page.goto(`/neighbourhood/${PLACE}`)
    await expect(
      page.getByRole('region', { name: 'Safety alerts' }).getByRole('link', { name: title }),
    ).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 60_000 })
})
