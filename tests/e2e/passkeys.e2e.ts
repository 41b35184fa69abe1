import { expect, type Page } from '@playwright/test'

import { test } from './answers'

import { PASSKEY_MESSAGES, PASSKEY_TEXT } from '@/rules/passkeys'
import { PASSKEY_ADDED_SUBJECT } from '@collections/Users/passkeys/mail'
import { expectNoAxeViolations } from './axe'
import { FRESH_PASSWORD, freshUser, hydrated, lastMailTo, shoot, signedInApi } from './helpers'

/**
 * Passkeys in Chromium with its virtual authenticator (CDP WebAuthn: a platform authenticator
 * with resident keys and user verification, as a phone's or laptop's): a member adds one in
 * Settings, renames it, signs out and signs in with it (no password), then removes it; an
 * editor's first visit to /admin is met by adding a passkey instead of an authenticator app,
 * and their next password sign-in asks for it. The relying party is the site's public origin
 * (http://localhost:PORT when PUBLIC_URL is unset), so these pages are opened there. No screen
 * may break the page's script policy.
 */
test.use({ baseURL: `http://localhost:${process.env.E2E_PORT}` })

const PASSKEYS = '/profile/settings/passkeys'

async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
}

/** Records every Content-Security-Policy violation of the page's documents. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = []
    Object.assign(window, { violations: seen })
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    )
  })
}

const violations = (page: Page) =>
  page.evaluate(() => (window as Window & { violations?: string[] }).violations ?? [])

async function look(page: Page, name: string) {
  await expectNoAxeViolations(page)
  await shoot(page, name, { restoreHeight: 800 })
  expect(await violations(page), name).toEqual([])
}

async function signedInAs(page: Page) {
  const answer = await page.request.get('/api/users/me')
  return ((await answer.json()) as { user: { id: number } | null }).user?.id ?? null
}

async function addPasskey(page: Page, name: string) {
  await hydrated(page)
  await page.getByLabel('Name', { exact: true }).fill(name)
  await page.getByRole('button', { name: PASSKEY_TEXT.add }).click()
  await expect(page).toHaveURL(/\?(.*&)?added=\d+/)
  await expect(page.getByRole('status')).toHaveText(PASSKEY_MESSAGES.added)
}

test('a member adds a passkey, renames it, signs in with it and removes it', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000)
  await recordViolations(page)
  await virtualAuthenticator(page)
  const member = await freshUser(page.request, 'pk')

  await page.goto('/profile/settings')
  await expect(page.getByRole('heading', { name: 'Passkeys' })).toBeVisible()
  await page.getByRole('link', { name: PASSKEY_TEXT.settingsLink }).click()
  await expect(page).toHaveURL(new RegExp(`${PASSKEYS}$`))
  await expect(page.getByText(PASSKEY_TEXT.none)).toBeVisible()
  await hydrated(page)
  await look(page, 'passkeys-empty')

  await addPasskey(page, 'My laptop')
  const item = page.getByTestId('passkey')
  await expect(item).toHaveCount(1)
  await expect(page.getByLabel('Name of My laptop')).toHaveValue('My laptop')
  await expect(item).toContainText('not used yet')
  const mail = await lastMailTo(member.email, (m) => m.includes(PASSKEY_ADDED_SUBJECT))
  expect(mail).toContain('My laptop')
  await look(page, 'passkeys-added')

  // Renamed with the plain form.
  await page.getByLabel('Name of My laptop').fill('Work laptop')
  await page.getByRole('button', { name: PASSKEY_TEXT.rename }).click()
  await expect(page.getByRole('status')).toHaveText(PASSKEY_MESSAGES.renamed)
  await expect(page.getByLabel('Name of Work laptop')).toHaveValue('Work laptop')

  // Signed out, the member signs in with the passkey alone: no e-mail, no password.
  await page.request.post('/api/users/logout')
  expect(await signedInAs(page)).toBeNull()
  await page.goto('/login')
  await hydrated(page)
  await expect(page.getByRole('button', { name: PASSKEY_TEXT.signIn })).toBeEnabled()
  await look(page, 'passkeys-login')
  await page.getByRole('button', { name: PASSKEY_TEXT.signIn }).click()
  await expect(page).not.toHaveURL(/\/login/)
  expect(await signedInAs(page)).toBe(member.id)
  await page.goto(PASSKEYS)
  await expect(page.getByTestId('passkey')).not.toContainText('not used yet')

  // Without JavaScript the page says plainly that adding one needs it; renaming still works.
  const plain = await browser.newContext({ javaScriptEnabled: false })
  const tab = await plain.newPage()
  const signIn = await tab.request.post('/api/users/login', {
    data: { email: member.email, password: FRESH_PASSWORD },
  })
  expect(signIn.status()).toBe(200)
  await tab.goto(PASSKEYS)
  await expect(tab.getByText(PASSKEY_TEXT.needsScript)).toBeVisible()
  await expect(tab.getByRole('button', { name: PASSKEY_TEXT.add })).toBeDisabled()
  await shoot(tab, 'passkeys-no-script')
  await tab.getByLabel('Name of Work laptop').fill('Old laptop')
  await tab.getByRole('button', { name: PASSKEY_TEXT.rename }).click()
  await expect(tab.getByRole('status')).toHaveText(PASSKEY_MESSAGES.renamed)
  await plain.close()

  // Removing asks first.
  await page.goto(PASSKEYS)
  await page.getByRole('link', { name: 'Remove Old laptop' }).click()
  await expect(page).toHaveURL(/\?remove=\d+/)
  await expect(
    page.getByRole('heading', { name: PASSKEY_TEXT.removeTitle('Old laptop') }),
  ).toBeVisible()
  await look(page, 'passkeys-remove')
  await page.getByRole('button', { name: PASSKEY_TEXT.removeConfirm }).click()
  await expect(page.getByRole('status')).toHaveText(PASSKEY_MESSAGES.removed)
  await expect(page.getByTestId('passkey')).toHaveCount(0)
  expect(await violations(page)).toEqual([])
})

test("an editor's first visit to /admin: a passkey as the second factor, then asked for it at sign-in", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(150_000)
  await recordViolations(page)
  await virtualAuthenticator(page)
  const editor = await freshUser(page.request, 'pked')
  const admin = await playwright.request.newContext({ baseURL })
  await signedInApi(admin, 'amara')
  const promoted = await admin.patch(`/api/users/${editor.id}`, { data: { role: 'editor' } })
  expect(promoted.status(), await promoted.text()).toBe(200)
  await admin.dispose()

  await page.goto('/admin')
  await expect(page).toHaveURL(/\/profile\/settings\/two-factor\?next=%2Fadmin/)
  await page.getByRole('link', { name: PASSKEY_TEXT.add }).click()
  await expect(page).toHaveURL(/\/profile\/settings\/passkeys\?next=%2Fadmin/)
  await expect(page.getByText(PASSKEY_TEXT.staffNote)).toBeVisible()
  await addPasskey(page, 'Staff laptop')
  await page.getByRole('link', { name: PASSKEY_TEXT.continueTo }).click()
  await expect(page).toHaveURL(/\/admin\/?$/)
  await expect(page.getByRole('heading', { name: 'Since your last visit' })).toBeVisible()

  // Signed out: the password alone no longer reaches the admin; the passkey is the second step.
  await page.request.post('/api/users/logout')
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin/)
  await hydrated(page)
  await page.getByLabel('E-mail').fill(editor.email)
  await page.getByLabel('Password', { exact: true }).fill(FRESH_PASSWORD)
  await page.getByRole('button', { name: 'Sign In' }).click()
  const usePasskey = page.getByRole('button', { name: PASSKEY_TEXT.secondStep })
  await expect(usePasskey).toBeEnabled()
  await expect(page.getByLabel('Code')).toHaveCount(0)
  expect(await signedInAs(page)).toBeNull()
  await look(page, 'passkeys-second-step')
  await usePasskey.click()
  await expect(page).toHaveURL(/\/admin\/?$/)
  await expect(page.getByRole('heading', { name: 'Since your last visit' })).toBeVisible()
  expect(await signedInAs(page)).toBe(editor.id)
})
