import { expect, test, type Page } from '@playwright/test'

import { PRIVATE_MESSAGE_TEXT as TEXT } from '@/rules/privateMessages'

import { expectNoAxeViolations } from './axe'
import { freshUser, hydrated, neighbourhoodBySlug, openPerson } from './helpers'

/**
 * Private messages between two members in two browsers: asking a reviewer about their
 * neighbourhood, the reply arriving live, 'Seen', a report, a block; and the same conversation
 * without JavaScript.
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
  const review = await reviewer.page.request.post('/api/reviews', {
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
  await asker.page
    .getByLabel('Your message')
    .fill('Is it loud on Friday nights? https://example.org/map')
  await asker.page.getByRole('button', { name: 'Send' }).click()
  await expect(asker.page).toHaveURL(/\/messages\/\d+#latest$/)
  const conversationPath = new URL(asker.page.url()).pathname
  const link = asker.page.getByRole('link', { name: 'https://example.org/map' })
  await expect(link).toHaveAttribute('rel', 'nofollow ugc noopener')
  await hydrated(asker.page)

  // The reviewer sees it unread in the header and the list, then opens it: 'Seen' for the asker.
  await reviewer.page.goto('/')
  await expect(reviewer.page.getByRole('link', { name: 'Messages, 1 unread' })).toBeVisible()
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
