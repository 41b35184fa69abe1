import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'

import { test } from './answers'

import { expectNoAxeViolations } from './axe'
import { neighbourhoodBySlug, freshUser, openPerson, reviewsLive, type Person } from './helpers'

/**
 * Reactions and threaded comments on a review (SPEC §4, §5, §8, §9), in Chromium against the
 * built site, with a second browser watching live. Fresh users write on a fresh review of
 * Forest Hill, so the seeded demo data stays as it was.
 */

const SLUG = 'forest-hill'

test.describe.configure({ mode: 'serial' })

let writer: { userName: string; request: APIRequestContext }
let alice: Person
let bob: Person
let reviewId: number

/** Opens the neighbourhood page and waits until it listens on the neighbourhood channel. */
async function openReviewPage(page: Page, hash = '') {
  await page.goto(`/neighbourhood/${SLUG}${hash}`)
  await reviewsLive(page)
  const card = page.locator(`#review-${reviewId}`)
  await expect(card).toBeVisible()
  return card
}

const reviewBar = (card: Locator) => card.getByRole('group', { name: /review$/ })
const emoji = (bar: Locator, name: 'Heart' | 'Thumbs up' | 'Thumbs down') =>
  bar.getByRole('button', { name: new RegExp(`^${name},`) })
const commentBy = (scope: Locator | Page, userName: string, text: string) =>
  scope.getByRole('article', { name: `Comment by ${userName}` }).filter({ hasText: text })

async function openThread(card: Locator) {
  const toggle = card.getByRole('button', { name: /^Comments \(\d+\)$/ })
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
}

test.beforeAll(async ({ browser, playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL })
  const w = await freshUser(request, 'rev')
  writer = { userName: w.userName, request }
  const n = await neighbourhoodBySlug(request, SLUG)
  const created = await request.post('/api/reviews/new', {
    data: { neighbourhood: n.id, rating: 4, comment: `Forest Hill e2e review ${Date.now()}` },
  })
  expect(created.status(), await created.text()).toBe(201)
  reviewId = ((await created.json()) as { review: { id: number } }).review.id
  alice = await openPerson(browser, 'alice')
  bob = await openPerson(browser, 'bob')
})

test.afterAll(async () => {
  await alice?.page.context().close()
  await bob?.page.context().close()
  await writer?.request.dispose()
})

test('a reaction toggles, replaces and shows live in another browser', async () => {
  const aliceCard = await openReviewPage(alice.page)
  const bobCard = await openReviewPage(bob.page)
  const bar = reviewBar(aliceCard)
  const heart = emoji(bar, 'Heart')

  await expect(heart).toHaveAccessibleName('Heart, 0 reactions')
  await expect(heart).toHaveAttribute('aria-pressed', 'false')
  await heart.click()
  await expect(heart).toHaveAccessibleName('Heart, 1 reaction')
  await expect(heart).toHaveAttribute('aria-pressed', 'true')
  // Bob's page follows without a reload, and his own button is not pressed.
  await expect(emoji(reviewBar(bobCard), 'Heart')).toHaveAccessibleName('Heart, 1 reaction')
  await expect(emoji(reviewBar(bobCard), 'Heart')).toHaveAttribute('aria-pressed', 'false')

  // The same emoji again takes it back.
  await heart.click()
  await expect(heart).toHaveAccessibleName('Heart, 0 reactions')
  await expect(heart).toHaveAttribute('aria-pressed', 'false')
  await expect(emoji(reviewBar(bobCard), 'Heart')).toHaveAccessibleName('Heart, 0 reactions')

  // A different emoji replaces the first.
  await heart.click()
  await expect(heart).toHaveAccessibleName('Heart, 1 reaction')
  await emoji(bar, 'Thumbs up').click()
  await expect(emoji(bar, 'Thumbs up')).toHaveAccessibleName('Thumbs up, 1 reaction')
  await expect(emoji(bar, 'Thumbs up')).toHaveAttribute('aria-pressed', 'true')
  await expect(heart).toHaveAccessibleName('Heart, 0 reactions')
  await expect(heart).toHaveAttribute('aria-pressed', 'false')
  await expect(emoji(reviewBar(bobCard), 'Thumbs up')).toHaveAccessibleName('Thumbs up, 1 reaction')

  // After a reload the server still knows Alice's choice.
  const again = await openReviewPage(alice.page)
  await expect(emoji(reviewBar(again), 'Thumbs up')).toHaveAttribute('aria-pressed', 'true')
})

