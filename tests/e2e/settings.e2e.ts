import fs from 'node:fs'

import { expect, type Page } from '@playwright/test'

import { test } from './answers'

import { expectNoAxeViolations } from './axe'
import { FRESH_PASSWORD, freshUser, shoot } from './helpers'

/**
 * Profile → Settings: reached from the avatar menu; notification choices saved with and without
 * JavaScript; Download my data; Delete my account.
 */
const saved = 'Your notification settings are saved.'

/** The one-time message the next page shows (src/layouts/Shell.astro). */
const flash = (page: Page, text: string) => page.locator('p.flash', { hasText: text })

const choice = (page: Page, group: string, label: string) =>
  page.getByRole('group', { name: group }).getByLabel(label, { exact: true })

test('Settings opens from the avatar menu; a choice is saved; the page passes axe', async ({
  browser,
}) => {
  const context = await browser.newContext()
  const { userName, email } = await freshUser(context.request, 'settler')
  const page = await context.newPage()
  await page.goto('/forum')
  await page.getByRole('button', { name: `Account menu for ${userName}` }).click()
  await page.getByRole('link', { name: 'Settings' }).click()
  await expect(page).toHaveURL(/\/profile\/settings$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
  // A fresh sign-up has not confirmed its address yet.
  await expect(
    page.getByText(`E-mails go to confirmed addresses only. Confirm ${email} first.`),
  ).toBeVisible()
  await expectNoAxeViolations(page)

  await expect(choice(page, 'Replies to my comments', 'In the bell and by e-mail')).toBeChecked()
  await choice(page, 'Replies to my comments', 'Off').check()
  await choice(page, 'Votes on my polls', 'In the bell and by e-mail').check()
  await page.getByRole('button', { name: 'Save my notification settings' }).click()
  await expect(flash(page, saved)).toBeVisible()
  await page.reload()
  await expect(choice(page, 'Replies to my comments', 'Off')).toBeChecked()
  await expect(choice(page, 'Votes on my polls', 'In the bell and by e-mail')).toBeChecked()
  await shoot(page, 'settings', { restoreHeight: 800 })

  // The own profile links here too.
  await page.goto('/profile')
  await expect(page.getByRole('link', { name: 'Settings', exact: true }).first()).toHaveAttribute(
    'href',
    '/profile/settings',
  )
  await context.close()
})

test('without JavaScript the choices save and a wrong password deletes nothing', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  await freshUser(context.request, 'nojsset')
  const page = await context.newPage()
  await page.goto('/profile/settings')
  await choice(page, 'E-mails', 'A daily digest').check()
  await page.getByLabel('The weekly digest of my neighbourhoods').uncheck()
  await page.getByRole('button', { name: 'Save my notification settings' }).click()
  await expect(page).toHaveURL(/\/profile\/settings$/)
  await expect(flash(page, saved)).toBeVisible()
  await expect(choice(page, 'E-mails', 'A daily digest')).toBeChecked()
  await expect(page.getByLabel('The weekly digest of my neighbourhoods')).not.toBeChecked()

  await page.getByLabel('Your current password').fill('not my password')
  await page.getByRole('button', { name: 'Delete my account' }).click()
  await expect(page.getByRole('alert')).toHaveText('That password is not right.')
  const me = await context.request.get('/api/users/me')
  expect(((await me.json()) as { user: unknown }).user).not.toBeNull()
  await context.close()
})

test('Download my data gives a JSON file of the own account', async ({ browser }) => {
  const context = await browser.newContext()
  const { userName, email } = await freshUser(context.request, 'exporter')
  const page = await context.newPage()
  await page.goto('/profile/settings')
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download my data' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe(`belong-data-${userName}.json`)
  const file = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as {
    profile: { email: string; userName: string }
  }
  expect(file.profile).toMatchObject({ email, userName })
  await context.close()
})

test('Delete my account signs out for good and lands on the home page', async ({ browser }) => {
  const context = await browser.newContext()
  const { email } = await freshUser(context.request, 'leaver')
  const page = await context.newPage()
  await page.goto('/profile/settings')
  await page.getByLabel('Your current password').fill(FRESH_PASSWORD)
  await page.getByRole('button', { name: 'Delete my account' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(flash(page, 'Your account is deleted.')).toBeVisible()
  const me = await context.request.get('/api/users/me')
  expect(((await me.json()) as { user: unknown }).user).toBeNull()
  const again = await context.request.post('/api/users/login', {
    data: { email, password: FRESH_PASSWORD },
  })
  expect(again.status()).toBe(401)
  await context.close()
})

test('signed out, Settings sends to sign in and back', async ({ page }) => {
  await page.goto('/profile/settings')
  await expect(page).toHaveURL(/\/login\?next=%2Fprofile%2Fsettings$/)
})
