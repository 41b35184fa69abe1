import { expect, type Page } from '@playwright/test'

import { test } from './answers'

import { expectNoAxeViolations } from './axe'
import { lastMailTo, signUpFormReady } from './helpers'

/** SPEC §2 account screens: sign-up, sign-in (remember me, next, errors), sign-out, reset. */
const stamp = Date.now().toString(36)
const person = {
  userName: `acc_${stamp}`,
  email: `acc-${stamp}@example.test`,
  password: 'first pass',
}

async function signIn(page: Page, email: string, password: string, remember = false) {
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  if (remember) await page.getByLabel('Remember me').check()
  await page.getByRole('button', { name: 'Sign In' }).click()
}

const me = async (page: Page) =>
  ((await (await page.request.get('/api/users/me')).json()) as { user: { id: number } | null }).user

test.describe.configure({ mode: 'serial' })

test('register, then sign in (to ?next=) and sign out from the avatar menu', async ({ page }) => {
  // The suite's first test: the server is still building the admin in the background then, so
  // every step (and the context's teardown) takes longer than later.
  test.slow()
  await page.goto('/register')
  await expect(page.getByRole('heading', { name: 'Create an Account' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByLabel('Username').fill(person.userName)
  await page.getByLabel('Full name').fill('Acc Tester')
  await page.getByLabel('E-mail').fill(person.email)
  await page.getByLabel('Password', { exact: true }).fill(person.password)
  await signUpFormReady(page)
  await page.getByRole('button', { name: 'Sign Up' }).click()

  await expect(page).toHaveURL(/\/login\?registered=1$/)
  await expect(page.getByRole('status')).toContainText(
    'Registration successful! Check your email to confirm.',
  )
  // The same user name again is refused with the server's words.
  await page.goto('/register')
  await page.getByLabel('Username').fill(person.userName.toUpperCase())
  await page.getByLabel('E-mail').fill(`other-${person.email}`)
  await page.getByLabel('Password', { exact: true }).fill(person.password)
  await signUpFormReady(page)
  await page.getByRole('button', { name: 'Sign Up' }).click()
  await expect(page.getByRole('alert')).toHaveText('That user name is already taken.')

  await page.goto('/login?next=%2Fneighbourhoods')
  await signIn(page, person.email, person.password)
  await expect(page).toHaveURL(/\/neighbourhoods$/)
  const menu = page.getByRole('button', { name: `Account menu for ${person.userName}` })
  await expect(menu).toBeVisible()
  // Not remembered: the session cookie ends with the browser.
  const cookie = (await page.context().cookies()).find((c) => c.name === 'payload-token')!
  expect(cookie.expires).toBe(-1)

  await menu.click()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible()
  expect(await me(page)).toBeNull()
})

test('remember me keeps the session for 30 days; an unsafe next goes home', async ({ page }) => {
  await page.goto('/login?next=https%3A%2F%2Fevil.example%2F')
  await signIn(page, person.email, person.password, true)
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/)
  const cookie = (await page.context().cookies()).find((c) => c.name === 'payload-token')!
  expect(cookie.expires * 1000 - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000)
  expect(cookie.httpOnly).toBe(true)
})

test('a wrong password shows the server message in the red box', async ({ page }) => {
  await page.goto('/login')
  await expectNoAxeViolations(page)
  await page.getByLabel('Password', { exact: true }).fill('secret')
  const field = page.getByLabel('Password', { exact: true })
  await expect(field).toHaveAttribute('type', 'password')
  await page.getByRole('button', { name: 'Show password' }).click()
  await expect(field).toHaveAttribute('type', 'text')
  await expect(field).toHaveValue('secret')
  await page.getByRole('button', { name: 'Hide password' }).click()
  await expect(field).toHaveAttribute('type', 'password')

  await page.getByLabel('E-mail').fill(person.email)
  await page.getByLabel('Password', { exact: true }).fill('not my password')
  await page.getByRole('button', { name: 'Sign In' }).click()
  const alert = page.getByRole('alert')
  await expect(alert).toHaveText('The email or password provided is incorrect.')
  await expect(alert).toHaveCSS('background-color', 'rgb(253, 236, 234)')
  await expect(page).toHaveURL(/\/login$/)
  await expectNoAxeViolations(page)
})

test('forgot password, then reset through the e-mailed link, then sign in', async ({ page }) => {
  await page.goto('/forgot-password')
  await expectNoAxeViolations(page)
  await page.getByLabel('E-mail').fill(person.email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByRole('status')).toHaveText(
    'If an account exists for that email, a reset link has been sent.',
  )
  // An unknown address gets the very same answer.
  await page.getByRole('button', { name: 'try again' }).click()
  await page.getByLabel('E-mail').fill(`nobody-${stamp}@example.test`)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByRole('status')).toHaveText(
    'If an account exists for that email, a reset link has been sent.',
  )

  const mail = await lastMailTo(person.email)
  const link = /(http:\/\/[^\s"<]+\/reset-password\?token=[0-9a-f]+)/.exec(mail)?.[1]
  expect(link, mail).toBeTruthy()
  expect(new URL(link!).origin).toBe(new URL(page.url()).origin)

  await page.goto('/reset-password')
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Send a new link' })).toHaveAttribute(
    'href',
    '/forgot-password',
  )
  await expectNoAxeViolations(page)

  await page.goto(link!)
  await expect(page.getByRole('heading', { name: 'Set a New Password' })).toBeVisible()
  await expectNoAxeViolations(page)
  const update = page.getByRole('button', { name: 'Update password' })
  await page.getByLabel('New password', { exact: true }).fill('short')
  await page.getByLabel('Confirm new password', { exact: true }).fill('short')
  await update.click()
  await expect(page.getByRole('alert')).toHaveText('Password must be at least 6 characters.')
  await page.getByLabel('New password', { exact: true }).fill('second pass')
  await page.getByLabel('Confirm new password', { exact: true }).fill('second pasz')
  await update.click()
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match.')
  await page.getByLabel('Confirm new password', { exact: true }).fill('second pass')
  await update.click()
  await expect(page.getByRole('status')).toHaveText('Password updated! You can now sign in.')
  await expect(page).toHaveURL(/\/login$/)
  expect(await me(page)).toBeNull()

  await signIn(page, person.email, person.password)
  await expect(page.getByRole('alert')).toHaveText('The email or password provided is incorrect.')
  await signIn(page, person.email, 'second pass')
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/)
  expect(await me(page)).not.toBeNull()

  // The link works once.
  await page.goto(link!)
  await page.getByLabel('New password', { exact: true }).fill('third pass')
  await page.getByLabel('Confirm new password', { exact: true }).fill('third pass')
  await page.getByRole('button', { name: 'Update password' }).click()
  await expect(page.getByRole('alert')).toHaveText('Token is either invalid or has expired.')
})