test('comments, replies and replies to replies reach every viewer live', async () => {
  const aliceCard = await openReviewPage(alice.page)
  const bobCard = await openReviewPage(bob.page)
  await openThread(aliceCard)
  await openThread(bobCard)
  await expect(aliceCard.getByText('No comments yet.')).toBeVisible()

  // A blank comment sends nothing.
  const box = aliceCard.getByRole('textbox', { name: 'Add a comment' })
  let posts = 0
  alice.page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/comments')) posts++
  })
  await box.fill('   ')
  await aliceCard.getByRole('button', { name: 'Post comment' }).click()
  await alice.page.waitForTimeout(300)
  expect(posts).toBe(0)

  await box.fill('Is the Horniman busy at weekends?')
  await aliceCard.getByRole('button', { name: 'Post comment' }).click()
  await expect(commentBy(aliceCard, alice.userName, 'Horniman')).toBeVisible()
  await expect(box).toHaveValue('')
  await expect(aliceCard.getByRole('button', { name: 'Comments (1)' })).toBeVisible()
  const aliceComment = commentBy(bobCard, alice.userName, 'Horniman')
  await expect(aliceComment).toBeVisible()
  await expect(aliceComment.getByRole('link', { name: alice.userName })).toHaveAttribute(
    'href',
    `/profile/${alice.userName}`,
  )
  await expect(aliceComment.locator('time')).toHaveText('just now')

  // Bob replies; Alice replies to his reply, which cannot be replied to any deeper.
  await aliceComment.getByRole('button', { name: 'Reply', exact: true }).click()
  await bobCard
    .getByRole('textbox', { name: `Reply to ${alice.userName}` })
    .fill('Mornings are calm')
  await aliceComment.getByRole('button', { name: 'Post reply' }).click()
  const bobReply = commentBy(aliceCard, bob.userName, 'Mornings are calm')
  await expect(bobReply).toBeVisible()
  await bobReply.getByRole('button', { name: 'Reply', exact: true }).click()
  await aliceCard.getByRole('textbox', { name: `Reply to ${bob.userName}` }).fill('Thanks, Bob!')
  await bobReply.getByRole('button', { name: 'Post reply' }).click()
  const deep = commentBy(bobCard, alice.userName, 'Thanks, Bob!')
  await expect(deep).toBeVisible()
  await expect(deep.getByRole('button', { name: 'Reply', exact: true })).toHaveCount(0)
  // Nesting as a reader sees it: the reply to the reply sits inside Bob's reply.
  await expect(
    bobCard.locator('li.comment[data-depth="1"] li.comment[data-depth="2"]'),
  ).toContainText('Thanks, Bob!')
  await expect(bobCard.getByRole('button', { name: 'Comments (3)' })).toBeVisible()
})

