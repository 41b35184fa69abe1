import fs from 'node:fs'

import { expect, type Page } from '@playwright/test'

import { test } from './answers'
import sharp from 'sharp'

import { freshUser, shoot } from './helpers'

/**
 * Lost and found in Chromium against the built server, without JavaScript: a
 * member posts a lost cat with a photo from the neighbourhood's list, sees the place rounded to
 * about 100 m on the post's page, and marks it reunited; the list keeps it, marked reunited.
 */
const HOME = { latitude: 51.539, longitude: -0.1426 }

test('post without JavaScript with a photo, see the rounded place, mark reunited', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  fs.mkdirSync('.tmp/shots', { recursive: true })
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await freshUser(page.request, 'lfposter')
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const made = await page.request.post('/api/neighbourhoods/new', {
    data: {
      name: `Lostby ${suffix}`,
      slug: `lostby-${suffix}`,
      tagline: 'Test',
      vibes: ['Calm'],
      ...HOME,
    },
  })
  expect(made.status(), await made.text()).toBe(201)
  const { doc: place } = (await made.json()) as { doc: { slug: string } }

  await page.goto(`/neighbourhood/${place.slug}/lost-found`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Lost and found in Lostby/)
  await expect(page.getByText('Nothing here yet.')).toBeVisible()
  await page.getByText('Post something lost or found').click()
  // Without JavaScript the place is typed; the fields start at the neighbourhood's point.
  await expect(page.getByLabel('Latitude')).toHaveValue(String(HOME.latitude))
  await page.getByLabel('Lost', { exact: true }).check()
  await page.getByLabel('What is it?').selectOption('pet')
  await page.getByLabel('Title').fill('Grey cat with white paws')
  await page.getByLabel('Description (optional)').fill('Answers to Moss. Shy, please do not chase.')
  await page.getByLabel('Latitude').fill('51.5412')
  await page.getByLabel('Longitude').fill('-0.1449')
  const photo = await sharp({
    create: { width: 640, height: 400, channels: 3, background: '#8a8f99' },
  })
    .jpeg()
    .toBuffer()
  await page
    .getByLabel(/^Photos/)
    .setInputFiles({ name: 'moss.jpg', mimeType: 'image/jpeg', buffer: photo })
  await page.getByRole('button', { name: 'Post', exact: true }).click()

  await expect(page).toHaveURL(/\/lost-found\/\d+$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grey cat with white paws')
  // Stored and shown rounded: 51.5412 → 51.541, -0.1449 → -0.1455 (steps of about 100 m).
  await expect(page.getByTestId('rough-place')).toHaveText(
    'About here (to within 100 m): 51.5410, -0.1455',
  )
  await expect(page.locator('.lf-photos img')).toHaveCount(1)
  await expect(page.getByText('Answers to Moss.')).toBeVisible()
  await shoot(page, 'lost-found-post')
  await page.emulateMedia({ colorScheme: 'dark' })
  await shoot(page, 'lost-found-post-dark')
  await page.emulateMedia({ colorScheme: 'light' })

  // The neighbourhood's tabs count the open post (its static page is rewritten after the write).
  const tab = page.getByRole('link', { name: /^Lost and found/ })
  await expect(async () => {
    await page.goto(`/neighbourhood/${place.slug}`)
    await expect(tab.locator('.sub-page-count')).toHaveText('(1)', { timeout: 1_000 })
  }).toPass()
  await page.goBack()

  await page.getByRole('button', { name: 'Mark reunited' }).click()
  await expect(page.locator('.lf-tags').getByText('Reunited')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Mark reunited' })).toHaveCount(0)

  await page.goto(`/neighbourhood/${place.slug}/lost-found`)
  const card = page.locator('.lf-card').filter({ hasText: 'Grey cat with white paws' })
  await expect(card.getByText('Reunited')).toBeVisible()
  await page.goto(`/neighbourhood/${place.slug}/lost-found?open=1`)
  await expect(page.getByText('Nothing here yet.')).toBeVisible()
  await page.goto(`/neighbourhood/${place.slug}/lost-found`)
  await shoot(page, 'lost-found-list')
  await page.emulateMedia({ colorScheme: 'dark' })
  await shoot(page, 'lost-found-list-dark')
  await context.close()
})

/** Tiles never reach the network: refused, so the map is drawn without them. */
async function offlineTiles(page: Page) {
  await page.route(/\/\d+\/\d+\/\d+\.png(\?.*)?$/, (route) => route.abort('internetdisconnected'))
}

test('the map page shows open posts as a layer the visitor turns on', async ({ browser }) => {
  test.setTimeout(120_000)
  fs.mkdirSync('.tmp/shots', { recursive: true })
  const context = await browser.newContext()
  const page = await context.newPage()
  await freshUser(page.request, 'lfpinner')
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const made = await page.request.post('/api/neighbourhoods/new', {
    data: {
      name: `Pinby ${suffix}`,
      slug: `pinby-${suffix}`,
      tagline: 'Test',
      vibes: ['Calm'],
      ...HOME,
    },
  })
  const { doc: place } = (await made.json()) as { doc: { id: number } }
  const posted = await page.request.post('/api/lost-found-posts/post', {
    data: {
      neighbourhood: place.id,
      kind: 'found',
      what: 'keys',
      title: 'Keys on a red fob',
      seenAt: new Date(Date.now() - 3_600_000).toISOString(),
      latitude: HOME.latitude + 0.002,
      longitude: HOME.longitude + 0.003,
    },
  })
  expect(posted.status(), await posted.text()).toBe(201)

  await offlineTiles(page)
  await page.goto('/map')
  await expect(
    page.getByRole('status').filter({ hasText: /^Showing \d+ neighbourhood/ }),
  ).toBeVisible()
  await expect(page.locator('path.map-pin')).toHaveCount(0)
  await page.getByLabel('Lost and found').check()
  await expect(page.locator('path.map-pin-found').first()).toBeAttached()
  await shoot(page, 'lost-found-map')
  await page.emulateMedia({ colorScheme: 'dark' })
  await shoot(page, 'lost-found-map-dark')
  await page.getByLabel('Lost and found').uncheck()
  await expect(page.locator('path.map-pin')).toHaveCount(0)
  await context.close()
})
