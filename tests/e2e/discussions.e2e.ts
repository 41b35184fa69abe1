import { expect, type Page } from '@playwright/test'

import { test } from './answers'

import { expectNoAxeViolations } from './axe'
import { freshUser, hydrated, openPerson, shoot, type Person } from './helpers'

/**
 * Discussions (SPEC §2 Discussions, §4, §5): start one from a neighbourhood's list, filter by tag
 * without JavaScript, reply three levels deep, open a #comment- link, inline edit and delete by
 * the author, Back, and 'Discussion not found'. Fresh members write, so the seed stays as it was.
 */

const SLUG = 'forest-hill'
const TAG = `e2e${Date.now().toString(36)}`
const TITLE = `Quiet cafés near the park ${TAG}`

test.describe.configure({ mode: 'serial' })

let alice: Person
let bob: Person
let discussionId: number

/** Shots only when SHOTS is set: this file shoots many steps. */
const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS) await shoot(page, name, { restoreHeight: 720 })
}

const commentBy = (page: Page, userName: string, text: string) =>
  page.getByRole('article', { name: `Comment by ${userName}` }).filter({ hasText: text })

test.beforeAll(async ({ browser }) => {
  alice = await openPerson(browser, 'alice')
  bob = await openPerson(browser, 'bob')
})
test.afterAll(async () => {
  await alice?.page.context().close()
  await bob?.page.context().close()
})

test('start a discussion from a neighbourhood list (title and content required)', async () => {
  const { page } = alice
  await page.goto(`/neighbourhood/${SLUG}/discussions`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Discussions in')
  await expect(page.getByRole('link', { name: `← Back to ${SLUG}` })).toHaveAttribute(
    'href',
    `/neighbourhood/${SLUG}`,
  )
  await hydrated(page)
  await page.getByRole('button', { name: 'New Discussion' }).click()
  const form = page.getByRole('form', { name: 'Start a discussion' })
  await expect(form).toBeVisible()
  await form.getByRole('button', { name: 'Post Discussion' }).click()
  await expect(form.getByText('Title is required.')).toBeVisible()
  await expect(form.getByText('Content is required.')).toBeVisible()
  await expectNoAxeViolations(page)
  await shot(page, 'neighbourhood-discussions-form')

  await form.getByLabel('Title').fill(TITLE)
  await form.getByLabel('What would you like to discuss?').fill('Somewhere to read\nfor an hour.')
  await form.getByLabel(/Tags/).fill(` ${TAG}, parks ,, `)
  await form.getByRole('button', { name: 'Post Discussion' }).click()
  await page.waitForURL(/\/discussions\/\d+$/)
  discussionId = Number(new URL(page.url()).pathname.split('/').pop())
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible()
  await expect(page.getByRole('link', { name: `#${TAG}` })).toBeVisible()
  await expect(page.getByRole('link', { name: '#parks' })).toBeVisible()
  // The post names its neighbourhood as people write it, linked by its slug.
  await expect(page.getByRole('link', { name: 'Forest Hill', exact: true })).toHaveAttribute(
    'href',
    `/neighbourhood/${SLUG}`,
  )
})

test('the list is in the HTML, and the tag filter and Clear work without JavaScript', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto(`/discussions?tag=${TAG}`)
  await expect(page.getByRole('link', { name: TITLE })).toBeVisible()
  await expect(page.getByRole('status')).toHaveText(`1 discussion tagged #${TAG}`)
  await page.getByRole('link', { name: 'Clear' }).click()
  await expect(page).toHaveURL(/\/discussions$/)
  // The GET form: type a tag, press Enter.
  const box = page.getByRole('searchbox', { name: 'Tag' })
  await box.fill(TAG.toUpperCase())
  await box.press('Enter')
  await expect(page).toHaveURL(new RegExp(`tag=${TAG.toUpperCase()}`))
  await expect(page.getByRole('link', { name: TITLE })).toBeVisible()
  await page.goto(`/neighbourhood/${SLUG}/discussions?tag=${TAG}-none`)
  await expect(page.getByText('No discussions yet.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Clear' })).toHaveAttribute(
    'href',
    `/neighbourhood/${SLUG}/discussions`,
  )
  await context.close()
})

