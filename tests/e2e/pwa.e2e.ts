import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test'

import { test } from './answers'

import { expectNoAxeViolations } from './axe'
import { freshUser, hydrated, shoot } from './helpers'

// The service worker is what these tests are about (the rest of the suite blocks it).
test.use({ serviceWorkers: 'allow' })

/** Waits until the service worker controls the page and has kept `path` (a reader's visit). */
async function saved(page: Page, path: string) {
  await page.evaluate(() => navigator.serviceWorker.ready)
  await expect
    .poll(() =>
      page.evaluate(async (wanted) => {
        for (const name of await caches.keys()) {
          const keys = await (await caches.open(name)).keys()
          if (keys.some((r) => new URL(r.url).pathname === wanted)) return true
        }
        return false
      }, path),
    )
    .toBe(true)
}

/** Every URL path the service worker keeps, across its caches. */
const keptPaths = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = []
    for (const name of await caches.keys())
      for (const r of await (await caches.open(name)).keys()) paths.push(new URL(r.url).pathname)
    return paths
  })

test('the site is installable: its manifest, icons and Chromium’s check', async ({
  playwright,
  baseURL,
}) => {
  // A profile of its own: Chromium does not offer to install from an incognito context, which
  // is what a test's usual context is.
  const profile = await mkdtemp(path.join(os.tmpdir(), 'belong-install-'))
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...test.info().project.use.launchOptions,
    baseURL,
  })
  const page = context.pages()[0] ?? (await context.newPage())
  await page.goto('/')
  await page.evaluate(() => navigator.serviceWorker.ready)
  const cdp = await page.context().newCDPSession(page)
  const { url, errors, data } = (await cdp.send('Page.getAppManifest')) as {
    url: string
    errors: unknown[]
    data: string
  }
  expect(url).toMatch(/\/manifest\.webmanifest$/)
  expect(errors).toEqual([])
  const manifest = JSON.parse(data) as {
    short_name: string
    display: string
    start_url: string
    icons: { src: string; sizes: string; purpose?: string }[]
  }
  expect(manifest).toMatchObject({ short_name: 'Belong', display: 'standalone', start_url: '/' })
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
  )
  await expect
    .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors)
    .toEqual([])
  for (const { src } of manifest.icons) {
    const res = await page.request.get(src)
    expect(res.headers()['content-type'], src).toBe('image/png')
  }
  // Every kind of public page links it: prerendered, static without islands, on demand.
  for (const path of ['/neighbourhood/brixton', '/about', '/forum']) {
    const html = await (await page.request.get(path)).text()
    expect(html, path).toContain('<link rel="manifest" href="/manifest.webmanifest">')
  }
  await context.close()
  await rm(profile, { recursive: true, force: true })
})

