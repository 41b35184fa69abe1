import { expect } from '@playwright/test'

import { test } from './answers'

import { DEFAULT_SEED, buildSeedData } from '@/seed/index'

import { expectNoAxeViolations } from './axe'
import { shoot } from './helpers'

/**
 * Population where people decide: the demo's neighbourhoods carry their Census 2021 figures from
 * the site's own service (the seed asks it whatever POPULATION_URL says), the neighbourhood page
 * says how many people live within 400 m, Compare shows population and density side by side, and
 * the About page credits the data.
 */
const SOURCE = 'ONS Census 2021 (LSOA, area-weighted)'

test('every demo neighbourhood has its census population', async ({ request }) => {
  const answer = await request.get('/api/neighbourhoods?limit=200&depth=0&sort=name')
  const { docs } = (await answer.json()) as {
    docs: { slug: string; populationEstimate?: number | null; populationSource?: string | null }[]
  }
  for (const { slug } of buildSeedData(DEFAULT_SEED).neighbourhoods) {
    const doc = docs.find((d) => d.slug === slug)
    expect(doc, slug).toBeDefined()
    expect(doc!.populationSource, slug).toBe(SOURCE)
    expect(doc!.populationEstimate, slug).toBeGreaterThan(0)
  }
})

test("a neighbourhood's page says how many people live within 400 m", async ({ page }) => {
  await page.goto('/neighbourhood/shoreditch')
  // 8,424 residents in the 800 m square around Shoreditch's point (checked by hand against the
  // census's LSOAs), said to the hundred.
  await expect(
    page.getByText('About 8,400 people live within 400 m (Census 2021)', { exact: true }),
  ).toBeVisible()
  const note = page.locator('.population-note')
  await expect(note).toContainText('About 13,200 people per km²')
  await expect(note).toContainText(`Source: ${SOURCE}`)
  await expectNoAxeViolations(page)
  await shoot(page, 'population-neighbourhood', { restoreHeight: 800 })

  await note.getByRole('link', { name: 'About the data' }).click()
  await expect(page.getByRole('heading', { name: 'Data sources' })).toBeVisible()
  await expect(
    page.getByText(
      'Source: Office for National Statistics licensed under the Open Government Licence v.3.0. Contains OS data © Crown copyright and database right 2022.',
    ),
  ).toBeVisible()
})

test('Compare shows population and people per km² side by side', async ({ page }) => {
  await page.goto('/compare?n=brixton,shoreditch')
  const table = page.locator('table.compare-table')
  await expect(table.locator('thead th[scope="col"]')).toHaveText(['Brixton', 'Shoreditch'])
  const row = (name: string) =>
    table.locator('tbody tr').filter({ has: page.locator('th[scope="row"]', { hasText: name }) })
  await expect(row('Population within 400 m').locator('td')).toHaveText([
    'About 8,500 (Census 2021)',
    'About 8,400 (Census 2021)',
  ])
  await expect(row('People per km²').locator('td')).toHaveText(['About 13,400', 'About 13,200'])
  await expectNoAxeViolations(page)
  await shoot(page, 'population-compare', { restoreHeight: 800 })
})
