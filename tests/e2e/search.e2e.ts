import { expect } from '@playwright/test'

import { test } from './answers'

import { expectNoAxeViolations } from './axe'
import { shoot } from './helpers'

/**
 * Site search: from the header of a neighbourhood page with a typo, to the result; the tabs per
 * kind; the suggestions as a combobox (keyboard, axe with the list open); the same search with
 * JavaScript off. Reads the demo seed only.
 */

const RESULT = 'a[href="/neighbourhood/shoreditch"]'

test('a typo in the header finds Shoreditch, and the tabs filter by kind', async ({ page }) => {
  await page.goto('/neighbourhood/brixton')
  const box = page.getByRole('combobox', { name: 'Search Belong' })
  await box.fill('shordich')
  await box.press('Enter')
  await expect(page).toHaveURL(/\/search\?q=shordich$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible()
  const results = page.locator('.search-results')
  await expect(results.locator(RESULT).first()).toBeVisible()
  await expect(results.locator('mark').first()).toBeVisible()
  await shoot(page, 'search-results', { restoreHeight: 800 })

  // Tabs: 'All' first with the total, then one per kind with its count.
  const tabs = page.getByRole('navigation', { name: 'Result types' })
  await expect(tabs.getByRole('link', { name: /^All \d+$/ })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await page.goto('/search?q=festival')
  await page
    .getByRole('navigation', { name: 'Result types' })
    .getByRole('link', { name: /^Stories \d+$/ })
    .click()
  await expect(page).toHaveURL(/type=story/)
  const kinds = await page.locator('.search-kind').allTextContents()
  expect(kinds.length).toBeGreaterThan(0)
  expect(new Set(kinds)).toEqual(new Set(['Story']))

  await page.goto('/search?q=shordich')
  await results.locator(RESULT).first().click()
  await expect(page).toHaveURL(/\/neighbourhood\/shoreditch$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Shoreditch' })).toBeVisible()
})

test('suggestions as one types: a combobox the keyboard drives', async ({ page }) => {
  await page.goto('/search?q=brunch')
  const box = page.getByRole('combobox', { name: 'Search Belong' })
  await box.click()
  await box.pressSequentially('shordi', { delay: 40 })
  const list = page.getByRole('listbox', { name: 'Suggestions' })
  await expect(list).toBeVisible()
  await expect(box).toHaveAttribute('aria-expanded', 'true')
  await expect(list.getByRole('option').first()).toContainText('Shoreditch')
  // The screenshots resize the page (the box loses focus): type again afterwards.
  await shoot(page, 'search-suggestions', { widths: [390, 1280], restoreHeight: 800 })
  await box.fill('')
  await box.pressSequentially('shordi', { delay: 40 })
  await expect(list.getByRole('option').first()).toContainText('Shoreditch')
  await box.press('ArrowDown')
  await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true')
  await expect(box).toHaveAttribute('aria-activedescendant', 'site-search-option-0')
  await expectNoAxeViolations(page)
  await box.press('Escape')
  await expect(list).toBeHidden()
  await box.press('ArrowDown')
  await box.press('Enter')
  await expect(page).toHaveURL(/\/neighbourhood\/shoreditch/)
})

test('nothing found: the closest names and a link to add one', async ({ page }) => {
  await page.goto('/search?q=wlthmstw')
  await expect(page.getByRole('heading', { name: 'No results for “wlthmstw”' })).toBeVisible()
  await expect(
    page.getByRole('link', { name: /Add “wlthmstw” as a neighbourhood/ }),
  ).toHaveAttribute('href', /\/submit-neighbourhood\?name=wlthmstw/)
  await expectNoAxeViolations(page)
})

test('the same search works with JavaScript off', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/neighbourhood/brixton')
  const box = page.getByRole('combobox', { name: 'Search Belong' })
  await box.fill('shordich')
  await box.press('Enter')
  await expect(page).toHaveURL(/\/search\?q=shordich$/)
  await expect(page.locator('.search-results').locator(RESULT).first()).toBeVisible()
  await page.getByRole('link', { name: /^Neighbourhoods \d+$/ }).click()
  await expect(page).toHaveURL(/type=neighbourhood/)
  await shoot(page, 'search-no-js')
  await context.close()
})
