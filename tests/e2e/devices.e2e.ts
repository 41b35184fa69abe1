import { expect, type Browser, type Page } from '@playwright/test'

import { test } from './answers'

import { DEVICES_MESSAGES } from '@/rules/devices'
import { NEW_DEVICE_SUBJECT } from '@collections/Users/devices/signIn'
import { expectNoAxeViolations } from './axe'
import { FRESH_PASSWORD, freshUser, lastMailTo, shoot } from './helpers'

/**
 * Settings → Your devices as a member meets it: the browsers signed in to their account, 'Sign
 * out' beside one of them, and 'Sign out everywhere else' in a browser without JavaScript (plain
 * forms); the sign-in from a new device mailed; no script-policy violation on the screen.
 */
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
const FIREFOX_UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'

/** A browser of its own signed in through /login, as a person does. */
async function signInElsewhere(
  browser: Browser,
  email: string,
  options: { userAgent: string; javaScriptEnabled?: boolean },
) {
  const context = await browser.newContext(options)
  const tab = await context.newPage()
  await tab.goto('/login')
  await tab.getByLabel('E-mail').fill(email)
  await tab.getByLabel('Password', { exact: true }).fill(FRESH_PASSWORD)
  await tab.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(tab).not.toHaveURL(/\/login/)
  return tab
}

const deviceRows = (page: Page) => page.getByTestId('devices').getByRole('listitem')

/** Whether the page's browser is still signed in (its session works). */
async function signedIn(page: Page) {
  const answer = await page.request.get('/api/users/me')
  return ((await answer.json()) as { user: unknown }).user !== null
}

test('a member sees their devices, signs one out, then everywhere else without JavaScript', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  await page.addInitScript(() => {
    const seen: string[] = []
    Object.assign(window, { violations: seen })
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    )
  })
  const member = await freshUser(page.request, 'dev')
  const phone = await signInElsewhere(browser, member.email, { userAgent: PHONE_UA })
  const plain = await signInElsewhere(browser, member.email, {
    userAgent: FIREFOX_UA,
    javaScriptEnabled: false,
  })

  // A sign-in from a browser the account had not used is mailed to the member.
  for (const device of ['Safari on iPhone', 'Firefox on Linux']) {
    const mail = await lastMailTo(
      member.email,
      (m) => m.includes(NEW_DEVICE_SUBJECT) && m.replace(/=\r?\n/g, '').includes(device),
    )
    expect(mail).toContain('/profile/settings#devices')
  }

  await page.goto('/profile/settings#devices')
  const devices = page.getByRole('region', { name: 'Your devices' })
  await expect(devices).toBeVisible()
  await expect(deviceRows(page)).toHaveCount(3)
  // This device first, marked; the others in words from their user agents.
  await expect(deviceRows(page).first()).toContainText('This device')
  await expect(deviceRows(page).first()).toContainText('Active now')
  await expect(devices).toContainText('Safari on iPhone')
  await expect(devices).toContainText('Firefox on Linux')
  await expect(devices.getByText(/^Signed in \d{1,2} \w+ \d{4}$/).first()).toBeVisible()
  await expectNoAxeViolations(page)
  await devices.scrollIntoViewIfNeeded()
  await shoot(page, 'devices', { restoreHeight: 800 })
  expect(
    await page.evaluate(() => (window as Window & { violations?: string[] }).violations),
  ).toEqual([])

  // 'Sign out' beside the phone: the phone's next request is signed out.
  await devices.getByRole('button', { name: 'Sign out Safari on iPhone' }).click()
  await expect(page.locator('.flash[role=status]')).toHaveText(
    DEVICES_MESSAGES.signedOutOne('Safari on iPhone'),
  )
  await expect(deviceRows(page)).toHaveCount(2)
  await phone.goto('/profile/settings')
  await expect(phone).toHaveURL(/\/login/)

  // Without JavaScript: 'Sign out everywhere else' is a plain form; this browser stays in.
  await plain.goto('/profile/settings#devices')
  await expect(deviceRows(plain)).toHaveCount(2)
  await plain.getByRole('button', { name: 'Sign out everywhere else' }).click()
  await expect(plain.locator('.flash[role=status]')).toHaveText(DEVICES_MESSAGES.signedOutOthers(1))
  await expect(deviceRows(plain)).toHaveCount(1)
  await expect(plain.getByText('You are signed in on this device only.')).toBeVisible()
  expect(await signedIn(page)).toBe(false)
  expect(await signedIn(plain)).toBe(true)

  // This device's own 'Sign out' signs this browser out, to the sign-in page.
  await plain.getByRole('button', { name: 'Sign out Firefox on Linux (this device)' }).click()
  await expect(plain).toHaveURL(/\/login$/)
  await expect(plain.locator('.flash[role=status]')).toHaveText(DEVICES_MESSAGES.signedOutThis)
  expect(await signedIn(plain)).toBe(false)
})
