import fs from 'node:fs'
import path from 'node:path'

import { Secret, TOTP as Totp } from 'otpauth'

import { TOTP } from '@/rules/twoFactor'
import { DEMO_TOTP_SECRET } from '@/seed/users'
import { FORM_TOKEN_FIELD, SIGN_UP_MIN_SECONDS } from '@/rules/signUp'
import { issuedAt, signUpFormOf } from '@tests/support/signUpForm'

import {
  expect,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test'

/** Islands not yet hydrated, but those that load on first focus. */
export const WAITING_ISLANDS = 'astro-island[ssr]:not([client="focus"])'

export const DEMO_PASSWORD = 'belong-demo'
/** Password of the members each test signs up for itself. */
export const FRESH_PASSWORD = 'fresh-member-password'

/**
 * Signs up and signs in a fresh member on `request` (a page's request shares its cookies), so
 * tests that write leave the seeded people as they were. Without a name: registration unfinished.
 */
export async function freshUser(request: APIRequestContext, prefix: string, withName = true) {
  const userName = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const email = `${userName}@e2e.test`
  const password = FRESH_PASSWORD
  const created = await request.post('/api/users', {
    data: {
      ...(withName ? { email, password, userName } : { email, password }),
      ...(await signUpForm(request)),
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const login = await request.post('/api/users/login', { data: { email, password } })
  expect(login.status()).toBe(200)
  const { user } = (await login.json()) as { user: { id: number } }
  return { id: user.id, userName, email }
}

/**
 * The sign-up form's signed issue time for sign-ups through the API, old enough to send (the
 * first sign-up of a worker waits the form's few seconds; tests/support/signUpForm.ts).
 */
export const signUpForm = (request: APIRequestContext) =>
  signUpFormOf('e2e', async () => {
    const answer = await request.get('/api/users/sign-up-form')
    return (await answer.json()) as Record<string, unknown>
  })

/** Waits until the sign-up form on the page may be sent: a person takes that long to fill it. */
export async function signUpFormReady(page: Page) {
  const token = await page.locator(`input[name="${FORM_TOKEN_FIELD}"]`).inputValue()
  const ready = issuedAt(token) + SIGN_UP_MIN_SECONDS * 1000
  await expect.poll(() => Date.now(), { timeout: 10_000 }).toBeGreaterThan(ready)
}

/** The demo's staff, who sign in with a code from DEMO_TOTP_SECRET as well (README). */
const DEMO_STAFF = new Set(['tom', 'amara'])
const stepNow = () => Math.floor(Date.now() / (TOTP.period * 1000))
/** The steps this run used, per account, in its data folder: every worker process sees them. */
const stepsFile = () => path.join(process.env.E2E_DATA_DIR!, 'totp-steps.json')
const readSteps = (): Record<string, number> => {
  try {
    return JSON.parse(fs.readFileSync(stepsFile(), 'utf8')) as Record<string, number>
  } catch {
    return {}
  }
}

/**
 * A code from the demo's authenticator key for one demo staff account that this run has not
 * used yet: the server accepts a step once (and one step ahead), so a second sign-in within
 * the same 30 s takes the next step's code, and a third waits for the clock to move on.
 */
export async function demoStaffCode(userName: string): Promise<string> {
  const used = readSteps()[userName] ?? -1
  if (used > stepNow()) await expect.poll(stepNow, { timeout: 40_000 }).toBeGreaterThanOrEqual(used)
  const step = Math.max(stepNow(), used + 1)
  fs.writeFileSync(stepsFile(), JSON.stringify({ ...readSteps(), [userName]: step }))
  return totpCode(DEMO_TOTP_SECRET, step * TOTP.period * 1000)
}

/** The authenticator code of a key at a time, as a phone's app computes it (RFC 6238). */
export const totpCode = (base32: string, timestamp = Date.now()) =>
  new Totp({ ...TOTP, secret: Secret.fromBase32(base32) }).generate({ timestamp })

/** A second client writing through the REST API, as another person's browser would. */
export async function signedInApi(request: APIRequestContext, userName: string) {
  const data = { email: `${userName}@belong.local`, password: DEMO_PASSWORD }
  if (DEMO_STAFF.has(userName)) {
    const first = await request.post('/api/accounts/login', { data })
    expect(first.status(), await first.text()).toBe(202)
    const { challenge } = (await first.json()) as { challenge: string }
    const code = await demoStaffCode(userName)
    const second = await request.post('/api/accounts/login/code', { data: { challenge, code } })
    expect(second.status(), await second.text()).toBe(200)
    const { user } = (await second.json()) as { user: { id: number } }
    return { request, userId: user.id }
  }
  const login = await request.post('/api/users/login', { data })
  if (!login.ok()) throw new Error(`login as ${userName} failed: ${login.status()}`)
  const { user } = (await login.json()) as { user: { id: number } }
  return { request, userId: user.id }
}

export async function neighbourhoodBySlug(request: APIRequestContext, slug: string) {
  const res = await request.get(`/api/neighbourhoods?where[slug][equals]=${slug}&depth=0`)
  const { docs } = (await res.json()) as {
    docs: {
      id: number
      createdBy: number
      tagline: string
      name: string
      slug: string
      vibes: string[]
      latitude: number | null
      longitude: number | null
    }[]
  }
  return docs[0]!
}

/**
 * The newest message to `to` in the e2e server's outbox (DATA_DIR/outbox), decoded; shared by the
 * tests that follow a mailed link (reset, confirm, link an account).
 */
export async function lastMailTo(to: string, matching: (raw: string) => boolean = () => true) {
  const raw = await rawMailTo(to, matching)
  return raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
}

/** The newest message to `to` that `matching` accepts, as the .eml file holds it. */
export async function rawMailTo(to: string, matching: (raw: string) => boolean = () => true) {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox')
  let found: string | undefined
  await expect
    .poll(
      () => {
        const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort() : []
        found = files
          .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
          .filter((m) => m.includes(`To: ${to}`) && matching(m))
          .pop()
        return Boolean(found)
      },
      // The job queue gathers and sends notification mails every few seconds.
      { timeout: 30_000 },
    )
    .toBe(true)
  return found!
}

/** A fresh member in a browser context of their own, for tests where two people meet live. */
export interface Person {
  page: Page
  userName: string
  id: number
}

export async function openPerson(browser: Browser, prefix: string): Promise<Person> {
  const context = await browser.newContext()
  const page = await context.newPage()
  const { id, userName } = await freshUser(page.request, prefix)
  return { page, userName, id }
}

/**
 * Waits until every island of the page has hydrated (Astro drops `ssr` then), but the header's
 * search, which loads on its first focus (client:focus). Islands that load as they near the
 * screen (client:visible) are scrolled to first, as a reader would.
 */
export async function hydrated(page: Page) {
  await scrollToVisibleIslands(page)
  await expect(page.locator(WAITING_ISLANDS)).toHaveCount(0)
}

/**
 * Scrolls to each island still waiting to be seen (to its markup: the island itself has no box),
 * a frame at a time so each is seen. In the page, in one go: an island may hydrate, and stop
 * waiting, at any moment.
 */
export async function scrollToVisibleIslands(page: Page) {
  await page.evaluate(async () => {
    for (const island of document.querySelectorAll('astro-island[client="visible"]')) {
      if (!island.hasAttribute('ssr')) continue
      const markup = [...island.children].find((c) => c.tagName !== 'TEMPLATE')
      markup?.scrollIntoView({ block: 'center' })
      await new Promise((seen) => requestAnimationFrame(() => requestAnimationFrame(seen)))
    }
  })
}

/**
 * Scrolls to a live section whose island loads when it comes into view (client:visible), as a
 * reader would, and waits until it listens live.
 */
export async function liveOnceSeen(section: Locator) {
  await section.scrollIntoViewIfNeeded()
  await expect(section).toHaveAttribute('data-live', 'subscribed')
}

/** A neighbourhood's reviews, seen and live. */
export const reviewsLive = (page: Page) => liveOnceSeen(page.locator('.reviews'))

/**
 * Full-page screenshots into .tmp/shots at phone and desktop widths; with `restoreHeight`, the
 * viewport goes back to 1280 wide afterwards for the steps that follow.
 */
export async function shoot(
  page: Page,
  name: string,
  { widths = [390, 1280], restoreHeight }: { widths?: number[]; restoreHeight?: number } = {},
) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 })
    await page.screenshot({ path: `.tmp/shots/${name}-${width}.png`, fullPage: true })
  }
  if (restoreHeight) await page.setViewportSize({ width: 1280, height: restoreHeight })
}

