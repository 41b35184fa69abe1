import { expect, type APIRequestContext, type Page } from '@playwright/test'

import { test } from './answers'

import { MODERATION_TEXT } from '@/rules/moderation'

import { expectNoAxeViolations } from './axe'
import {
  freshUser,
  hydrated,
  neighbourhoodBySlug,
  shoot,
  signedInApi,
  signInToAdmin,
  reviewsLive,
} from './helpers'

/**
 * Moderation end to end: members report, the item leaves every reader's page (open ones live,
 * the static HTML too), its author is told, an editor restores it from the admin's queue, and the
 * public log shows both decisions; an editor's suspension stops a member's writes.
 */

const SLUG = 'peckham'
const RUN = Date.now().toString(36)

/** The shots of this file, each followed by the desktop viewport the next steps use. */
const shotThenDesktop = (page: Page, name: string, widths?: number[]) =>
  shoot(page, name, { widths, restoreHeight: 800 })

/** A report as another member's browser sends it (201, or 409 when a retry sent it already). */
async function reportAs(request: APIRequestContext, user: string, targetId: number) {
  await signedInApi(request, user)
  const res = await request.post('/api/reports/send', {
    data: { targetKind: 'review', targetId, reason: 'spam' },
  })
  expect([201, 409]).toContain(res.status())
}

const staticHtml = async (request: APIRequestContext, path: string) =>
  (await request.get(path, { headers: { cookie: '' } })).text()

test('three members report a review: it leaves every page, an editor restores it, the log shows both', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(180_000)
  const base = test.info().project.use.baseURL!
  // The author writes a review.
  const authorContext = await browser.newContext()
  const author = await authorContext.newPage()
  await freshUser(author.request, 'reported')
  const n = await neighbourhoodBySlug(author.request, SLUG)
  const text = `Spammy review ${RUN}: buy cheap watches at example dot com`
  const created = await author.request.post('/api/reviews/new', {
    data: { neighbourhood: n.id, rating: 5, comment: text },
  })
  expect(created.status()).toBe(201)
  const reviewId = ((await created.json()) as { review: { id: number } }).review.id

  // A reader has the page open.
  const readerContext = await browser.newContext()
  const reader = await readerContext.newPage()
  await reader.goto(`/neighbourhood/${SLUG}`)
  await hydrated(reader)
  await expect(reader.getByText(text)).toBeVisible()

  // Priya reports it through the dialog.
  const priyaContext = await browser.newContext()
  const priya = await priyaContext.newPage()
  await signedInApi(priya.request, 'priya')
  await priya.goto(`/neighbourhood/${SLUG}`)
  await hydrated(priya)
  const card = priya.locator('li', { has: priya.getByText(text) }).last()
  await card.getByRole('button', { name: /^Report/ }).click()
  const dialog = priya.getByRole('dialog', { name: MODERATION_TEXT.title })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('radio', { name: 'Something else' }).check()
  await dialog.getByRole('button', { name: MODERATION_TEXT.send }).click()
  await expect(dialog.getByRole('alert')).toHaveText(MODERATION_TEXT.noteNeeded)
  await expectNoAxeViolations(priya)
  await shotThenDesktop(priya, 'report-dialog')
  await dialog.getByRole('radio', { name: 'Spam' }).check()
  await dialog.getByRole('button', { name: MODERATION_TEXT.send }).click()
  await expect(priya.getByText(MODERATION_TEXT.thanks)).toBeVisible()
  await expect(dialog).toBeHidden()

  // Two more established members: the review is hidden pending review.
  const others = await playwright.request.newContext({ baseURL: base })
  await reportAs(others, 'kwame', reviewId)
  const third = await playwright.request.newContext({ baseURL: base })
  await reportAs(third, 'sofia', reviewId)

  // The open page loses it live; the static HTML no longer holds it.
  await expect(reader.getByText(text)).toHaveCount(0)
  await expect.poll(() => staticHtml(reader.request, `/neighbourhood/${SLUG}`)).not.toContain(text)

  // Its author is told why, in the bell.
  const told = await author.request.get('/api/notifications?where[type][equals]=moderation')
  const notes = (await told.json()) as { docs: { message: string }[] }
  expect(notes.docs[0]?.message).toMatch(/hidden while an editor reviews it \(reported as spam\)/)

  // The notice leads to the post, marked, where its author asks for a review.
  await author.goto(`/appeal?kind=review&id=${reviewId}`)
  await expect(
    author.getByRole('status').filter({ hasText: MODERATION_TEXT.hiddenNotice }),
  ).toBeVisible()
  await expect(author.locator('blockquote')).toHaveText(text)
  const appeal = 'It was a joke between neighbours, not spam.'
  await author.getByLabel(/why it should be shown again/).fill(appeal)
  await author.getByRole('button', { name: MODERATION_TEXT.askForReview }).click()
  await expect(author.getByText(MODERATION_TEXT.appealSent)).toBeVisible()
  await expect(author.getByText(/You asked for a review on/)).toBeVisible()
  await expectNoAxeViolations(author)
  await shotThenDesktop(author, 'appeal')

  // Its author still sees it where it was, marked, and on their profile; readers do not.
  await author.goto(`/neighbourhood/${SLUG}`)
  await reviewsLive(author)
  const ownHidden = author.getByRole('list', { name: 'Your hidden posts' })
  await expect(ownHidden.getByText(text)).toBeVisible()
  await expect(ownHidden).toContainText(MODERATION_TEXT.hiddenNotice)
  await expect(ownHidden).toContainText(MODERATION_TEXT.appealWaiting)
  await expectNoAxeViolations(author)
  await ownHidden.scrollIntoViewIfNeeded()
  await shotThenDesktop(author, 'own-hidden-review')
  await author.goto('/profile')
  const onProfile = author.getByRole('region', { name: MODERATION_TEXT.hiddenNotice })
  await expect(onProfile.getByText(text)).toBeVisible()
  await expect(onProfile.getByRole('link', { name: 'where it was' })).toHaveAttribute(
    'href',
    `/neighbourhood/${SLUG}#review-${reviewId}`,
  )
  await reader.reload()
  await hydrated(reader)
  await expect(reader.getByText(text)).toHaveCount(0)

  // An editor opens Moderation in the admin and restores it.
  const editorContext = await browser.newContext()
  const editor = await editorContext.newPage()
  await signInToAdmin(editor)
  // First in the nav, with the number of open cases (the nav itself may be folded away).
  await expect(
    editor.getByRole('link', { name: /^Moderation \(\d+ open\)/ }).first(),
  ).toHaveAttribute('href', '/admin/moderation')
  await editor.goto('/admin/moderation')
  await expect(editor.getByRole('heading', { name: 'Moderation', level: 1 })).toBeVisible()
  const theCase = editor.getByRole('listitem', { name: `Case: review ${reviewId}` })
  await expect(theCase.locator('blockquote')).toHaveText(text)
  await expect(theCase).toContainText('Spam (3)')
  await expect(theCase).toContainText(appeal)
  await expectNoAxeViolations(editor)
  await shotThenDesktop(editor, 'admin-moderation', [1280])
  await theCase.getByRole('button', { name: 'Restore' }).click()
  await expect(editor.getByRole('status').filter({ hasText: 'Decided 1 case.' })).toBeVisible()
  await expect(theCase).toHaveCount(0)

  // Back in the static page; the public log lists both decisions.
  await expect.poll(() => staticHtml(reader.request, `/neighbourhood/${SLUG}`)).toContain(text)
  await reader.goto('/moderation')
  const rows = reader.getByRole('row')
  await expect(rows.filter({ hasText: 'Restored' }).first()).toContainText('Spam')
  await expect(rows.filter({ hasText: /Hidden.*by reports/ }).first()).toContainText('review')
  await expect(reader.getByRole('link', { name: 'Moderation log' })).toBeVisible()
  await expectNoAxeViolations(reader)
  await shotThenDesktop(reader, 'moderation-log')

  for (const c of [authorContext, readerContext, priyaContext, editorContext]) await c.close()
  await others.dispose()
  await third.dispose()
})

