import { expect } from '@playwright/test'

import { test } from './answers'

test('home lists the seeded neighbourhoods inside the shared shell', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Find Where You Truly Belong' })).toBeVisible()
  await expect(page.locator('main a[href^="/neighbourhood/"]').first()).toBeVisible()

  await page.getByLabel('Menu').click()
  const menu = page.getByRole('navigation', { name: 'Main' })
  for (const [name, href] of [
    ['Home', '/'],
    ['Neighbourhoods', '/neighbourhoods'],
    ['Forum', '/forum'],
    ['Top reviewers', '/top-reviewers'],
    ['About', '/about'],
  ]) {
    await expect(menu.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
  }
  const footer = page.locator('footer')
  await expect(footer).toContainText(
    'Find a place to live based on real vibes, reviews and short stays.',
  )
  for (const href of ['/about', '/contact', '/terms', '/privacy']) {
    await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1)
  }
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login')
})

test('a card leads to the prerendered neighbourhood page with its reviews', async ({ page }) => {
  await page.goto('/')
  await page
    .getByRole('link', { name: /Brixton/ })
    .first()
    .click()
  await expect(page).toHaveURL(/\/neighbourhood\/brixton$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Brixton' })).toBeVisible()
  await expect(page.locator('.rating-summary')).toContainText(/\d\.\d/)
  await expect(page.locator('.review').first()).toBeVisible()
  const response = await page.request.get('/neighbourhood/brixton')
  expect(response.headers()['x-belong-render']).toBe('static')
})

test('an unknown neighbourhood offers ways on, with a 404 status', async ({ page }) => {
  const response = await page.goto('/neighbourhood/atlantis')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: /We couldn't find/ })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Browse all' })).toHaveAttribute(
    'href',
    '/neighbourhoods',
  )
  await expect(page.getByRole('link', { name: /Add Atlantis/ })).toHaveAttribute(
    'href',
    '/submit-neighbourhood?name=Atlantis&slug=atlantis',
  )
})

test('keyboard users can skip to the content', async ({ page }) => {
  await page.goto('/')
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to content' })
  await expect(skip).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/#main$/)
})

test('health check reports database and realtime ready', async ({ request }) => {
  const res = await request.get('/healthz')
  expect(res.status()).toBe(200)
  expect(await res.json()).toEqual({ ok: true, database: true, realtime: true })
})

test('static pages, which ship no JavaScript, link to the account page instead', async ({
  page,
}) => {
  await page.goto('/about')
  await expect(page.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/profile')
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0)
})
