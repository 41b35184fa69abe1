import { expect, type CDPSession, type Page } from '@playwright/test'

import { test } from './answers'
import { simpleParser } from 'mailparser'

import type { PushPayload } from '@/rules/push'
import { PRIVATE_MESSAGE_TEXT as TEXT } from '@/rules/privateMessages'
import { pushService } from '@tests/support/pushService'
import { budgetOf, gzipSize, KB, scriptsOf } from '@tests/support/scriptBudget'

import { expectNoAxeViolations } from './axe'
import {
  freshUser,
  hydrated,
  lastMailTo,
  moveServerClock,
  neighbourhoodBySlug,
  openPerson,
  rawMailTo,
} from './helpers'

/**
 * Private messages between two members in two browsers: asking a reviewer about their
 * neighbourhood, the reply arriving live (on the open conversation and on the list), 'Seen', a
 * report, a block; the same conversation without JavaScript; the mail and the push that tell a
 * member away from the site.
 */
const SLUG = 'camden-town'
const NAME = 'Camden Town'

async function shootBothSchemes(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 800 })
      await page.screenshot({ path: `.tmp/shots/${name}-${scheme}-${width}.png`, fullPage: true })
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1280, height: 800 })
}

test('ask a reviewer, the reply arrives live, Seen, report, block', async ({ browser }) => {
  const asker = await openPerson(browser, 'asker')
  const reviewer = await openPerson(browser, 'reviewer')
  const place = await neighbourhoodBySlug(reviewer.page.request, SLUG)
  const review = await reviewer.page.request.post('/api/reviews/new', {
    data: {
      neighbourhood: place.id,
      rating: 4,
      comment: 'Quiet streets, ten minutes to the tube.',
    },
  })
  expect(review.status(), await review.text()).toBe(201)

  // The asker starts from the review on the neighbourhood's page.
  const ask = asker.page.getByRole('link', {
    name: `Ask ${reviewer.userName} about ${NAME}`,
  })
  await expect(async () => {
    await asker.page.goto(`/neighbourhood/${SLUG}`)
    await expect(ask).toBeVisible({ timeout: 2000 })
  }).toPass()
  await ask.click()
  await expect(asker.page.getByRole('heading', { level: 1 })).toHaveText(
    `Ask ${reviewer.userName} about ${NAME}`,
  )
  await expect(asker.page.getByText('Quiet streets, ten minutes to the tube.')).toBeVisible()
  // The reviewer has their (empty) list open: the new conversation arrives on it live.
  await reviewer.page.goto('/messages')
  await hydrated(reviewer.page)
  await expect(reviewer.page.getByText('No conversations yet.')).toBeVisible()
  await asker.page
    .getByLabel('Your message')
    .fill('Is it loud on Friday nights? https://example.org/map')
  await asker.page.getByRole('button', { name: 'Send' }).click()
  await expect(asker.page).toHaveURL(/\/messages\/\d+#latest$/)
  const conversationPath = new URL(asker.page.url()).pathname
  const link = asker.page.getByRole('link', { name: 'https://example.org/map' })
  await expect(link).toHaveAttribute('rel', 'nofollow ugc noopener')

  // What the conversation's page makes a phone download (tests/support/scriptBudget.ts), on a
  // page of its own: nothing of the last page still loading.
  const phone = await asker.page.context().newPage()
  await phone.setViewportSize({ width: 390, height: 844 })
  const scripts = (await scriptsOf(phone, conversationPath)).filter((s) => !s.late)
  await phone.close()
  const gzip = scripts.reduce((n, s) => n + gzipSize(s.body), 0)
  const files = scripts.map(
    (s) => `${new URL(s.url).pathname} ${(gzipSize(s.body) / KB).toFixed(1)} KB`,
  )
  // Printed for the report: the figure is a budget, not a timing.
  console.log(`${conversationPath}: ${(gzip / KB).toFixed(1)} KB gzip in ${scripts.length} files`)
  const budget = budgetOf(conversationPath)!
  expect.soft(gzip, files.join('\n')).toBeLessThanOrEqual(budget.gzip)
  expect.soft(scripts.length, files.join('\n')).toBeLessThanOrEqual(budget.files)
  await hydrated(asker.page)

  await expect(reviewer.page.getByText('Unread', { exact: true })).toBeVisible()
  await expect(reviewer.page.getByText('1 unread.')).toBeVisible()

  // The reviewer sees it unread in the header and the list, then opens it: 'Seen' for the asker.
  await reviewer.page.goto('/')
  await expect(reviewer.page.getByRole('link', { name: 'Messages, 1 unread' })).toBeVisible()
  // The bell has one entry for the conversation: who wrote, not what.
  await reviewer.page.goto('/notifications')
  await expect(
    reviewer.page.getByRole('link', { name: `${asker.userName} sent you a message` }),
  ).toBeVisible()
  await expectNoAxeViolations(reviewer.page)
  await shootBothSchemes(reviewer.page, 'notifications-page')
  await reviewer.page.goto('/messages')
  await expect(reviewer.page.getByText('Unread', { exact: true })).toBeVisible()
  await expectNoAxeViolations(reviewer.page)
  await shootBothSchemes(reviewer.page, 'messages-list')
  await reviewer.page.getByRole('link', { name: new RegExp(NAME) }).click()
  await expect(reviewer.page.getByText('Is it loud on Friday nights?')).toBeVisible()
  await expect(asker.page.locator('.message.mine .seen')).toHaveText(/Seen/)

  // The reply arrives live on the asker's open page, without a reload.
  await hydrated(reviewer.page)
  await reviewer.page.getByLabel('Message', { exact: true }).fill('Only near the pubs. Ask away!')
  await reviewer.page.getByRole('button', { name: 'Send' }).click()
  await expect(reviewer.page.locator('.message.mine').last()).toContainText('Only near the pubs')
  await expect(asker.page.locator('.message.theirs')).toContainText('Only near the pubs')
  await expectNoAxeViolations(asker.page)
  await shootBothSchemes(asker.page, 'messages-conversation')

  // The asker reports the reply; the moderators get it (the int tests read the queue itself).
  const reply = asker.page.locator('.message.theirs').last()
  await reply.getByText('Report this message').click()
  await reply.getByLabel('Spam').check()
  await reply.getByRole('button', { name: 'Send report' }).click()
  await expect(asker.page.getByText(TEXT.reported)).toBeVisible()

  // The reviewer blocks the asker, who is not told; the asker's next message is marked not sent.
  await reviewer.page.getByRole('button', { name: `Block ${asker.userName}` }).click()
  await expect(reviewer.page.getByText(TEXT.youBlocked)).toBeVisible()
  await asker.page.goto(conversationPath)
  await hydrated(asker.page)
  await asker.page.getByLabel('Message', { exact: true }).fill('Hello?')
  await asker.page.getByRole('button', { name: 'Send' }).click()
  await expect(asker.page.locator('.message.failed')).toContainText(`Not sent: ${TEXT.notTaking}`)
  await reviewer.page.goto('/messages')
  await expect(reviewer.page.getByText('No conversations yet.')).toBeVisible()
  await reviewer.page.goto('/profile/settings/messages')
  await reviewer.page.getByRole('button', { name: `Unblock ${asker.userName}` }).click()
  await expect(reviewer.page.getByText('You have not blocked anyone.')).toBeVisible()
})

test('without JavaScript: message from a profile, send through the form, a refusal beside the box', async ({
  browser,
  request,
}) => {
  const other = await freshUser(request, 'profiled')
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  const me = await freshUser(page.request, 'nojs')
  await page.goto(`/profile/${other.userName}`)
  await page.getByRole('link', { name: `Message ${other.userName}` }).click()
  await page.getByLabel('Your message').fill('Hello from a plain page')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page).toHaveURL(/\/messages\/\d+#latest$/)
  await expect(page.getByText('Hello from a plain page')).toBeVisible()

  const textarea = page.getByLabel('Message', { exact: true })
  await textarea.fill('A second one, posted and back')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page).toHaveURL(/\/messages\/\d+#latest$/)
  await expect(page.locator('.message.mine')).toHaveCount(2)

  // Only spaces: the page comes back with the server's message beside the box.
  await textarea.fill('   ')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByRole('alert')).toHaveText(TEXT.empty)
  await expect(page.locator('.message.mine')).toHaveCount(2)
  await page.goto('/messages')
  await expect(page.getByRole('link', { name: new RegExp(other.userName) })).toBeVisible()
  const answer = await page.request.get('/messages')
  expect(answer.headers()['cache-control']).toBe('private, no-store')
  expect(await answer.text()).toContain('<meta name="robots" content="noindex"')
  expect(me.id).toBeGreaterThan(0)
  await context.close()
})