test('an editor suspends a member, whose next review answers the suspension, then lifts it', async ({
  browser,
  page,
  playwright,
}) => {
  const member = await freshUser(page.request, 'suspended')
  const n = await neighbourhoodBySlug(page.request, SLUG)
  const post = await page.request.post('/api/discussions/new', {
    data: { title: `Rude ${RUN}`, content: 'Rude words.', neighbourhood: n.id },
  })
  const discussionId = ((await post.json()) as { doc: { id: number } }).doc.id
  const editor = await playwright.request.newContext({
    baseURL: test.info().project.use.baseURL!,
  })
  await signedInApi(editor, 'tom')
  const decided = await editor.post('/api/reports/decide', {
    data: {
      cases: [{ targetKind: 'discussion', targetId: discussionId }],
      action: 'suspend',
      length: 'week',
    },
  })
  expect(decided.status()).toBe(200)
  await editor.dispose()

  // Signed out by the suspension; signed in again, the review form answers with the date.
  await page.request.post('/api/users/login', {
    data: { email: member.email, password: 'fresh-member-password' },
  })
  await page.goto(`/neighbourhood/${SLUG}`)
  await hydrated(page)
  const form = page.getByRole('form', { name: 'Write a review' })
  await form.getByRole('radio', { name: /^4 stars?,/ }).check()
  await form.getByRole('textbox', { name: 'Your review' }).fill('Lovely place, honestly.')
  await form.getByRole('button', { name: 'Post review' }).click()
  await expect(
    page.getByText(/Your account is suspended until \d{1,2} \w+ \d{4}\./).first(),
  ).toBeVisible()

  // An editor lifts it from the Moderation view; the member's next review is posted.
  const editorContext = await browser.newContext()
  const admin = await editorContext.newPage()
  await signInToAdmin(admin)
  await admin.goto('/admin/moderation')
  const suspended = admin.getByRole('region', { name: 'Suspended members' })
  await suspended.getByRole('button', { name: `Lift the suspension of ${member.userName}` }).click()
  await expect(suspended.getByRole('status')).toHaveText('Suspension lifted.')
  await expect(suspended.getByText(member.userName)).toHaveCount(0)
  await editorContext.close()
  await form.getByRole('button', { name: 'Post review' }).click()
  await expect(page.getByRole('listitem').getByText('Lovely place, honestly.')).toBeVisible()
})