test('the first 2 replies show, the rest behind "View N more replies"', async ({ browser }) => {
  const top = await writer.request.get(
    `/api/comments?where[targetKind][equals]=review&where[targetId][equals]=${reviewId}&where[parent][exists]=false&depth=0`,
  )
  const topId = ((await top.json()) as { docs: { id: number }[] }).docs[0]!.id
  for (const text of ['Second reply', 'Third reply', 'Fourth reply']) {
    const res = await writer.request.post('/api/comments/new', {
      data: { targetKind: 'review', targetId: reviewId, parent: topId, content: text },
    })
    expect(res.status(), await res.text()).toBe(201)
  }
  // A visitor: fresh page, nothing opened yet.
  const context = await browser.newContext()
  const visitor = await context.newPage()
  // Wait for the island: a click on the prerendered toggle before hydration does nothing.
  const card = await openReviewPage(visitor)
  await openThread(card)
  await expect(card.getByText('Mornings are calm')).toBeVisible()
  await expect(card.getByText('Second reply')).toBeVisible()
  await expect(card.getByText('Third reply')).toHaveCount(0)
  const more = card.getByRole('button', { name: 'View 2 more replies' })
  await more.click()
  await expect(card.getByText('Third reply')).toBeVisible()
  await expect(card.getByText('Fourth reply')).toBeVisible()
  await expect(more).toHaveCount(0)
  // The review card's badge colours belong to the reviews screen and are checked there.
  await expectNoAxeViolations(visitor, ['.user-badges'])

  // Signed out: reacting, replying and commenting ask to log in.
  await emoji(reviewBar(card), 'Heart').click()
  await expect(visitor.getByText('Login to react')).toBeVisible()
  await expect(emoji(reviewBar(card), 'Heart')).toHaveAttribute('aria-pressed', 'false')
  await commentBy(card, writer.userName, 'Second reply')
    .getByRole('button', { name: 'Reply', exact: true })
    .click()
  await expect(visitor.getByText('Please login to reply')).toBeVisible()
  await expect(card.getByRole('link', { name: 'Please login to comment' })).toBeVisible()
  await context.close()
})

test('a #comment link opens the thread at that comment', async () => {
  const res = await writer.request.get(
    `/api/comments?where[targetId][equals]=${reviewId}&where[content][equals]=Fourth reply&depth=0`,
  )
  const id = ((await res.json()) as { docs: { id: number }[] }).docs[0]!.id
  await openReviewPage(bob.page, `#comment-${id}`)
  const target = bob.page.locator(`#comment-${id}`)
  await expect(target).toBeVisible()
  await expect(target).toBeFocused()
  await expect(target).toBeInViewport()
})

test('the author edits and deletes a comment; replies go with it, everywhere', async () => {
  const aliceCard = await openReviewPage(alice.page)
  const bobCard = await openReviewPage(bob.page)
  await openThread(aliceCard)
  await openThread(bobCard)
  const mine = commentBy(aliceCard, alice.userName, 'Horniman')
  // Only the author sees Edit and Delete.
  await expect(
    commentBy(bobCard, alice.userName, 'Horniman').getByRole('button', { name: 'Edit' }),
  ).toHaveCount(0)

  await mine.getByRole('button', { name: 'Edit' }).click()
  const edit = mine.getByRole('textbox', { name: 'Edit your comment' })
  await expect(edit).toBeFocused()
  await edit.fill('Is the Horniman Museum busy on Sundays?')
  await mine.getByRole('button', { name: 'Cancel' }).click()
  await expect(mine).toContainText('Is the Horniman busy at weekends?')
  await mine.getByRole('button', { name: 'Edit' }).click()
  await edit.fill('Is the Horniman Museum busy on Sundays?')
  await mine.getByRole('button', { name: 'Save' }).click()
  await expect(mine.getByRole('textbox')).toHaveCount(0)
  await expect(mine).toContainText('on Sundays?')
  await expect(commentBy(bobCard, alice.userName, 'on Sundays?')).toBeVisible()

  await mine.getByRole('link', { name: 'Delete', exact: true }).click()
  const dialog = alice.page.getByRole('dialog', { name: 'Delete this comment?' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await expectNoAxeViolations(alice.page, ['.user-badges'])
  await alice.page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(mine).toBeVisible()

  await mine.getByRole('link', { name: 'Delete', exact: true }).click()
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(dialog).toBeHidden()
  await expect(aliceCard.getByText('on Sundays?')).toHaveCount(0)
  await expect(aliceCard.getByText('Mornings are calm')).toHaveCount(0)
  await expect(aliceCard.getByText('No comments yet.')).toBeVisible()
  await expect(aliceCard.getByRole('button', { name: 'Comments (0)' })).toBeVisible()
  // Bob's open page loses the comment and its replies too.
  await expect(bobCard.getByText('on Sundays?')).toHaveCount(0)
  await expect(bobCard.getByText('Thanks, Bob!')).toHaveCount(0)
  await expect(bobCard.getByText('No comments yet.')).toBeVisible()
})
