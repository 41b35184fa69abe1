import { expect, test } from '@playwright/test'

import { expectNoAxeViolations } from './axe'
import { signInToAdmin } from './helpers'

/** The admins' site health (cms/components/SiteHealthView.tsx): the promises at a glance. */

const LINES = [
  'Pages after a write',
  'Mail to members',
  'Background jobs',
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
  // The navigation may start folded away (Payload keeps its state per user): open it.
  const toggle = page.getByRole('button', { name: /^(Open|Close) Menu$/ })
  await expect(toggle).toBeVisible()
  if ((await toggle.getAttribute('aria-label')) === 'Open Menu') await toggle.click()
  await page.getByRole('link', { name: 'Site health', exact: true }).click()
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