test.describe('reading offline', () => {
  let context: BrowserContext
  test.afterEach(() => context?.close())

  test('a visited page reads offline with its notice; an unvisited one gets the offline page', async ({
    browser,
  }) => {
    context = await browser.newContext({ serviceWorkers: 'allow' })
    const page = await context.newPage()
    // The first page a reader opens is kept too, though it came before the worker.
    await page.goto('/neighbourhood/brixton')
    await saved(page, '/neighbourhood/brixton')
    await page.goto('/about')
    await saved(page, '/about')

    await context.setOffline(true)
    await page.goto('/neighbourhood/brixton')
    await expect(page.getByRole('heading', { level: 1, name: 'Brixton' })).toBeVisible()
    await expect(page.locator('.review').first()).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: "You're offline" })).toHaveText(
      /^You're offline — this page was saved at \d{2}:\d{2}$/,
    )
    // Its photo and the emoji of its first review show too, though the page was opened before
    // the worker ran.
    const shown = (img: Locator) =>
      expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0))
    await shown(page.locator('img.hero-image')).toBe(true)
    const emoji = page.locator('.review').first().locator('img.emoji').first()
    await emoji.scrollIntoViewIfNeeded()
    await shown(emoji).toBe(true)
    await page.evaluate(() => window.scrollTo(0, 0))
    await shoot(page, 'offline-notice')

    await page.goto('/neighbourhood/camden-town')
    await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible()
    const list = page.locator('[data-saved-pages]')
    await expect(list.getByRole('link', { name: 'Brixton' })).toBeVisible()
    await expect(list.getByRole('link', { name: 'About Belong' })).toBeVisible()
    await shoot(page, 'offline-page')
    await list.getByRole('link', { name: 'Brixton' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Brixton' })).toBeVisible()

    await context.setOffline(false)
    await page.goto('/neighbourhood/brixton')
    await expect(page.getByRole('heading', { level: 1, name: 'Brixton' })).toBeVisible()
    await expect(page.locator('.offline-notice')).toHaveCount(0)
  })

  test('a new release replaces what an earlier one kept on the device', async ({ browser }) => {
    context = await browser.newContext({ serviceWorkers: 'allow' })
    const page = await context.newPage()
    // Before this release's worker: caches as an earlier release's worker named them (Workbox's
    // precache, saved pages and scripts, each with that release's id), one of them holding a
    // saved Camden Town; and another site's cache on the same origin, which is not ours to drop.
    const old = 'a1b2c3d4e5f6'
    await page.goto('/manifest.webmanifest')
    await page.evaluate(async (old) => {
      const html = (title: string) =>
        new Response(`<title>${title}</title><main id="main"><h1>${title}</h1></main>`, {
          headers: { 'content-type': 'text/html', date: new Date().toUTCString() },
        })
      await (
        await caches.open(`belong-pages-${old}`)
      ).put('/neighbourhood/camden-town', html('Camden Town, as an earlier release kept it'))
      await (
        await caches.open(`belong-assets-${old}`)
      ).put(
        '/_astro/runtime.old.js',
        new Response('', { headers: { 'content-type': 'text/javascript' } }),
      )
      await (await caches.open(`belong-precache-v2-${old}`)).put('/offline', html('Old'))
      await (await caches.open('another-app')).put('/kept-by-another-app', html('Theirs'))
    }, old)

    await page.goto('/neighbourhood/brixton')
    await saved(page, '/neighbourhood/brixton')
    await expect
      .poll(() => page.evaluate(() => caches.keys()))
      .not.toContainEqual(expect.stringContaining(old))
    const names = await page.evaluate(() => caches.keys())
    expect(names).toContain('another-app')
    // What is left of ours is this release's: one id across its caches.
    const releases = new Set(names.filter((n) => n.startsWith('belong-')).map((n) => n.slice(-12)))
    expect(releases.size).toBe(1)
    expect(releases).not.toContain(old)
    expect(
      await page.evaluate(() => caches.match('/neighbourhood/camden-town').then(Boolean)),
    ).toBe(false)

    // Offline: this release's saved page reads; the earlier release's copy is not offered.
    await context.setOffline(true)
    await page.goto('/neighbourhood/brixton')
    await expect(page.getByRole('heading', { level: 1, name: 'Brixton' })).toBeVisible()
    await expect(page.locator('.offline-notice')).toBeVisible()
    await page.goto('/neighbourhood/camden-town')
    await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible()
    const list = page.locator('[data-saved-pages]')
    await expect(list.getByRole('link', { name: 'Brixton' })).toBeVisible()
    await expect(list.getByRole('link', { name: /Camden Town/ })).toHaveCount(0)
  })

  test('nothing private is kept: a member’s pages, the API, the admin', async ({ browser }) => {
    context = await browser.newContext({ serviceWorkers: 'allow' })
    const page = await context.newPage()
    await freshUser(page.request, 'pwa')
    await page.goto('/about')
    await saved(page, '/about')
    // Controlled now: each of these goes through the worker.
    await page.goto('/profile')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.goto('/profile/settings')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.goto('/admin/login')
    await page.goto('/neighbourhood/brixton')
    await hydrated(page) // its islands read /api, with the member's session
    await saved(page, '/neighbourhood/brixton')
    // Uploaded photos are public files (its hero image is kept for reading offline); nothing
    // else of /api is.
    const kept = (await keptPaths(page)).filter((p) => !p.startsWith('/api/media/file/'))
    expect(kept.filter((p) => /^\/(api|admin|profile|_next)(\/|$)/.test(p))).toEqual([])

    await context.setOffline(true)
    await page.goto('/profile')
    await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible()
  })

  test('writing offline says so and keeps what was typed', async ({ browser }) => {
    context = await browser.newContext({ serviceWorkers: 'allow' })
    const page = await context.newPage()
    await freshUser(page.request, 'pwaw')
    const created = await page.request.post('/api/discussions/new', {
      data: { title: 'Quiet benches near the common', content: 'Where do you sit?' },
    })
    expect(created.status()).toBe(201)
    const { doc } = (await created.json()) as { doc: { id: number } }
    await page.goto(`/discussions/${doc.id}`)
    await hydrated(page)
    // Signed in as the page shows it (the session is read once the page is idle).
    await expect(page.locator('.session-menu')).toHaveAttribute('data-session', 'signed-in')
    const box = page.getByRole('textbox', { name: 'Add a comment' })

    await context.setOffline(true)
    await box.fill('The one by the pond, mornings.')
    await page.getByRole('button', { name: 'Post comment' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: "You're offline, so this wasn't sent" }),
    ).toBeVisible()
    await expect(box).toHaveValue('The one by the pond, mornings.')

    await context.setOffline(false)
    await page.getByRole('button', { name: 'Post comment' }).click()
    await expect(page.locator('.comment').filter({ hasText: 'by the pond' })).toBeVisible()
    await expect(box).toHaveValue('')
  })
})

/** --bg in each theme (src/styles/global.css). */
const DARK_BG = 'rgb(18, 21, 25)'
const LIGHT_BG = 'rgb(247, 245, 240)'

test.describe('dark theme', () => {
  test('follows the device, passes axe in both themes, and a chosen theme sticks', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    const html = page.locator('html')
    for (const scheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      for (const path of ['/', '/neighbourhood/brixton', '/about', '/forum', '/offline']) {
        await page.goto(path)
        await hydrated(page)
        await expectNoAxeViolations(page)
        await shoot(page, `theme-${scheme}${path.replaceAll('/', '-') || '-home'}`)
      }
    }
    await page.goto('/')
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect(html).toHaveCSS('background-color', DARK_BG)

    // Chosen in the menu: kept across pages, static ones too, and applied before the first paint.
    await page.getByLabel('Menu').click()
    await page.getByRole('radio', { name: 'Light' }).check()
    await expect(html).toHaveCSS('background-color', LIGHT_BG)
    await page.goto('/about')
    await expect(html).toHaveAttribute('data-theme', 'light')
    await expect(html).toHaveCSS('background-color', LIGHT_BG)
    await page.getByLabel('Menu').click()
    await expect(page.getByRole('radio', { name: 'Light' })).toBeChecked()
    await page.getByRole('radio', { name: 'Device' }).check()
    await expect(html).not.toHaveAttribute('data-theme', /./)
    await expect(html).toHaveCSS('background-color', DARK_BG)
  })

  test('without JavaScript the page follows the device and hides the choice', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, colorScheme: 'dark' })
    const page = await context.newPage()
    await page.goto('/about')
    await expect(page.locator('html')).toHaveCSS('background-color', DARK_BG)
    await page.getByLabel('Menu').click()
    await expect(page.getByRole('group', { name: 'Theme' })).toBeHidden()
    await context.close()
  })
})
