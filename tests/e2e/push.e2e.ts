import { expect, type CDPSession, type Page } from '@playwright/test'

import { test } from './answers'

import type { PushPayload } from '@/rules/push'
import { pushService } from '@tests/support/pushService'
import { expectNoAxeViolations } from './axe'
import { freshUser, hydrated, shoot, signedInApi } from './helpers'

// The service worker shows pushes (the rest of the suite blocks it).
test.use({ serviceWorkers: 'allow' })

const service = pushService()
test.beforeAll(async () => {
  await service.listen(Number(process.env.E2E_PUSH_PORT))
})
test.afterAll(() => service.close())

const DEVICE = 'priya-phone'
const toast = (page: Page, text: string) =>
  page.getByRole('status').and(page.getByText(text, { exact: true }))
const commentsToggle = (page: Page) =>
  page.getByRole('checkbox', { name: 'Push to this device: Comments on my posts' })
/**
 * The toggles are usable once the page has the service worker and this device's state: after a
 * load or reload the worker starts again, which on a loaded machine takes a while.
 */
const deviceReady = (page: Page) => expect(commentsToggle(page)).toBeEnabled({ timeout: 30_000 })

/**
 * Chromium here cannot reach a vendor's push service (no network, no keys for it), so
 * PushManager.subscribe answers the subscription a browser would get, made by the test's push
 * service (an endpoint on it and the device's own keys). Everything else is the real browser:
 * the permission, the service worker, the notification it shows.
 */
async function deviceSubscribes(page: Page) {
  const subscription = service.device(DEVICE)
  await page.addInitScript((json) => {
    const kept = () => localStorage.getItem('test-push') === 'on'
    // A subscription as the browser's, but for its keys (getKey), which the site never asks.
    const made: Omit<PushSubscription, 'getKey'> = {
      endpoint: json.endpoint,
      expirationTime: null,
      options: { applicationServerKey: null, userVisibleOnly: true },
      toJSON: () => json,
      unsubscribe: async () => (localStorage.removeItem('test-push'), true),
    }
    PushManager.prototype.subscribe = async function () {
      if (Notification.permission !== 'granted') throw new DOMException('denied', 'NotAllowedError')
      localStorage.setItem('test-push', 'on')
      return made as PushSubscription
    }
    PushManager.prototype.getSubscription = async () =>
      (kept() ? made : null) as PushSubscription | null
  }, subscription)
}

/** The id Chromium gives the site's service worker registration (for CDP's push delivery). */
async function registrationId(cdp: CDPSession): Promise<string> {
  const ids: string[] = []
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
    for (const r of e.registrations) if (!r.isDeleted) ids.push(r.registrationId)
  })
  await cdp.send('ServiceWorker.enable')
  await expect.poll(() => ids.length).toBeGreaterThan(0)
  return ids[0]!
}

test('push to this device: turned on in settings, a comment arrives as a notification that opens the comment', async ({
  page,
  context,
  baseURL,
  browser,
}) => {
  // Settings twice, a push through the job queue (every few seconds) and a page opened from it.
  test.setTimeout(180_000)
  await context.grantPermissions(['notifications'], { origin: baseURL })
  await deviceSubscribes(page)
  const priya = await signedInApi(page.request, 'priya')
  const created = await page.request.post('/api/discussions/new', {
    data: { title: 'Who fixes bikes nearby?', content: 'Mine has a flat.' },
  })
  expect(created.status()).toBe(201)
  const discussion = ((await created.json()) as { doc: { id: number } }).doc.id

  await page.goto('/profile/settings')
  await hydrated(page)
  await deviceReady(page)
  await expect(commentsToggle(page)).not.toBeChecked()
  await commentsToggle(page).click()
  const dialog = page.getByRole('dialog', { name: 'Push notifications on this device' })
  await expect(dialog).toContainText('“Comments on my posts”')
  await expectNoAxeViolations(page)
  await shoot(page, 'push-explain')
  await dialog.getByRole('button', { name: 'Turn on' }).click()
  await expect(toast(page, 'Pushes on this device: Comments on my posts.')).toBeVisible()
  await expect(commentsToggle(page)).toBeChecked()
  // The server keeps it for this device: a new visit reads it back.
  await page.reload()
  await hydrated(page)
  await deviceReady(page)
  await expect(commentsToggle(page)).toBeChecked()
  await expect(
    page.getByRole('checkbox', { name: 'Push to this device: Replies to my comments' }),
  ).not.toBeChecked()
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await expectNoAxeViolations(page)
    await shoot(page, `push-settings-${scheme}`)
  }
  await page.emulateMedia({ colorScheme: 'light' })

  // Another member comments on priya's discussion: the server pushes it through the push service.
  const other = await browser.newContext()
  const { userName } = await freshUser(other.request, 'pusher')
  const said = await other.request.post('/api/comments/new', {
    data: { targetKind: 'discussion', targetId: discussion, content: 'The shop on Malden Road.' },
  })
  expect(said.status()).toBe(201)
  const comment = ((await said.json()) as { comment: { id: number } }).comment.id
  await other.close()
  // The job queue sends every few seconds.
  await expect.poll(() => service.to(DEVICE).length, { timeout: 30_000 }).toBe(1)
  const push: PushPayload = service.to(DEVICE)[0]!.payload
  expect(push).toMatchObject({
    title: `${userName} commented on your discussion`,
    body: 'The shop on Malden Road.',
    url: `/discussions/${discussion}#comment-${comment}`,
  })

  // The same push delivered to the real service worker shows the notification.
  const cdp = await context.newCDPSession(page)
  const registration = await registrationId(cdp)
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        url: (n.data as { url: string }).url,
      })),
    )
  // Shown once the worker has its icon: on a loaded machine that takes a while. Once in a loaded
  // run, Chromium fetched the icon and getNotifications() still listed nothing for 30 s: the push
  // then comes again, as a push service retries, and its tag keeps it one notification.
  await expect(async () => {
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseURL!,
      registrationId: registration,
      data: JSON.stringify(push),
    })
    await expect
      .poll(shown, { timeout: 15_000 })
      .toEqual([{ title: push.title, body: push.body, url: `${baseURL}${push.url}` }])
  }).toPass({ timeout: 60_000 })

  // No way drives a click on a system notification here: the worker's own notificationclick
  // handler runs with the notification it showed, and the open window goes to the comment.
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'))
  await worker.evaluate(async () => {
    // The worker's global scope: the test's types know a page's, which has no registration.
    const scope = self as typeof self & { registration: ServiceWorkerRegistration }
    const [notification] = await scope.registration.getNotifications()
    scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: notification! }))
  })
  await page.waitForURL(`${baseURL}/discussions/${discussion}#comment-${comment}`)
  await expect(page.locator(`#comment-${comment}`)).toContainText('The shop on Malden Road.')
  await expect.poll(shown).toEqual([])

  // Off for this device: the server forgets it, and pushes stop.
  await page.goto('/profile/settings')
  await hydrated(page)
  await deviceReady(page)
  await expect(commentsToggle(page)).toBeChecked()
  await commentsToggle(page).click()
  await expect(toast(page, 'No more pushes on this device: Comments on my posts.')).toBeVisible()
  await expect(commentsToggle(page)).not.toBeChecked()
  const devices = await page.request.get(
    `/api/push-subscriptions?where[user][equals]=${priya.userId}`,
  )
  expect(((await devices.json()) as { docs: unknown[] }).docs).toEqual([])
})
