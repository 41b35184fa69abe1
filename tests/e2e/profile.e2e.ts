import { expect, type APIRequestContext, type Browser } from '@playwright/test'

import { test } from './answers'
import sharp from 'sharp'

import { expectNoAxeViolations } from './axe'
import { DEMO_PASSWORD, signUpForm } from './helpers'

const PASSWORD = 'correct horse'
const unique = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${test.info().repeatEachIndex}`

/** Signs up through the REST API from this browser context (its cookies go along), then in. */
async function signUp(request: APIRequestContext, userName: string, signIn = true) {
  const email = `${userName}@example.test`
  const created = await request.post('/api/users', {
    data: { email, password: PASSWORD, userName, ...(await signUpForm(request)) },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { doc } = (await created.json()) as { doc: { id: number } }
  if (signIn) {
    const login = await request.post('/api/users/login', { data: { email, password: PASSWORD } })
    expect(login.ok()).toBe(true)
  }
  return doc.id
}

async function signedInContext(browser: Browser, userName: string, password = DEMO_PASSWORD) {
  const context = await browser.newContext()
  const login = await context.request.post('/api/users/login', {
    data: { email: `${userName}@belong.local`, password },
  })
  expect(login.ok()).toBe(true)
  return context
}

/** 800 × 400: the server must still store a square avatar. */
const widePng = () =>
  sharp({ create: { width: 800, height: 400, channels: 3, background: '#c2410c' } })
    .png()
    .toBuffer()

test('the owner edits name, bio and avatar; others see the profile without controls', async ({
  browser,
}) => {
  const owner = await browser.newContext()
  const userName = unique('nadia')
  await signUp(owner.request, userName)
  const page = await owner.newPage()
  await page.goto('/profile')
  await expect(page.getByRole('heading', { level: 1, name: userName })).toBeVisible()
  await expect(page.getByText(`@${userName}`)).toBeVisible()
  const save = page.getByRole('button', { name: 'Save Changes' })
  await expect(save).toHaveCount(0)
  const avatar = page.locator('.profile-avatar-img')
  await expect(avatar).toHaveAttribute('src', '/default-avatar.svg')

  await page.getByRole('button', { name: 'Edit name' }).click()
  await page.getByLabel('Name', { exact: true }).fill('Nadia Example')
  await expect(save).toBeVisible()
  await page.getByRole('button', { name: 'Edit bio' }).click()
  await page
    .getByLabel('Bio', { exact: true })
    .fill('Looking for a calm street near a good bakery.')
  await page
    .getByLabel('Change photo')
    .setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: await widePng() })
  await expect(avatar).toHaveAttribute('src', /^blob:/)
  await expect(page.getByText('New photo, not saved yet')).toBeVisible()

  // Hold the profile write a moment so the busy label can be seen.
  await page.route(/\/api\/users\/\d+/, async (route) => {
    if (route.request().method() === 'PATCH') await new Promise((r) => setTimeout(r, 700))
    await route.continue()
  })
  await save.click()
  await expect(page.getByRole('button', { name: 'Saving...' })).toBeDisabled()
  await expect(page.getByText('Profile updated!')).toBeVisible()
  await expect(page.getByRole('button', { name: /Save Changes|Saving/ })).toHaveCount(0)

  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Nadia Example' })).toBeVisible()
  await expect(page.locator('.profile-bio')).toHaveText(
    'Looking for a calm street near a good bakery.',
  )
  await expect(avatar).toHaveAttribute('src', /\/api\/media\/file\/.+\.webp$/)
  await expect
    .poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0)
  const size = await avatar.evaluate((img: HTMLImageElement) => [
    img.naturalWidth,
    img.naturalHeight,
  ])
  expect(size).toEqual([400, 400])
  await expectNoAxeViolations(page)

  // Someone else: the same profile, no edit icons, no upload, no invite panel.
  const other = await signedInContext(browser, 'priya')
  const theirs = await other.newPage()
  await theirs.goto(`/profile/${userName}`)
  await expect(theirs.getByRole('heading', { level: 1, name: 'Nadia Example' })).toBeVisible()
  await expect(theirs.getByText('Looking for a calm street near a good bakery.')).toBeVisible()
  await expect(theirs.locator('.profile-avatar-img')).toHaveAttribute(
    'src',
    /\/api\/media\/file\/.+\.webp$/,
  )
  await expect(theirs.getByRole('button', { name: /Edit (name|bio)/ })).toHaveCount(0)
  await expect(theirs.locator('input[type=file]')).toHaveCount(0)
  await expect(theirs.getByRole('heading', { name: 'Invite friends' })).toHaveCount(0)
  await expect(theirs.getByText(/Friends joined/)).toHaveCount(0)
  await expect(
    theirs.getByRole('heading', { name: "Nadia Example's Neighbourhoods" }),
  ).toBeVisible()
  await expectNoAxeViolations(theirs)
  await Promise.all([owner.close(), other.close()])
})

test('a seeded profile shows counts, badges and neighbourhood cards to visitors', async ({
  page,
}) => {
  const response = await page.goto('/profile/kwame')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: 'Kwame Mensah' })).toBeVisible()
  const stats = page.getByRole('list', { name: 'Activity' })
  await expect(stats).toContainText(/\d+ Neighbourhoods?/)
  await expect(stats).toContainText(/\d+ (Story|Stories)/)
  await expect(stats).toContainText(/\d+ Poll votes?/)
  await expect(page.getByRole('heading', { name: 'Badges' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Edit name' })).toHaveCount(0)
  // The public part is in the HTML itself, not added by script.
  const html = await (await page.request.get('/profile/kwame')).text()
  expect(html).toContain('Kwame Mensah')
  expect(html).not.toContain('Invite friends')

  // Any case leads to the one address.
  await page.goto('/profile/KWAME')
  await expect(page).toHaveURL(/\/profile\/kwame$/)
})

test('an unknown user name is a 404 with ways on', async ({ page }) => {
  const response = await page.goto('/profile/nobody-here-xyz')
  expect(response?.status()).toBe(404)
  await expect(
    page.getByRole('heading', { name: "We couldn't find @nobody-here-xyz" }),
  ).toBeVisible()
  await expect(page.getByRole('link', { name: 'Browse neighbourhoods' })).toHaveAttribute(
    'href',
    '/neighbourhoods',
  )
})

test('/profile sends signed-out visitors to /login', async ({ page }) => {
  await page.goto('/profile')
  await expect(page).toHaveURL(/\/login(\?|$)/)
})

test('an invite link is copied, opened and credited when the friend signs up', async ({
  browser,
  baseURL,
}) => {
  const inviter = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] })
  const inviterName = unique('ivy')
  const inviterId = await signUp(inviter.request, inviterName)
  const page = await inviter.newPage()
  await page.goto('/profile')
  const panel = page.locator('.invite-panel')
  await expect(panel.getByRole('heading', { name: 'Invite friends' })).toBeVisible()
  await expect(panel).toContainText('Friends joined: 0')
  const link = `${baseURL}/invite?ref=${inviterId}`
  await expect(panel.getByLabel('Your invite link')).toHaveValue(link)
  await expect(panel.getByRole('link', { name: 'Share on WhatsApp' })).toHaveAttribute(
    'href',
    `https://wa.me/?text=${encodeURIComponent(`Join me on Belong, find where you truly belong: ${link}`)}`,
  )
  await expect(panel.getByRole('link', { name: 'Share by e-mail' })).toHaveAttribute(
    'href',
    new RegExp(
      `^mailto:\\?subject=.+&body=.+${encodeURIComponent(link).replace(/[.?]/g, '\\$&')}$`,
    ),
  )
  await panel.getByRole('button', { name: 'Copy link' }).click()
  await expect(page.getByText('Link copied to clipboard')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)

  // A friend opens the link in their own browser and signs up there.
  const friend = await browser.newContext()
  const landing = await friend.newPage()
  await landing.goto(link)
  await expect(
    landing.getByRole('heading', { level: 1, name: `${inviterName} invited you to Belong` }),
  ).toBeVisible()
  await expect(landing.getByRole('link', { name: 'Create an Account' })).toHaveAttribute(
    'href',
    '/register',
  )
  const cookie = (await friend.cookies()).find((c) => c.name === 'belong_ref')
  expect(cookie?.value).toBe(String(inviterId))
  expect(cookie?.sameSite).toBe('Lax')
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000)
  await expectNoAxeViolations(landing)
  await signUp(friend.request, unique('finn'), false)

  await page.reload()
  await expect(page.locator('.invite-panel')).toContainText('Friends joined: 1')

  // A link naming nobody still welcomes, without a cookie.
  const stranger = await browser.newContext()
  const generic = await stranger.newPage()
  await generic.goto('/invite?ref=99999999')
  await expect(
    generic.getByRole('heading', { level: 1, name: 'You are invited to Belong' }),
  ).toBeVisible()
  expect((await stranger.cookies()).some((c) => c.name === 'belong_ref')).toBe(false)
  await Promise.all([inviter.close(), friend.close(), stranger.close()])
})
