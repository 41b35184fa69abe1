import { expect } from '@playwright/test'

import { test } from './answers'

import { neighbourhoodBySlug, reviewsLive, signedInApi } from './helpers'

test('a review written through the REST API appears on an open page without reload', async ({
  page,
  playwright,
  baseURL,
}) => {
  await page.goto('/neighbourhood/hackney-central')
  await reviewsLive(page)
  const before = await page.locator('.rating-summary').textContent()

  const other = await playwright.request.newContext({ baseURL })
  await signedInApi(other, 'olly')
  const n = await neighbourhoodBySlug(other, 'hackney-central')
  const text = `Canal walks at dawn are the best thing here (${Date.now()})`
  const created = await other.post('/api/reviews/new', {
    data: { neighbourhood: n.id, rating: 3, comment: text },
  })
  expect(created.status()).toBe(201)

  await expect(page.getByText(text)).toBeVisible()
  await expect(page.locator('.review').first()).toContainText('olly')
  await expect(page.locator('.rating-summary')).not.toHaveText(before ?? '')
  await other.dispose()
})

test('the creator edits the tagline and open pages show it live', async ({
  page,
  playwright,
  baseURL,
}) => {
  await page.goto('/neighbourhood/peckham')
  // The header and the reviews share the page's one subscription to neighbourhood-{id}.
  await reviewsLive(page)
  await expect(page.locator('.live-neighbourhood')).toHaveAttribute('data-realtime', 'connected')
  const api = await playwright.request.newContext({ baseURL })
  const anon = await neighbourhoodBySlug(api, 'peckham')
  const creator = await api.get(`/api/users/${anon.createdBy}?depth=0`)
  const { userName } = (await creator.json()) as { userName: string }
  await signedInApi(api, userName)
  const tagline = `Rooftop sunsets and Bussey Building gigs (${Date.now()})`
  // The neighbourhood form's command takes every field, this one changed.
  const { name, slug, vibes, latitude, longitude } = anon
  const patched = await api.patch(`/api/neighbourhoods/${anon.id}/details`, {
    data: { name, slug, vibes, latitude, longitude, tagline },
  })
  expect(patched.status()).toBe(200)
  await expect(page.locator('.neighbourhood-header .tagline')).toHaveText(tagline)
  await api.dispose()
})