/** Signs in through the admin's own login form as a demo editor or admin (tom is an editor). */
export async function signInToAdmin(page: Page, userName = 'tom') {
  // The admin's sign-in is the site's /login, with the two-factor code step.
  await page.goto('/admin/login')
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin/)
  await expect(page.locator(WAITING_ISLANDS)).toHaveCount(0)
  await page.getByLabel('E-mail').fill(`${userName}@belong.local`)
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.getByLabel('Code').fill(await demoStaffCode(userName))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/admin\/?$/)
}

/**
 * Waits for the geocoding proxy's answer to the page (its URL holding `text`) and checks it was
 * a success: a failure then shows what the server said, not only the missing address.
 */
export async function geocodeAnswered(
  page: Page,
  kind: 'search' | 'reverse',
  act: () => Promise<unknown>,
  text = '',
) {
  const answer = page.waitForResponse(
    (r) => r.url().includes(`/api/geocode/${kind}`) && decodeURIComponent(r.url()).includes(text),
  )
  await act()
  const response = await answer
  expect(response.status(), await response.text()).toBe(200)
}

/** Moves the server's clock (src/server/config/clock.ts reads this file in the e2e server only). */
export function moveServerClock(ms: number) {
  const file = path.join(process.env.E2E_DATA_DIR!, 'test-clock-offset')
  if (ms) fs.writeFileSync(file, String(ms))
  else fs.rmSync(file, { force: true })
}

/**
 * Holds back the code of the islands a page's HTML names until the returned release is called:
 * the page shows as it arrived, its islands not yet live (a write can land in between).
 */
export async function holdIslands(page: Page, html: string): Promise<() => void> {
  const islands = new Set(
    [...html.matchAll(/(?:component|renderer)-url="([^"]+)"/g)].map((m) => m[1]!),
  )
  expect(islands.size).toBeGreaterThan(0)
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(
    (url) => islands.has(url.pathname),
    async (route) => {
      await held
      await route.continue()
    },
  )
  return release
}