test('reply three levels deep, then a #comment- link brings that comment into view', async () => {
  const url = `/discussions/${discussionId}`
  // Enough comments above that the linked one starts below the fold.
  for (let i = 1; i <= 6; i++) {
    const res = await bob.page.request.post('/api/comments/new', {
      data: {
        targetKind: 'discussion',
        targetId: discussionId,
        content: `Filler ${i}: ${'a long thought about benches. '.repeat(8)}`,
      },
    })
    expect(res.status()).toBe(201)
  }
  await alice.page.goto(url)
  await bob.page.goto(url)
  await hydrated(alice.page)
  await hydrated(bob.page)

  await alice.page.getByRole('textbox', { name: 'Add a comment' }).fill('Level one: the library?')
  await alice.page.getByRole('button', { name: 'Post comment' }).click()
  const first = commentBy(alice.page, alice.userName, 'Level one')
  await expect(first).toBeVisible()

  const firstForBob = commentBy(bob.page, alice.userName, 'Level one')
  await expect(firstForBob).toBeVisible() // live
  await firstForBob.getByRole('button', { name: 'Reply', exact: true }).click()
  await bob.page.getByRole('textbox', { name: `Reply to ${alice.userName}` }).fill('Level two')
  await bob.page.getByRole('button', { name: 'Post reply' }).click()
  const second = commentBy(bob.page, bob.userName, 'Level two')
  await expect(second).toBeVisible()

  const secondForAlice = commentBy(alice.page, bob.userName, 'Level two')
  await expect(secondForAlice).toBeVisible()
  await secondForAlice.getByRole('button', { name: 'Reply', exact: true }).click()
  await expectNoAxeViolations(alice.page)
  await alice.page.getByRole('textbox', { name: `Reply to ${bob.userName}` }).fill('Level three')
  await alice.page.getByRole('button', { name: 'Post reply' }).click()
  const third = commentBy(alice.page, alice.userName, 'Level three')
  await expect(third).toBeVisible()
  // Depth 2 is the deepest: no Reply there (SPEC §9).
  await expect(third.getByRole('button', { name: 'Reply', exact: true })).toHaveCount(0)
  const thirdItem = alice.page.locator('li.comment[data-depth="2"]', { has: third })
  const thirdId = (await thirdItem.getAttribute('id'))!.replace('comment-', '')
  await shot(alice.page, 'discussion-thread')

  const context = await bob.page.context().browser()!.newContext()
  const visitor = await context.newPage()
  await visitor.goto(`${url}#comment-${thirdId}`)
  const target = visitor.locator(`#comment-${thirdId}`)
  await expect(target).toBeInViewport()
  await expect(target).toBeFocused()
  await expect(target).toHaveClass(/is-target/)
  await expect(target).toContainText('Level three')
  await context.close()

  // The bell: bob's reply to alice's comment leads to that reply, in view.
  await alice.page.goto('/')
  const bell = alice.page.getByRole('button', { name: /^Notifications/ })
  await expect(alice.page.locator('astro-island', { has: bell })).not.toHaveAttribute('ssr')
  await bell.click()
  const panel = alice.page.getByRole('dialog', { name: 'Notifications' })
  await panel.getByRole('listitem').first().getByRole('link').click()
  await alice.page.waitForURL(new RegExp(`${url}#comment-\\d+$`))
  const linked = alice.page.locator(new URL(alice.page.url()).hash)
  await expect(linked).toBeInViewport()
  await expect(linked).toHaveClass(/is-target/)
  await expect(linked).toContainText('Level two')
})

test('the author edits inline and deletes after confirming; others get no controls', async () => {
  const url = `/discussions/${discussionId}`
  await bob.page.goto(url)
  await hydrated(bob.page)
  const bobPost = bob.page.locator('.discussion-post')
  await expect(bobPost.getByRole('button', { name: 'Heart, 0 reactions' })).toBeVisible()
  await expect(bobPost.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0)
  await bobPost.getByRole('button', { name: 'Heart, 0 reactions' }).click()
  await expect(bobPost.getByRole('button', { name: 'Heart, 1 reaction' })).toBeVisible()

  const { page } = alice
  await page.goto(url)
  await hydrated(page)
  const post = page.locator('.discussion-post')
  await post.getByRole('link', { name: 'Edit', exact: true }).click()
  const edit = page.getByRole('form', { name: 'Edit discussion' })
  await edit.getByLabel('Title').fill('  ')
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(edit.getByText('Title is required.')).toBeVisible()
  await expectNoAxeViolations(page)
  await edit.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible()
  await post.getByRole('link', { name: 'Edit', exact: true }).click()
  await edit.getByLabel('Title').fill(`${TITLE} (edited)`)
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('heading', { level: 1, name: `${TITLE} (edited)` })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: `${TITLE} (edited)` })).toBeVisible()
  await hydrated(page)

  await post.getByRole('link', { name: 'Delete', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete this discussion?' })
  await expect(dialog).toBeVisible()
  await expectNoAxeViolations(page)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await post.getByRole('link', { name: 'Delete', exact: true }).click()
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await page.waitForURL(new RegExp(`/neighbourhood/${SLUG}/discussions$`))
  const gone = await page.request.get(url)
  expect(gone.status()).toBe(404)
  expect(await gone.text()).toContain('Discussion not found')
})

test('Back returns to the page the visitor came from; unknown ids are not found', async ({
  page,
}) => {
  const { id, userName } = await freshUser(page.request, 'back')
  const created = await page.request.post('/api/discussions/new', {
    data: { title: `Back test by ${userName}`, content: 'Where did I come from?', tags: [TAG] },
  })
  expect(created.status()).toBe(201)
  expect(id).toBeGreaterThan(0)
  await page.goto(`/discussions?tag=${TAG}`)
  await page.getByRole('link', { name: `Back test by ${userName}` }).click()
  await expect(page).toHaveURL(/\/discussions\/\d+$/)
  await hydrated(page)
  await expectNoAxeViolations(page)
  await page.getByRole('link', { name: '← Back' }).click()
  await expect(page).toHaveURL(new RegExp(`/discussions\\?tag=${TAG}$`))

  for (const missing of ['/discussions/999999999', '/discussions/not-a-number']) {
    const res = await page.goto(missing)
    expect(res?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Discussion not found' })).toBeVisible()
  }
})

test('the lists and an empty tag pass axe at phone width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/discussions')
  await hydrated(page)
  // Signed out: an invitation to sign in instead of the form.
  await expect(page.getByRole('link', { name: 'Please login to start a discussion' })).toBeVisible()
  await expectNoAxeViolations(page)
  await freshUser(page.request, 'phone')
  await page.reload()
  await hydrated(page)
  await page.getByRole('button', { name: 'New Discussion' }).click()
  await expectNoAxeViolations(page)
  await shot(page, 'discussions')
  await page.goto(`/discussions?tag=${TAG}-none`)
  await expect(page.getByText('No discussions yet.')).toBeVisible()
  await expectNoAxeViolations(page)
})
