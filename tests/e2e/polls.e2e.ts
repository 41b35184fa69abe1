import { expect, type Browser, type Page } from '@playwright/test'

import { test } from './answers'

import { expectNoAxeViolations } from './axe'
import { freshUser, hydrated, shoot } from './helpers'

/**
 * Polls (SPEC §2 Polls, §4 Poll, §5, §8): the list and its 'New Poll' dialog, the detail with
 * votes and live results, refusals. Fresh members write on Southall's polls, which no other e2e
 * file touches.
 */
const SLUG = 'southall'

async function member(browser: Browser, prefix: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  const user = await freshUser(page.request, prefix)
  return { page, user }
}

const toast = (page: Page, text: string) =>
  page.getByRole('status').and(page.getByText(text, { exact: true }))
const result = (page: Page, option: number) =>
  page.locator(`.poll-result[data-option="${option}"] .poll-result-count`)

test('create a poll with 3 options, vote, results live in a second browser, second vote refused', async ({
  browser,
}) => {
  const question = `Where should the summer fair go? ${Date.now().toString(36)}`
  const a = await member(browser, 'asker')
  const b = await member(browser, 'voter')

  await a.page.goto(`/neighbourhood/${SLUG}/polls`)
  await hydrated(a.page)
  await expect(a.page.getByRole('link', { name: /Back to Southall/ })).toBeVisible()
  const opener = a.page.getByRole('button', { name: 'New Poll' })
  await opener.click()
  const dialog = a.page.getByRole('dialog', { name: 'New Poll' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('Question')).toBeFocused()
  // Escape closes it and gives focus back.
  await a.page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()

  await opener.click()
  await expect(dialog.getByRole('textbox', { name: /^Option \d$/ })).toHaveCount(2)
  // Focus stays inside: Shift+Tab from the first field wraps to the last button.
  await expect(dialog.getByLabel('Question')).toBeFocused()
  await a.page.keyboard.press('Shift+Tab')
  await expect(dialog.getByRole('button', { name: 'Create Poll' })).toBeFocused()
  await a.page.keyboard.press('Tab')
  await expect(dialog.getByLabel('Question')).toBeFocused()
  await expect(dialog.getByLabel(/Neighbourhood/)).toHaveValue(SLUG)

  await dialog.getByRole('button', { name: 'Create Poll' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Fill in the question and all options.')
  await dialog.getByLabel('Question').fill(question)
  await dialog.getByRole('textbox', { name: 'Option 1' }).fill('The park')
  await dialog.getByRole('textbox', { name: 'Option 2' }).fill('The high street')
  await dialog.getByRole('button', { name: /Add option/ }).click()
  await dialog.getByRole('textbox', { name: 'Option 3' }).fill('The school field')
  await dialog.getByLabel(/Neighbourhood/).fill('atlantis-under-the-sea')
  await dialog.getByRole('button', { name: 'Create Poll' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Could not find neighbourhood.')
  await dialog.getByLabel(/Neighbourhood/).fill(SLUG)
  await expectNoAxeViolations(a.page)
  await shoot(a.page, 'polls-new')
  await dialog.getByRole('button', { name: 'Create Poll' }).click()
  await expect(toast(a.page, 'Poll created!')).toBeVisible()
  await expect(dialog).toBeHidden()
  const listed = a.page.getByRole('link', { name: question })
  await expect(listed).toBeVisible()
  await expect(a.page.locator('.poll-card').filter({ has: listed })).toContainText('0 votes')
  await expectNoAxeViolations(a.page)
  await shoot(a.page, 'polls')

  await listed.click()
  await expect(a.page).toHaveURL(/\/polls\/\d+$/)
  const url = a.page.url()
  await hydrated(a.page)
  await expect(a.page.locator('.poll-detail')).toHaveAttribute('data-live', 'subscribed')
  await b.page.goto(url)
  await hydrated(b.page)
  await expect(b.page.locator('.poll-detail')).toHaveAttribute('data-live', 'subscribed')
  await expect(b.page.getByRole('link', { name: /Back to Community Polls/ })).toHaveAttribute(
    'href',
    '/polls',
  )

  // A votes: 'Vote submitted.', buttons disabled, bars with counts and percentages; B live.
  await a.page.getByRole('button', { name: 'The school field' }).click()
  await expect(toast(a.page, 'Vote submitted.')).toBeVisible()
  for (const option of ['The park', 'The high street', 'The school field']) {
    await expect(a.page.getByRole('button', { name: option })).toBeDisabled()
  }
  await expect(result(a.page, 2)).toHaveText('1 vote · 100%')
  await expect(result(b.page, 2)).toHaveText('1 vote · 100%')
  await expect(b.page.locator('.poll-results h2')).toContainText('(1 vote)')

  // B votes from the second browser; A sees it live.
  await b.page.getByRole('button', { name: 'The park' }).click()
  await expect(toast(b.page, 'Vote submitted.')).toBeVisible()
  await expect(result(a.page, 0)).toHaveText('1 vote · 50%')
  await expect(result(a.page, 2)).toHaveText('1 vote · 50%')
  await expect(a.page.locator('.poll-results h2')).toContainText('(2 votes)')

  // A second vote is refused with 'You already voted.' (an old tab, or the API).
  const id = Number(url.split('/').pop())
  const again = await b.page.request.post(`/api/polls/${id}/vote`, { data: { optionIndex: 1 } })
  expect(again.status()).toBe(409)
  expect(((await again.json()) as { errors: { message: string }[] }).errors[0]!.message).toBe(
    'You already voted.',
  )
  const stale = await b.page.context().newPage()
  await stale.goto(url)
  // A new tab knows B's vote: its buttons stay disabled.
  await hydrated(stale)
  await expect(stale.getByRole('button', { name: 'The high street' })).toBeDisabled()
  await expectNoAxeViolations(b.page)
  await shoot(b.page, 'poll-detail')

  // Parallel clicks by one new voter keep exactly one vote.
  const c = await member(browser, 'clicker')
  await c.page.goto(url)
  await hydrated(c.page)
  // Live (so the island has run its effects), then ready: the status leaves 'Loading...' and the
  // buttons take clicks (a status still empty may only mean the island has not drawn it yet).
  await expect(c.page.locator('.poll-detail')).toHaveAttribute('data-live', 'subscribed')
  await expect(c.page.locator('.poll-status')).not.toHaveText('Loading...')
  await expect(c.page.getByRole('button', { name: 'The high street' })).toBeEnabled()
  // Two clicks in the same instant (before the buttons can re-render as disabled).
  await c.page.getByRole('button', { name: 'The high street' }).evaluate((button) => {
    ;(button as HTMLButtonElement).click()
    ;(button as HTMLButtonElement).click()
  })
  await expect(result(a.page, 1)).toHaveText('1 vote · 33%')
  await expect
    .poll(async () => {
      const res = await c.page.request.get(`/api/polls/${id}/summary`)
      return ((await res.json()) as { total: number }).total
    })
    .toBe(3)

  // And two requests at once from another new voter: one vote, one 'You already voted.'.
  const d = await member(browser, 'racer')
  const answers = await Promise.all(
    [0, 1].map((optionIndex) =>
      d.page.request.post(`/api/polls/${id}/vote`, { data: { optionIndex } }),
    ),
  )
  expect(answers.map((r) => r.status()).sort()).toEqual([201, 409])
  await expect(a.page.locator('.poll-results h2')).toContainText('(4 votes)')
})

test('a closed poll shows Voting is closed and refuses votes; signed out says Login to vote.', async ({
  browser,
}) => {
  const a = await member(browser, 'closer')
  const created = await a.page.request.post('/api/polls/new', {
    data: {
      question: `Already decided? ${Date.now().toString(36)}`,
      options: ['Yes', 'No'],
      closeDate: new Date(Date.now() - 3600_000).toISOString(),
    },
  })
  expect(created.status()).toBe(201)
  const { doc } = (await created.json()) as { doc: { id: number } }
  await a.page.goto(`/polls/${doc.id}`)
  await hydrated(a.page)
  await expect(a.page.getByText('Voting is closed', { exact: true })).toBeVisible()
  await expect(a.page.getByRole('button', { name: 'Yes' })).toBeDisabled()
  const refused = await a.page.request.post(`/api/polls/${doc.id}/vote`, {
    data: { optionIndex: 0 },
  })
  expect(refused.status()).toBe(409)
  expect(((await refused.json()) as { errors: { message: string }[] }).errors[0]!.message).toBe(
    'Voting is closed.',
  )

  // Signed out: an open poll offers 'Login to vote.'; clicking says so too.
  const open = await a.page.request.post('/api/polls/new', {
    data: { question: `Open question ${Date.now().toString(36)}`, options: ['Up', 'Down'] },
  })
  const openId = ((await open.json()) as { doc: { id: number } }).doc.id
  const anon = await (await browser.newContext()).newPage()
  await anon.goto(`/polls/${openId}`)
  await hydrated(anon)
  await expect(anon.getByRole('link', { name: 'Login to vote.' })).toBeVisible()
  await anon.getByRole('button', { name: 'Up' }).click()
  await expect(toast(anon, 'Login to vote.')).toBeVisible()

  // Signed out, the dialog refuses to create.
  await anon.goto('/polls')
  await hydrated(anon)
  await anon.getByRole('button', { name: 'New Poll' }).click()
  const dialog = anon.getByRole('dialog', { name: 'New Poll' })
  await dialog.getByLabel('Question').fill('Anyone?')
  await dialog.getByRole('textbox', { name: 'Option 1' }).fill('a')
  await dialog.getByRole('textbox', { name: 'Option 2' }).fill('b')
  await dialog.getByRole('button', { name: 'Create Poll' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('You must be logged in to create a poll.')
})

test('Poll not found', async ({ page }) => {
  const res = await page.goto('/polls/99999999')
  expect(res?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Poll not found' })).toBeVisible()
  await expect(page.getByRole('link', { name: /Back to Community Polls/ })).toHaveAttribute(
    'href',
    '/polls',
  )
  await expectNoAxeViolations(page)
  const list = await page.goto('/polls')
  expect(list?.status()).toBe(200)
  await expect(page.getByRole('heading', { name: 'Community Polls' })).toBeVisible()
})
