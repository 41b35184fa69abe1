import { expect, type Page } from '@playwright/test'

import { test } from './answers'

import { TWO_FACTOR_MESSAGES } from '@/rules/twoFactor'
import { expectNoAxeViolations } from './axe'
import { FRESH_PASSWORD, freshUser, signedInApi, totpCode } from './helpers'

/**
 * Two-factor sign-in as a member meets it: set it up in Settings with the key shown
 * there (codes computed here, as a phone's app would), see the recovery codes once, sign out,
 * then sign in again with the password and a code — without JavaScript, as plain forms. And an
 * editor without a second factor: their first visit to /admin leads through setting it up.
 */
const SHOTS = '.tmp/shots'
const THIRTY_S = 30_000

/**
 * Screenshots at a phone's width and a desktop's, after an axe check of the screen (axe runs
 * as a script: not in the tab without JavaScript).
 */
async function shoot(page: Page, name: string, { axe = true } = {}) {
  if (axe) await expectNoAxeViolations(page)
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true })
  }
}

/** Settings → Two-factor sign-in → set up → the key → a code → on. Answers the key. */
async function turnOn(page: Page, shots?: string) {
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click()
  const key = page.getByTestId('totp-secret')
  await expect(key).toBeVisible()
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
  const secret = (await key.getAttribute('data-secret'))!
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)
  // The key is shown in text too (in groups of four), for apps that cannot scan.
  await expect(key).toHaveText(secret.match(/.{4}/g)!.join(' '))
  if (shots) await shoot(page, `${shots}-setup`)
  // A code from long ago is refused, with the reason, and nothing is on.
  await page
    .getByLabel('Code from your authenticator app')
    .fill(totpCode(secret, Date.now() - 10 * THIRTY_S))
  await page.getByRole('button', { name: 'Turn on' }).click()
  await expect(page.getByRole('alert')).toHaveText(TWO_FACTOR_MESSAGES.codeWrong)
  const code = totpCode(secret)
  await page.getByLabel('Code from your authenticator app').fill(code)
  await page.getByRole('button', { name: 'Turn on' }).click()
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible()
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10)
  if (shots) await shoot(page, `${shots}-recovery`)
  return { secret, code }
}

test('a member turns on two-factor sign-in, then signs in with a code (without JavaScript)', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const member = await freshUser(page.request, 'tf')
  await page.goto('/profile/settings')
  await expect(page.getByText('Two-factor sign-in is off.')).toBeVisible()
  await page.getByRole('link', { name: 'Set up two-factor sign-in' }).click()
  await expect(page).toHaveURL(/\/profile\/settings\/two-factor$/)
  const { secret, code } = await turnOn(page, 'two-factor')
  // Shown once: the page read again lists no codes, only how many are left.
  await page.reload()
  await expect(page.getByTestId('recovery-codes')).toHaveCount(0)
  await expect(page.getByText('Recovery codes left: 10 of 10.')).toBeVisible()
  await expect(page.getByRole('heading', { name: /Two-factor sign-in is on/ })).toBeVisible()

  // Signed out, the member signs in again in a browser without JavaScript.
  await page.request.post('/api/users/logout')
  const plain = await browser.newContext({ javaScriptEnabled: false })
  const tab = await plain.newPage()
  await tab.goto('/login')
  await tab.getByLabel('E-mail').fill(member.email)
  await tab.getByLabel('Password', { exact: true }).fill(FRESH_PASSWORD)
  await tab.getByRole('button', { name: 'Sign In' }).click()
  await expect(tab).toHaveURL(/\/login\?step=code/)
  await expect(tab.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible()
  // The password alone opened no session.
  const before = await tab.request.get('/api/users/me')
  expect(((await before.json()) as { user: unknown }).user).toBeNull()
  await shoot(tab, 'two-factor-login', { axe: false })
  // The code that turned it on was used already: refused, with the reason (the same code, not
  // this moment's: the app may have moved on to the next one meanwhile).
  await tab.getByLabel('Code').fill(code)
  await tab.getByRole('button', { name: 'Verify' }).click()
  await expect(tab.getByRole('alert')).toHaveText(TWO_FACTOR_MESSAGES.codeUsed)
  await tab.setViewportSize({ width: 1280, height: 900 })
  await tab.getByLabel('Code').fill(totpCode(secret, Date.now() + THIRTY_S))
  await tab.getByRole('button', { name: 'Verify' }).click()
  await expect(tab).not.toHaveURL(/\/login/)
  const me = await tab.request.get('/api/users/me')
  expect(((await me.json()) as { user: { id: number } }).user.id).toBe(member.id)
  await plain.close()
})

test("an editor's first visit to /admin leads through setting up two-factor, then back to the admin", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const editor = await freshUser(page.request, 'tfed')
  // An admin (with the demo's second factor) makes them an editor.
  const admin = await playwright.request.newContext({ baseURL })
  await signedInApi(admin, 'amara')
  const promoted = await admin.patch(`/api/users/${editor.id}`, { data: { role: 'editor' } })
  expect(promoted.status(), await promoted.text()).toBe(200)
  await admin.dispose()

  // Without a second factor, a staff write is refused with the reason.
  const hide = await page.request.post('/api/user-badges', { data: { user: editor.id } })
  expect(hide.status()).toBe(403)
  expect(await hide.text()).toContain(TWO_FACTOR_MESSAGES.staffNeedsTwoFactor)

  await page.goto('/admin')
  await expect(page).toHaveURL(/\/profile\/settings\/two-factor\?next=%2Fadmin/)
  await expect(page.getByRole('status')).toHaveText(TWO_FACTOR_MESSAGES.adminNeedsTwoFactor)
  await expect(page.getByText('Editors and admins must turn on two-factor sign-in')).toBeVisible()
  await shoot(page, 'two-factor-admin-first-visit')
  await turnOn(page)
  await page.getByRole('link', { name: 'Continue to the admin' }).click()
  await expect(page).toHaveURL(/\/admin\/?$/)
  await expect(page.getByRole('heading', { name: 'Since your last visit' })).toBeVisible()
})
