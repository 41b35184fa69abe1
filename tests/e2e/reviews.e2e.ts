import { expect, type Browser, type Page } from '@playwright/test'

import { test } from './answers'
import sharp from 'sharp'

import { expectNoAxeViolations } from './axe'
import { neighbourhoodBySlug, signedInApi, freshUser, reviewsLive } from './helpers'

/**
 * The neighbourhood page and its reviews (SPEC §2, §4, §5, §8), in Chromium against the built
 * site. Fresh users write on neighbourhoods no other e2e file writes on, and the unclaimed review
 * is made for the test, so the seeded demo data stays as it was.
 */

const JOURNEY = 'walthamstow'

async function freshPage(browser: Browser, prefix?: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  const user = prefix ? await freshUser(page.request, prefix) : null
  return { page, user }
}

/** A real, decodable PNG (the server judges uploads by their bytes). */
const png = (colour: string, width = 800, height = 500) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer()

/** Opens a neighbourhood page and waits until its reviews listen live. */
async function openLive(page: Page, slug: string) {
  await page.goto(`/neighbourhood/${slug}`)
  await reviewsLive(page)
}

const form = (page: Page) => page.locator('form.review-form')
/** A toast (the bell's own screen-reader status says 'New notification: …', not this). */
const toast = (page: Page, text: string) =>
  page.getByRole('status').and(page.getByText(text, { exact: true }))

