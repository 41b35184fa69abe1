import { expect, type Page } from '@playwright/test'

import { test } from './answers'

import { COMPARE_TEXT } from '@/rules/compare'

import { expectNoAxeViolations } from './axe'
import { hydrated, shoot } from './helpers'

/**
 * Compare: two neighbourhoods picked from their cards into the tray, the comparison opened, its
 * address shared into a fresh browser (the same table), the page without JavaScript, and the
 * messages for bad addresses.
 */
const COMPARE_URL = '/compare?n=camden-town,shoreditch'
const TITLE = 'Compare Camden Town and Shoreditch'
/** A URL ending with this path and query. */
const endsWith = (path: string) => new RegExp(`${path.replace(/[?]/g, '\\?')}$`)

/** Presses 'Compare' on the card of `name`, found through the list's search. */
async function pickFromCard(page: Page, search: string, name: string) {
  await page.goto(`/neighbourhoods?search=${encodeURIComponent(search)}`)
  await hydrated(page)
  const toggle = page.getByRole('button', { name: COMPARE_TEXT.toggleLabel(name), exact: true })
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-pressed', 'true')
}

const table = (page: Page) => page.locator('table.compare-table')
const alert = (page: Page) => page.locator('.compare-message [role="alert"]')

test('pick two from their cards, open the comparison, share it into a fresh browser', async ({
  browser,
  page,
}) => {
  await pickFromCard(page, 'Shoreditch', 'Shoreditch')
  const tray = page.getByRole('region', { name: COMPARE_TEXT.tray })
  await expect(tray).toContainText(COMPARE_TEXT.pickOneMore)
  await pickFromCard(page, 'Camden', 'Camden Town')
  // The tray came back from localStorage on the new page, now with both.
  const open = tray.getByRole('link', { name: COMPARE_TEXT.trayLink(2) })
  await expect(open).toHaveAttribute('href', COMPARE_URL)
  await open.click()
  await expect(page).toHaveURL(endsWith(COMPARE_URL))
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible()
  const headers = table(page).locator('thead th[scope="col"]')
  await expect(headers).toHaveText(['Camden Town', 'Shoreditch'])
  for (const row of [
    'Average rating',
    'Reviews',
    'Local spots',
    'Upcoming events',
    'Newest review',
  ]) {
    await expect(table(page).locator('tbody th[scope="row"]', { hasText: row })).toHaveCount(1)
  }
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', TITLE)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', endsWith(COMPARE_URL))
  await expectNoAxeViolations(page)
  await shoot(page, 'compare', { restoreHeight: 800 })
  const shown = await table(page).innerText()

  // Shared: a fresh browser with nothing in its tray sees the same table.
  const fresh = await browser.newContext()
  const other = await fresh.newPage()
  await other.goto(COMPARE_URL)
  await expect(table(other)).toBeVisible()
  expect(await table(other).innerText()).toBe(shown)
  await fresh.close()

  // Taking one out from the tray on a neighbourhood's page.
  await page.goto('/neighbourhood/shoreditch')
  await hydrated(page)
  await page.getByRole('button', { name: COMPARE_TEXT.remove('Shoreditch') }).click()
  await expect(
    page.getByRole('button', { name: COMPARE_TEXT.toggleLabel('Shoreditch'), exact: true }),
  ).toHaveAttribute('aria-pressed', 'false')
  await expect(page.getByRole('region', { name: COMPARE_TEXT.tray })).toContainText(
    COMPARE_TEXT.trayLink(1),
  )
})

test('without JavaScript the comparison renders, and a card starts one', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  // Another order is redirected to the one address.
  await page.goto('/compare?n=shoreditch,camden-town')
  await expect(page).toHaveURL(endsWith(COMPARE_URL))
  await expect(table(page).locator('thead th[scope="col"]')).toHaveText([
    'Camden Town',
    'Shoreditch',
  ])

  // A card's Compare opens the page with that one, which asks for another by name.
  await page.goto('/neighbourhoods?search=Camden')
  await page
    .getByRole('button', { name: COMPARE_TEXT.toggleLabel('Camden Town'), exact: true })
    .click()
  await expect(page).toHaveURL(endsWith('/compare?n=camden-town'))
  await expect(page.getByText(COMPARE_TEXT.pickOneMore)).toBeVisible()
  await page.getByLabel('Add a neighbourhood by name').fill('Shoreditch')
  await page.getByRole('button', { name: 'Add to comparison' }).click()
  await expect(page).toHaveURL(endsWith(COMPARE_URL))
  await expect(table(page)).toBeVisible()
  await context.close()
})

test('bad addresses get a clear message, never an error', async ({ page }) => {
  const unknown = await page.goto('/compare?n=camden-town,nowhere-at-all')
  expect(unknown?.status()).toBe(404)
  await expect(alert(page)).toHaveText(COMPARE_TEXT.unknown(['nowhere-at-all']))
  await expect(page.getByRole('link', { name: 'Camden Town', exact: true })).toBeVisible()
  await expectNoAxeViolations(page)

  const many = Array.from({ length: 100 }, (_, i) => `place-${i}`).join(',')
  const tooMany = await page.goto(`/compare?n=${many}`)
  expect(tooMany?.status()).toBe(400)
  await expect(alert(page)).toHaveText(COMPARE_TEXT.tooMany(100))
  await expect(page.getByRole('link', { name: 'Compare the first 3' })).toHaveAttribute(
    'href',
    '/compare?n=place-0,place-1,place-2',
  )

  const empty = await page.goto('/compare')
  expect(empty?.status()).toBe(200)
  await expect(page.getByText(COMPARE_TEXT.howTo)).toBeVisible()
  await expectNoAxeViolations(page)

  const odd = await page.goto(`/compare?n=${encodeURIComponent('camden-town,<script>,,%')}`)
  expect(odd?.status()).toBe(404)
})
