import { expect, type Page } from '@playwright/test'

import { test } from './answers'

import { expectNoAxeViolations } from './axe'
import { neighbourhoodBySlug, openPerson, WAITING_ISLANDS } from './helpers'

/**
 * An event called off from its edit form: the card says Cancelled, and whoever said they were
 * going hears of it in their bell. Highgate's events, which no other e2e file touches.
 */
const SLUG = 'highgate'
const PAGE = `/neighbourhood/${SLUG}/events`

async function openLive(page: Page) {
  await page.goto(PAGE)
  await expect(page.locator(WAITING_ISLANDS)).toHaveCount(0)
  await expect(page.locator('section.events')).toHaveAttribute('data-live', 'subscribed')
}

test('the author cancels an event; the card says so and those going are told', async ({
  browser,
}) => {
  const host = await openPerson(browser, 'host')
  const guest = await openPerson(browser, 'guest')
  const title = `Lantern walk ${Date.now().toString(36)}`
  const place = await neighbourhoodBySlug(host.page.request, SLUG)
  const created = await host.page.request.post('/api/events/new', {
    data: {
      title,
      description: 'Meet at the gate.',
      eventDate: new Date(Date.now() + 20 * 3600_000).toISOString(),
      location: 'The common',
      neighbourhood: place.id,
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { id } = ((await created.json()) as { doc: { id: number } }).doc
  const going = await guest.page.request.post(`/api/events/${id}/rsvp`, {
    data: { status: 'attending' },
  })
  expect(going.status()).toBe(200)

  await openLive(host.page)
  const card = host.page
    .locator('article.event-card')
    .filter({ has: host.page.getByRole('heading', { name: title }) })
  await card.getByRole('link', { name: /^Edit/ }).click()
  const form = host.page.locator('form#event-form')
  await form.getByLabel('Cancelled (those going are told)').check()
  await form.getByRole('button', { name: 'Update Event' }).click()
  await expect(card.getByText('Cancelled', { exact: true })).toBeVisible()
  await expectNoAxeViolations(host.page)
  for (const width of [390, 1280]) {
    await host.page.setViewportSize({ width, height: width < 600 ? 844 : 800 })
    await card.scrollIntoViewIfNeeded()
    await host.page.screenshot({ path: `.tmp/shots/event-cancelled-${width}.png` })
  }

  const { page } = guest
  await page.goto(PAGE)
  await expect(page.locator(WAITING_ISLANDS)).toHaveCount(0)
  await page.getByRole('button', { name: /^Notifications/ }).click()
  const panel = page.getByRole('dialog', { name: 'Notifications' })
  await expect(panel.getByRole('listitem').first()).toContainText(
    new RegExp(`"${title}" on .* has been cancelled\\.`),
  )
  await host.page.context().close()
  await guest.page.context().close()
})