test.describe('away from the site', () => {
  // The service worker shows pushes (the rest of the suite blocks it).
  test.use({ serviceWorkers: 'allow' })
  const service = pushService()
  test.beforeAll(async () => {
    await service.listen(Number(process.env.E2E_PUSH_PORT))
  })
  test.afterAll(() => service.close())
  test.afterEach(() => moveServerClock(0))

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

  test('messages to a member away: one push, then one mail saying who and how many, never what', async ({
    page,
    context,
    baseURL,
    browser,
  }) => {
    // A push and a mail through the job queue (every few seconds) on a loaded machine.
    test.setTimeout(180_000)
    await context.grantPermissions(['notifications'], { origin: baseURL })
    const member = await freshUser(page.request, 'away')
    const confirmation = await lastMailTo(member.email, (m) => m.includes('confirm-email'))
    const confirm = /(http:\/\/[^\s"<]+\/api\/users\/confirm-email\?token=[\w.%-]+)/.exec(
      confirmation,
    )
    await page.goto(confirm![1]!)
    const device = `away-${member.id}`
    const subscribed = await page.request.put('/api/push-subscriptions/device', {
      data: { subscription: service.device(device), kinds: ['messages'] },
    })
    expect(subscribed.status(), await subscribed.text()).toBe(200)
    // The page that will show the push: the site's service worker is installed.
    await page.goto('/')
    await page.evaluate(() => navigator.serviceWorker.ready)

    const writer = await openPerson(browser, 'writer')
    const started = await writer.page.request.post('/api/conversations/start', {
      data: { to: member.id, text: 'The spare key is under the blue pot.' },
    })
    expect(started.status(), await started.text()).toBe(200)
    const conversation = ((await started.json()) as { id: number }).id

    // The push: the bell's words, the link to the conversation.
    await expect.poll(() => service.to(device).length, { timeout: 30_000 }).toBe(1)
    const push: PushPayload = service.to(device)[0]!.payload
    expect(push).toMatchObject({
      body: `${writer.userName} sent you a message`,
      url: `/messages/${conversation}#latest`,
    })
    expect(JSON.stringify(push)).not.toContain('blue pot')
    // A second message while the first is unread: the same bell entry, no second push.
    const again = await writer.page.request.post(`/api/conversations/${conversation}/messages`, {
      data: { text: 'Back on Sunday.' },
    })
    expect(again.status()).toBe(200)
    // The same push delivered to the real service worker shows the notification.
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

    // The mail waits a minute (an open page would have marked it seen): the server's clock moves.
    moveServerClock(2 * 60_000)
    const raw = await rawMailTo(member.email, (m) => m.includes('sent you 2 messages'))
    const mail = await simpleParser(raw)
    expect(mail.subject).toBe(`${writer.userName} sent you 2 messages`)
    expect(String(mail.html)).toContain(`/messages/${conversation}#latest`)
    expect(`${mail.text}${String(mail.html)}`).not.toContain('blue pot')
    expect(raw).toMatch(/^List-Unsubscribe:\s+<http[^>]+\/api\/mails\/unsubscribe\?t=/m)
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m)

    // The link in the mail opens the conversation.
    const link = /href="([^"]*\/messages\/\d+#latest)"/.exec(String(mail.html))![1]!
    // On this site's address (the mail names the public one).
    const { pathname, hash } = new URL(link)
    await page.goto(pathname + hash)
    await expect(page.getByText('The spare key is under the blue pot.')).toBeVisible()
    // One push for the conversation, however many messages it had.
    expect(service.to(device)).toHaveLength(1)
    await writer.page.context().close()
  })
})
