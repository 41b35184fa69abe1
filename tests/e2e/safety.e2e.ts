import { expect, type CDPSession } from '@playwright/test'

import { test } from './answers'

import type { PushPayload } from '@/rules/push'
import { ALERT_MESSAGES, EMERGENCY_NOTE } from '@/rules/safetyAlerts'
import { pushService } from '@tests/support/pushService'
import { expectNoAxeViolations } from './axe'
import { freshUser, neighbourhoodBySlug, shoot, signedInApi } from './helpers'

// The service worker shows pushes (the rest of the suite blocks it).
test.use({ serviceWorkers: 'allow' })

const service = pushService()
test.beforeAll(async () => {
  await service.listen(Number(process.env.E2E_PUSH_PORT))
})
test.afterAll(() => service.close())

const DEVICE = 'priya-safety-phone'
const PLACE = 'camden-town'

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

test('a member raises an alert without JavaScript, an editor verifies it, a follower’s device gets the push and the neighbourhood shows the banner', async ({
  page,
  context,
  baseURL,
  browser,
}) => {
  test.setTimeout(180_000)
  await context.grantPermissions(['notifications'], { origin: baseURL })
  const camden = await neighbourhoodBySlug(page.request, PLACE)

  // priya follows Camden Town and has this device take safety alerts.
  await signedInApi(page.request, 'priya')
  // She may follow it already (a first post follows): the toggle is pressed until she does.
  await expect(async () => {
    const toggled = await page.request.post('/api/follows/toggle', {
      data: { neighbourhood: camden.id },
    })
    expect(((await toggled.json()) as { following: boolean }).following).toBe(true)
  }).toPass({ timeout: 10_000 })
  const device = await page.request.put('/api/push-subscriptions/device', {
    data: { subscription: service.device(DEVICE), kinds: ['safetyAlerts'] },
  })
  expect(device.ok(), await device.text()).toBe(true)

  // A member raises an alert with the plain form (no JavaScript).
  const raiser = await browser.newContext({ javaScriptEnabled: false })
  const member = await raiser.newPage()
  await freshUser(raiser.request, 'raiser')
  await member.goto(`/neighbourhood/${PLACE}/safety`)
  await expect(member.locator('main p').first()).toHaveText(EMERGENCY_NOTE)
  await member.getByLabel('What kind of alert').selectOption('road')
  await member.getByLabel('Title').fill('Sinkhole on Parkway')
  await member
    .getByLabel('What happened')
    .fill('The road has caved in by the bus stop; it is fenced off.')
  const hourAgo = new Date(Date.now() - 60 * 60 * 1000)
  const wall = hourAgo
    .toLocaleString('sv-SE', { timeZone: 'Europe/London' })
    .slice(0, 16)
    .replace(' ', 'T')
  await member.getByLabel('When (London time)').fill(wall)
  // A phone number is refused beside the field, and what was typed stays.
  await member.getByLabel('What happened').fill('Call me on 07700 900123 for details.')
  await member.getByRole('button', { name: 'Raise alert' }).click()
  await expect(member.getByRole('alert')).toContainText('Please take the phone number out')
  await expect(member.getByLabel('Title')).toHaveValue('Sinkhole on Parkway')
  await member
    .getByLabel('What happened')
    .fill('The road has caved in by the bus stop; it is fenced off.')
  // The place: typed without JavaScript (the map's fields); over 2 km away it is refused beside them.
  const { latitude, longitude } = camden as unknown as { latitude: number; longitude: number }
  await member.getByLabel('Latitude').fill(String(latitude + 0.03))
  await member.getByLabel('Longitude').fill(String(longitude))
  await member.getByRole('button', { name: 'Raise alert' }).click()
  await expect(member.getByRole('alert')).toHaveText(ALERT_MESSAGES.tooFar)
  await expect(member.getByLabel('Latitude')).toHaveAccessibleDescription(ALERT_MESSAGES.tooFar)
  await member.getByLabel('Latitude').fill(String(latitude + 0.0012))
  await member.getByRole('button', { name: 'Raise alert' }).click()
  await expect(member).toHaveURL(/\/safety\/\d+$/)
  // Shown only as stored: rounded to about 100 m.
  await expect(
    member.getByText(/^Around 51\.\d{1,3}, -?0\.\d{1,4} \(to about 100 m\)$/),
  ).toBeVisible()
  const alertId = Number(/\/safety\/(\d+)$/.exec(member.url())![1])
  await expect(member.getByText('Not yet verified', { exact: true })).toBeVisible()
  await member.goto(`/neighbourhood/${PLACE}/safety`)
  await expect(
    member.getByRole('region', { name: /Not yet verified/ }).getByText('Sinkhole on Parkway'),
  ).toBeVisible()
  await raiser.close()

  // An editor verifies it; the follower's device is pushed through the job queue.
  const editor = await browser.newContext()
  await signedInApi(editor.request, 'tom')
  const verified = await editor.request.post(`/api/safety-alerts/${alertId}/verify`, { data: {} })
  expect(verified.status(), await verified.text()).toBe(200)
  await editor.close()
  // The job queue sends every few seconds; a loaded machine may take longer than the 10 s aim.
  await expect.poll(() => service.to(DEVICE).length, { timeout: 30_000 }).toBe(1)
  const push: PushPayload = service.to(DEVICE)[0]!.payload
  expect(push).toMatchObject({
    body: 'Safety alert in Camden Town: "Sinkhole on Parkway".',
    url: `/safety/${alertId}`,
  })

  // The same push delivered to the real service worker shows the notification.
  await page.goto(`/neighbourhood/${PLACE}/safety`)
  const cdp = await context.newCDPSession(page)
  const registration = await registrationId(cdp)
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => n.body),
    )
  await expect(async () => {
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseURL!,
      registrationId: registration,
      data: JSON.stringify(push),
    })
    await expect.poll(shown, { timeout: 15_000 }).toEqual([push.body])
  }).toPass({ timeout: 60_000 })

  // The static neighbourhood page is rewritten with the banner.
  await expect(async () => {
    await page.goto(`/neighbourhood/${PLACE}`)
    await expect(
      page.getByRole('region', { name: 'Safety alerts' }).getByRole('link', {
        name: 'Sinkhole on Parkway',
      }),
    ).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 30_000 })
  await expect(page.getByRole('link', { name: /Safety \(\d+\)/ })).toBeVisible()

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await page.goto(`/neighbourhood/${PLACE}`)
    await shoot(page, `safety-banner-${scheme}`)
    await page.goto(`/neighbourhood/${PLACE}/safety`)
    await expectNoAxeViolations(page)
    await shoot(page, `safety-page-${scheme}`)
    await page.goto(`/safety/${alertId}`)
    await expectNoAxeViolations(page)
    await shoot(page, `safety-alert-${scheme}`)
  }
})

test('with JavaScript the alert’s place is a click on the map, and “No place” takes it back', async ({
  page,
}) => {
  await freshUser(page.request, 'placer')
  await page.goto(`/neighbourhood/${PLACE}/safety`)
  const map = page.getByRole('region', { name: 'Map: click where it happened' })
  await map.scrollIntoViewIfNeeded()
  await expect(page.getByTestId('location-map')).toHaveAttribute('data-ready', 'true')
  await expect(page.getByLabel('Latitude')).toHaveValue('')
  await map.click()
  await expect(page.getByLabel('Latitude')).toHaveValue(/^51\.\d+$/)
  await expect(page.getByLabel('Longitude')).toHaveValue(/^-?0\.\d+$/)
  await page.getByRole('button', { name: 'No place' }).click()
  await expect(page.getByLabel('Latitude')).toHaveValue('')
  await expect(page.getByLabel('Longitude')).toHaveValue('')
  await expectNoAxeViolations(page)
})
