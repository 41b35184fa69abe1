import { expect, type Page } from '@playwright/test'

import { test } from './answers'

import { startOidcProvider, type TestProvider } from '@tests/support/oidcProvider'
import { expectNoAxeViolations } from './axe'
import { lastMailTo, signUpForm } from './helpers'

/**
 * "Continue with Google" against a real OpenID Connect provider (oidc-provider 9) on
 * `localhost` while the app is on 127.0.0.1: the browser crosses sites as it would with Google.
 */
const stamp = Date.now().toString(36)
/** An account at the provider, unique to this run. */
const providerAccount = (first: string, name: string, email_verified = true) => ({
  sub: `${first}-${stamp}`,
  email: `${first}-${stamp}@example.test`,
  email_verified,
  name,
})
const gina = providerAccount('gina', 'Gina Google')
const linked = providerAccount('lena', 'Lena Linked')
const taken = providerAccount('tara', 'Tara Taken')
const unverified = providerAccount('uma', 'Uma Unverified', false)

let provider: TestProvider

test.beforeAll(async () => {
  const app = `http://127.0.0.1:${process.env.E2E_PORT}`
  provider = await startOidcProvider({
    port: Number(process.env.E2E_OIDC_PORT),
    redirectUris: [`${app}/api/auth/oidc/callback`],
    people: [gina, linked, taken, unverified],
  })
})
test.afterAll(() => provider?.close())
test.describe.configure({ mode: 'serial' })

type Me = { id: number; userName: string | null; name: string | null; email: string } | null
const me = async (page: Page): Promise<Me> =>
  ((await (await page.request.get('/api/users/me')).json()) as { user: Me }).user

/** Forget the provider's own session, so the next sign-in there asks again. */
async function leaveProvider(page: Page) {
  const cookies = await page.context().cookies()
  await page.context().clearCookies()
  await page.context().addCookies(cookies.filter((c) => c.domain !== 'localhost'))
}

test('sign up with Google: a new account creates its profile, then signs in again', async ({
  page,
}) => {
  provider.signInAs(gina.email)
  await page.goto('/register')
  await page.getByRole('link', { name: 'Sign up with Google' }).click()

  // Back from the provider, signed in but without a user name: Create Profile.
  await expect(page).toHaveURL(/\/register$/)
  await expect(page.getByRole('button', { name: 'Create Profile' })).toBeVisible()
  await expect(page.getByLabel('E-mail')).toHaveCount(0)
  await expectNoAxeViolations(page)
  const first = await me(page)
  expect(first).toMatchObject({ email: gina.email, name: gina.name, userName: null })

  await page.getByLabel('Username').fill(`gina_${stamp}`)
  await page.getByRole('button', { name: 'Create Profile' }).click()
  await expect(page.getByText('Profile created successfully!')).toBeVisible()
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/)
  await expect(page.getByRole('button', { name: `Account menu for gina_${stamp}` })).toBeVisible()

  // Signed out, then back through Google: the same account, straight home.
  await page.request.post('/api/users/logout')
  await leaveProvider(page)
  expect(await me(page)).toBeNull()
  await page.goto('/login')
  await page.getByRole('link', { name: 'Continue with Google' }).click()
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/)
  await expect(page.getByRole('button', { name: `Account menu for gina_${stamp}` })).toBeVisible()
  expect((await me(page))?.id).toBe(first!.id)
})

test('a verified e-mail signs in to the existing, confirmed password account, to ?next=', async ({
  page,
}) => {
  const created = await page.request.post('/api/users', {
    data: {
      email: linked.email,
      password: 'lena secret',
      userName: `lena_${stamp}`,
      ...(await signUpForm(page.request)),
    },
  })
  expect(created.status()).toBe(201)
  const { doc } = (await created.json()) as { doc: { id: number } }
  // The owner opens the link of the sign-up confirmation e-mail.
  const mail = await lastMailTo(linked.email)
  const link = /(http:\/\/[^\s"<]+\/api\/users\/confirm-email\?token=[\w.%-]+)/.exec(mail)?.[1]
  expect(link, mail).toBeTruthy()
  await page.goto(link!)
  await expect(page.getByRole('heading', { name: 'E-mail confirmed' })).toBeVisible()

  provider.signInAs(linked.email)
  await page.goto('/login?next=%2Fneighbourhoods')
  await page.getByRole('link', { name: 'Continue with Google' }).click()
  await expect(page).toHaveURL(/\/neighbourhoods$/)
  expect((await me(page))?.id).toBe(doc.id)
  // Linked, not taken over: the password still works.
  const password = await page.request.post('/api/accounts/login', {
    data: { email: linked.email, password: 'lena secret' },
  })
  expect(password.status()).toBe(200)
})

test('a verified e-mail takes over an unconfirmed account and ends its sessions', async ({
  page,
  browser,
}) => {
  const squatter = await browser.newContext()
  const squat = await squatter.request.post('/api/users', {
    data: {
      email: taken.email,
      password: 'squat secret',
      userName: `squat_${stamp}`,
      ...(await signUpForm(squatter.request)),
    },
  })
  expect(squat.status()).toBe(201)
  const { doc } = (await squat.json()) as { doc: { id: number } }
  const signedIn = await squatter.request.post('/api/accounts/login', {
    data: { email: taken.email, password: 'squat secret' },
  })
  expect(signedIn.status()).toBe(200)

  await leaveProvider(page)
  provider.signInAs(taken.email)
  await page.goto('/login')
  await page.getByRole('link', { name: 'Continue with Google' }).click()
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/)
  expect((await me(page))?.id).toBe(doc.id)

  const squatterMe = (await (await squatter.request.get('/api/users/me')).json()) as { user: Me }
  expect(squatterMe.user).toBeNull()
  const again = await squatter.request.post('/api/accounts/login', {
    data: { email: taken.email, password: 'squat secret' },
  })
  expect(again.status()).toBe(401)
  await squatter.close()
})

test('failures come back to the page as "Google login failed: …"', async ({ page }) => {
  // An unverified e-mail never takes over an existing account.
  const created = await page.request.post('/api/users', {
    data: {
      email: unverified.email,
      password: 'uma secret',
      userName: `uma_${stamp}`,
      ...(await signUpForm(page.request)),
    },
  })
  expect(created.status()).toBe(201)
  provider.signInAs(unverified.email)
  await page.goto('/login')
  await page.getByRole('link', { name: 'Continue with Google' }).click()
  await expect(page).toHaveURL(/\/login\?error=/)
  await expect(page.getByRole('alert')).toHaveText(
    'Google login failed: an account with this e-mail already exists; sign in with your password',
  )
  expect(await me(page)).toBeNull()
  await expectNoAxeViolations(page)

  // The person refuses at the provider.
  await leaveProvider(page)
  provider.signInAs(null)
  await page.goto('/register')
  await page.getByRole('link', { name: 'Sign up with Google' }).click()
  await expect(page).toHaveURL(/\/register\?error=/)
  await expect(page.getByRole('alert')).toHaveText(
    'Google sign-up failed: the account refused to sign in',
  )
  expect(await me(page)).toBeNull()
})