/** Writes a review through the form (rating by its radio, like a keyboard user could). */
async function writeReview(page: Page, text: string, rating: number, photo?: Buffer) {
  const f = form(page)
  await f.getByRole('radio', { name: new RegExp(`^${rating} stars?,`) }).check()
  await f.getByRole('textbox', { name: 'Your review' }).fill(text)
  if (photo) {
    await f
      .getByLabel(/^Photo \(optional/)
      .setInputFiles({ name: 'street.png', mimeType: 'image/png', buffer: photo })
  }
  await f.getByRole('button', { name: 'Post review' }).click()
}

test('a newcomer finds a neighbourhood, reviews it with a photo, and others see it live', async ({
  browser,
}) => {
  const a = await freshPage(browser, 'newbie')
  const me = a.user!
  const page = a.page

  // Home → search → the neighbourhood page.
  await page.goto('/')
  const search = page.getByRole('searchbox').first()
  // The search island loads on its first focus; typed into once it has hydrated (Astro drops
  // `ssr` then).
  await search.focus()
  await expect(page.locator('astro-island', { has: search }).first()).not.toHaveAttribute('ssr')
  await search.fill('Walthamstow')
  await search.press('Enter')
  await page.locator(`a[href="/neighbourhood/${JOURNEY}"]`).first().click()
  await expect(page).toHaveURL(new RegExp(`/neighbourhood/${JOURNEY}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Walthamstow' })).toBeVisible()

  // The reviews are in the HTML itself, before any JavaScript runs.
  const seeded = await page.request.get(
    `/api/reviews?where[neighbourhood][equals]=${(await neighbourhoodBySlug(page.request, JOURNEY)).id}&sort=-createdAt&limit=1&depth=0`,
  )
  const newest = ((await seeded.json()) as { docs: { comment: string }[] }).docs[0]!
  const html = await (await page.request.get(`/neighbourhood/${JOURNEY}`)).text()
  expect(html).toContain(escapeHtml(newest.comment))
  expect(html).toContain('<time')

  // A second browser (a visitor) watches the same page.
  const b = await freshPage(browser)
  await openLive(b.page, JOURNEY)
  await openLive(page, JOURNEY)

  // Signed in: the form posts as the newcomer; a photo goes up with a progress bar.
  await expect(form(page)).toContainText(`Posting as ${me.userName}`)
  const text = `The Sunday market smells of fresh bread (${Date.now()})`
  let uploadSeen = false
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/media')) uploadSeen = true
  })
  const posted = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/api\/reviews\/new$/.test(r.url()),
  )
  await writeReview(page, text, 4, await png('#2f6b4f'))
  const answer = await posted
  const postedAt = Date.now()
  expect(answer.status()).toBe(201)
  expect(uploadSeen).toBe(true)
  await expect(toast(page, 'Thanks for your review!')).toBeVisible()

  // The writer sees it at once, with the photo; the visitor sees it live, without a reload.
  const mine = page.locator('.review').filter({ hasText: text })
  await expect(mine).toBeVisible()
  await expect(mine.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible()
  await expect(mine.getByRole('button', { name: /^Open photo/ })).toBeVisible()
  const theirs = b.page.locator('.review').filter({ hasText: text })
  await expect(theirs).toBeVisible()
  console.log(`review visible in the second browser ${Date.now() - postedAt} ms after the POST`)
  await expect(theirs.getByRole('link', { name: me.userName, exact: true })).toHaveAttribute(
    'href',
    `/profile/${me.userName}`,
  )
  await expect(theirs.locator('time')).toHaveText('just now')
  await expect(b.page.locator('.reviews-toolbar h2')).toContainText(/\(\d+\)/)

  // React with a heart and reply; the visitor's page follows.
  const heart = mine.getByRole('button', { name: /^Heart,/ })
  await heart.click()
  await expect(heart).toHaveAccessibleName('Heart, 1 reaction')
  await expect(theirs.getByRole('button', { name: /^Heart,/ })).toHaveAccessibleName(
    'Heart, 1 reaction',
  )
  await mine.getByRole('button', { name: /^Comments \(\d+\)$/ }).click()
  await mine.getByRole('textbox', { name: 'Add a comment' }).fill('Go early for the sourdough')
  await mine.getByRole('button', { name: 'Post comment' }).click()
  // (The comment, not the box: a live push may show it before the box empties.)
  await expect(
    mine.getByRole('article', { name: /^Comment by/ }).getByText('Go early for the sourdough'),
  ).toBeVisible()
  await expect(theirs.getByRole('button', { name: 'Comments (1)' })).toBeVisible()

  await b.page.context().close()
  await page.context().close()
})

test('the third review on different neighbourhoods earns "Frequent Explorer"', async ({
  browser,
}) => {
  const { page } = await freshPage(browser, 'explorer')
  for (const slug of ['chiswick', 'muswell-hill']) {
    const n = await neighbourhoodBySlug(page.request, slug)
    const res = await page.request.post('/api/reviews/new', {
      data: { neighbourhood: n.id, rating: 5, comment: `Lovely ${slug} (${Date.now()})` },
    })
    expect(res.status(), await res.text()).toBe(201)
  }
  await openLive(page, 'richmond')
  await writeReview(page, `Deer in the park at dawn (${Date.now()})`, 5)
  await expect(toast(page, 'Thanks for your review!')).toBeVisible()
  await expect(toast(page, 'You earned the "Frequent Explorer" badge!')).toBeVisible()
  // The new card wears the badge.
  await expect(page.locator('.review').first().locator('.user-badge')).toContainText(
    'Frequent Explorer',
  )
  await page.context().close()
})

test('the form checks photos and asks visitors to sign in', async ({ browser }) => {
  const visitor = await freshPage(browser)
  await openLive(visitor.page, 'ealing')
  await form(visitor.page).getByRole('textbox', { name: 'Your review' }).fill('Nice')
  await form(visitor.page).getByRole('button', { name: 'Post review' }).click()
  await expect(form(visitor.page)).toContainText('Please login to submit a review')
  await expect(form(visitor.page).getByRole('link', { name: 'Sign in' }).first()).toHaveAttribute(
    'href',
    '/login?next=%2Fneighbourhood%2Fealing',
  )
  await visitor.page.context().close()

  const { page } = await freshPage(browser, 'checker')
  await openLive(page, 'ealing')
  const photo = form(page).getByLabel(/^Photo \(optional/)
  await photo.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hi'),
  })
  await expect(form(page)).toContainText('Only image files are allowed.')
  const big = Buffer.alloc(2 * 1024 * 1024 + 10, 1)
  await photo.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: big })
  await expect(form(page)).toContainText('huge.png exceeds 2MB')
  // Text is required: nothing is sent without it.
  await form(page).getByRole('button', { name: 'Post review' }).click()
  await expect(form(page)).toContainText('Please write your review.')
  await page.context().close()
})

/** The star ratings of the reviews shown, in order. */
async function ratingsShown(page: Page) {
  const labels = await page
    .locator('.review > .stars')
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''))
  return labels.map((l) => Number(/Rated (\d)/.exec(l)![1]))
}

test('sort Highest and Lowest order the list', async ({ page }) => {
  await openLive(page, 'greenwich')
  const ratings = () => ratingsShown(page)
  const sort = page.getByRole('navigation', { name: 'Sort reviews' })
  await sort.getByRole('link', { name: 'Highest' }).click()
  await expect(sort.getByRole('link', { name: 'Highest' })).toHaveAttribute('aria-current', 'true')
  await expect(page).toHaveURL(/\/neighbourhood\/greenwich\?sort=highest$/)
  await expect.poll(ratings).toEqual([...(await ratings())].sort((x, y) => y - x))
  const high = await ratings()
  await sort.getByRole('link', { name: 'Lowest' }).click()
  await expect.poll(ratings).toEqual([...high].sort((x, y) => x - y))
  expect(new Set(high).size).toBeGreaterThan(1)
})

test('without JavaScript the sort and Show more reviews are links the server answers', async ({
  browser,
  playwright,
  baseURL,
}) => {
  // Brockley gets more than a page of reviews, from members made for the test.
  const api = await playwright.request.newContext({ baseURL })
  const n = await neighbourhoodBySlug(api, 'brockley')
  const count = async () =>
    (
      (await (
        await api.get(`/api/reviews?where[neighbourhood][equals]=${n.id}&limit=1&depth=0`)
      ).json()) as { totalDocs: number }
    ).totalDocs
  for (let i = await count(); i < 12; i++) {
    await freshUser(api, 'pager')
    const review = await api.post('/api/reviews/new', {
      data: {
        neighbourhood: n.id,
        rating: (i % 5) + 1,
        comment: `Brockley review ${i}: the hill, the Saturday market and the trains into town.`,
      },
    })
    expect(review.status(), await review.text()).toBe(201)
  }
  const total = await count()
  await api.dispose()

  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  const cards = page.locator('.review-list > .review')
  const more = page.getByRole('link', { name: 'Show more reviews' })
  // The static page is rewritten after the writes: what a reader sees once it is.
  await expect
    .poll(async () => {
      await page.goto('/neighbourhood/brockley')
      return more.count()
    })
    .toBe(1)
  await expect(cards).toHaveCount(10)
  await more.click()
  await expect(page).toHaveURL(/\/neighbourhood\/brockley\?pages=2#reviews-page-2$/)
  await expect(cards).toHaveCount(Math.min(20, total))

  const sort = page.getByRole('navigation', { name: 'Sort reviews' })
  await sort.getByRole('link', { name: 'Highest' }).click()
  await expect(page).toHaveURL(/\/neighbourhood\/brockley\?sort=highest#reviews-title$/)
  await expect(sort.getByRole('link', { name: 'Highest' })).toHaveAttribute('aria-current', 'true')
  await expect(cards).toHaveCount(10)
  const high = await ratingsShown(page)
  expect(high).toEqual([...high].sort((x, y) => y - x))
  expect(new Set(high).size).toBeGreaterThan(1)
  // The next page keeps the order.
  await more.click()
  await expect(page).toHaveURL(/\?sort=highest&pages=2#reviews-page-2$/)
  const twoPages = await ratingsShown(page)
  expect(twoPages).toHaveLength(Math.min(20, total))
  expect(twoPages).toEqual([...twoPages].sort((x, y) => y - x))
  await context.close()

  // With JavaScript, the island keeps the longer view once live (a re-read would read both).
  const live = await browser.newPage()
  await live.goto('/neighbourhood/brockley?pages=2')
  await reviewsLive(live)
  await expect(live.locator('.review-list > .review')).toHaveCount(Math.min(20, total))
  await live.close()
})

test('review photos open in a lightbox: arrows, keys, swipe, Escape', async ({ browser }) => {
  const { page } = await freshPage(browser, 'snapper')
  const n = await neighbourhoodBySlug(page.request, 'wembley')
  for (const [colour, words] of [
    ['#b45309', 'Arch at sunset'],
    ['#2563eb', 'Boxpark on a match day'],
  ] as const) {
    const up = await page.request.post('/api/media', {
      multipart: {
        file: { name: 'p.png', mimeType: 'image/png', buffer: await png(colour) },
        _payload: JSON.stringify({ purpose: 'review-photo', alt: words }),
      },
    })
    expect(up.status(), await up.text()).toBe(201)
    const photo = ((await up.json()) as { doc: { id: number } }).doc.id
    const res = await page.request.post('/api/reviews/new', {
      data: { neighbourhood: n.id, rating: 4, comment: `${words} (${Date.now()})`, photo },
    })
    expect(res.status()).toBe(201)
  }
  await openLive(page, 'wembley')
  const opener = page.getByRole('button', { name: /^Open photo/ }).first()
  await opener.click()
  const dialog = page.getByRole('dialog', { name: 'Review photos' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText(/Photo 1 of \d+/)
  await expect(dialog.getByRole('button', { name: 'Close photo' })).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect(dialog).toContainText(/Photo 2 of \d+/)
  await page.keyboard.press('ArrowLeft')
  await expect(dialog).toContainText(/Photo 1 of \d+/)
  await dialog.getByRole('button', { name: 'Next photo' }).click()
  await expect(dialog).toContainText(/Photo 2 of \d+/)
  // Swipe right (pointer events) goes back.
  const img = dialog.locator('img')
  const box = (await img.boundingBox())!
  await img.dispatchEvent('pointerdown', { clientX: box.x + 50, clientY: box.y + 50 })
  await img.dispatchEvent('pointerup', { clientX: box.x + 200, clientY: box.y + 50 })
  await expect(dialog).toContainText(/Photo 1 of \d+/)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()

  // When the lightbox's code cannot load (the connection dropped), the photo opens on its own.
  const offline = await page.context().newPage()
  await offline.route(/\/_astro\/Lightbox\.[\w-]+\.js$/, (route) => route.abort())
  await openLive(offline, 'wembley')
  await offline
    .getByRole('button', { name: /^Open photo/ })
    .first()
    .click()
  await offline.waitForURL((url) => !url.pathname.startsWith('/neighbourhood/'))
  const shown = await offline.request.get(offline.url())
  expect(shown.headers()['content-type']).toMatch(/^image\//)
  await page.context().close()
})

test('a signed-in reader claims an unclaimed review', async ({ browser, playwright, baseURL }) => {
  // Staff write an unclaimed review (as imported from before sign-up).
  const staff = await playwright.request.newContext({ baseURL })
  await signedInApi(staff, 'amara')
  const n = await neighbourhoodBySlug(staff, 'tooting')
  const words = `Written before I had an account (${Date.now()})`
  const made = await staff.post('/api/reviews', {
    data: { neighbourhood: n.id, rating: 5, comment: words, authorName: 'Old neighbour' },
  })
  expect(made.status(), await made.text()).toBe(201)
  await staff.dispose()

  const { page, user } = await freshPage(browser, 'claimer')
  await openLive(page, 'tooting')
  const card = page.locator('.review').filter({ hasText: words })
  await card.getByRole('button', { name: 'Claim this review' }).click()
  await expect(toast(page, 'Review claimed successfully!')).toBeVisible()
  await expect(card.getByRole('link', { name: user!.userName })).toBeVisible()
  await expect(card.getByRole('button', { name: 'Claim this review' })).toHaveCount(0)
  await page.context().close()
})

test('only the creator sees "Edit Neighbourhood"', async ({ browser }) => {
  const shoreditch = await neighbourhoodBySlug((await browser.newContext()).request, 'shoreditch')
  const creator = await browser.newContext()
  const res = await creator.request.get(`/api/users/${shoreditch.createdBy}?depth=0`)
  const { userName } = (await res.json()) as { userName: string }
  await signedInApi(creator.request, userName)
  const page = await creator.newPage()
  await openLive(page, 'shoreditch')
  await expect(page.getByRole('link', { name: 'Edit Neighbourhood' })).toHaveAttribute(
    'href',
    '/neighbourhood/shoreditch/edit',
  )
  await creator.close()

  const other = await freshPage(browser, 'notcreator')
  await openLive(other.page, 'shoreditch')
  await expect(other.page.locator('form.review-form')).toContainText('Posting as')
  await expect(other.page.getByRole('link', { name: 'Edit Neighbourhood' })).toHaveCount(0)
  await other.page.context().close()
})

test('share options: copy link and real share addresses', async ({ browser }) => {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] })
  const page = await context.newPage()
  await openLive(page, 'shoreditch')
  const share = page.getByRole('group', { name: 'Share this neighbourhood' })
  await share.getByRole('button', { name: 'Copy link' }).click()
  await expect(toast(page, 'Link copied to clipboard')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url())
  const here = encodeURIComponent(page.url())
  await expect(share.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
    'href',
    new RegExp(`^https://wa\\.me/\\?text=.*${escapeRe(here)}`),
  )
  await expect(share.getByRole('link', { name: 'Post on X' })).toHaveAttribute(
    'href',
    new RegExp(`^https://x\\.com/intent/tweet\\?.*url=${escapeRe(here)}`),
  )
  await expect(share.getByRole('link', { name: 'Instagram' })).toHaveAttribute(
    'href',
    'https://www.instagram.com/',
  )
  await context.close()
})

test('no axe violations: signed out, signed in, and an unknown slug', async ({ browser }) => {
  const visitor = await (await browser.newContext()).newPage()
  await openLive(visitor, 'shoreditch')
  await expectNoAxeViolations(visitor)

  const unknown = await visitor.goto('/neighbourhood/atlantis-on-sea')
  expect(unknown?.status()).toBe(404)
  await expect(visitor.getByRole('heading', { level: 1 })).toContainText("We couldn't find")
  await expect(visitor.getByRole('link', { name: 'Browse all' })).toHaveAttribute(
    'href',
    '/neighbourhoods',
  )
  await expect(visitor.getByRole('link', { name: 'View on Map' })).toHaveAttribute(
    'href',
    '/map?query=Atlantis%20On%20Sea',
  )
  await expect(visitor.getByRole('link', { name: /^Add / })).toHaveAttribute(
    'href',
    '/submit-neighbourhood?name=Atlantis%20On%20Sea&slug=atlantis-on-sea',
  )
  await expectNoAxeViolations(visitor)
  await visitor.context().close()

  const context = await browser.newContext()
  await signedInApi(context.request, 'priya')
  const page = await context.newPage()
  await openLive(page, 'shoreditch')
  await expect(page.locator('form.review-form')).toContainText('Posting as priya')
  await expectNoAxeViolations(page)
  await context.close()
})

function escapeHtml(text: string) {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;')
}

function escapeRe(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
