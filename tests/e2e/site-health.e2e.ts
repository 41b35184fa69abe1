import { expect } from '@playwright/test'

import { test } from './answers'

import { expectNoAxeViolations } from './axe'
import { signInToAdmin } from './helpers'

/** The admins' site health (cms/components/SiteHealthView.tsx): the promises at a glance. */

const LINES = [
  'Pages after a write',
  'Mail to members',
  'Background jobs',
  'Private messages',
  'Errors',
  'Database',
  'Live updates',
  'Memory',
]

test("an admin reaches Site health from the navigation and reads each promise's state", async ({
  page,
}) => {
  test.setTimeout(90_000)
  await signInToAdmin(page, 'amara')
  // The navigation may be folded away (Payload keeps its state per user, and restores it once
  // the page is live, which can fold it again after a first look): open it until the link takes
  // the click, as a person would.
  await expect(async () => {
    const open = page.getByRole('button', { name: 'Open Menu' })
    if (await open.isVisible()) await open.click()
    await page.getByRole('link', { name: 'Site health', exact: true }).click({ timeout: 2_000 })
  }).toPass({ timeout: 30_000 })
  await expect(page).toHaveURL(/\/admin\/site-health$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Site health' })).toBeVisible()
  const lines = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) })
  await expect(lines).toHaveCount(LINES.length)
  for (const [i, title] of LINES.entries()) {
    const line = lines.nth(i)
    await expect(line.getByRole('heading', { level: 2 })).toHaveText(title)
    await expect(line).toContainText(/OK|Needs attention|Cannot tell/)
  }
  // The figures are live: the database answered this read, and this run's requests are counted.
  const database = lines.filter({ hasText: 'Database' })
  await expect(database).toContainText('OK')
  await expect(database).toContainText(/Answering\. \d+ connections? open/)
  await expect(lines.filter({ hasText: 'Errors' })).toContainText(/of [\d,]+ failed/)
  await expect(page.getByText(/Figures read at \d\d:\d\d:\d\d/)).toBeVisible()
  await expectNoAxeViolations(page)
  await page.screenshot({ path: '.tmp/shots/site-health-1280.png', fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.reload()
  await expect(lines.first()).toBeVisible()
  await expectNoAxeViolations(page)
  await page.screenshot({ path: '.tmp/shots/site-health-390.png', fullPage: true })
})

test('an editor has no Site health link, and the view shows them no figures', async ({ page }) => {
  test.setTimeout(90_000)
  await signInToAdmin(page, 'tom')
  await expect(page.getByRole('link', { name: 'Moderation', exact: false }).first()).toBeVisible()
  await expect(page.getByRole('link', { name: 'Site health', exact: true })).toHaveCount(0)
  await page.goto('/admin/site-health')
  await expect(page.getByText("Only admins see the site's health.")).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Database' })).toHaveCount(0)
  await expect(page.getByText(/Figures read at/)).toHaveCount(0)
})
