import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test'

import { test } from './answers'
import sharp from 'sharp'

import { MESSAGES } from '@/rules/messages'
import { MODERATION_TEXT } from '@/rules/moderation'

import { expectNoAxeViolations } from './axe'
import {
  DEMO_PASSWORD,
  FRESH_PASSWORD,
  freshUser,
  lastMailTo,
  neighbourhoodBySlug,
  signUpFormReady,
} from './helpers'

/**
 * Every form that writes works with JavaScript off, and when it is sent before its island has
 * hydrated: it posts to its own page, the server does what the island does, and nothing typed
 * ever appears in an address (the request URLs of the whole context are checked).
 */

const SLUG = 'hackney-wick'
const RUN = Date.now().toString(36)

interface Visitor {
  context: BrowserContext
  page: Page
  /** Every URL the browser asked for, to prove no typed value ever went into one. */
  urls: string[]
  /** Lets the held island scripts load (the before-hydration pass). */
  release: () => void
}

/**
 * A browser with JavaScript off, or with JavaScript on but every island script held back until
 * `release()`: a submit then happens before hydration, whatever the machine's speed.
 */
async function visitor(browser: Browser, mode: 'no-js' | 'before-hydration'): Promise<Visitor> {
  const context = await browser.newContext({ javaScriptEnabled: mode !== 'no-js' })
  const page = await context.newPage()
  const urls: string[] = []
  context.on('request', (r) => urls.push(r.url()))
  let release = () => {}
  if (mode === 'before-hydration') {
    const released = new Promise<void>((resolve) => (release = resolve))
    await context.route(/\/_astro\/.*\.js$/, async (route) => {
      await released
      await route.continue().catch(() => {})
    })
  }
  return { context, page, urls, release }
}

/** No request of the visitor carried any of these typed values in its address. */
function expectNotInAnyUrl(v: Visitor, ...typed: string[]) {
  for (const url of v.urls) {
    const decoded = decodeURIComponent(url)
    for (const value of typed) expect(decoded, `typed value in ${url}`).not.toContain(value)
  }
}

/**
 * axe on what a page shows without JavaScript: axe itself needs scripts, so the same HTML is
 * judged in a second context whose island scripts never load.
 */
async function expectNoAxeViolationsAsShown(page: Page) {
  const html = await page.content()
  const context = await page.context().browser()!.newContext()
  const judge = await context.newPage()
  await judge.route(/\/_astro\/.*\.js$/, (route) => route.abort())
  await judge.route(page.url(), (route) => route.fulfill({ body: html, contentType: 'text/html' }))
  await judge.goto(page.url())
  await expectNoAxeViolations(judge)
  await context.close()
}

const flash = (page: Page, text: string) => page.locator('p.flash', { hasText: text })

const png = (colour: string) =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: colour } })
    .png()
    .toBuffer()

for (const mode of ['no-js', 'before-hydration'] as const) {
  test.describe(mode === 'no-js' ? 'with JavaScript off' : 'sent before hydration', () => {
    let v: Visitor
    test.beforeEach(async ({ browser }) => {
      v = await visitor(browser, mode)
    })
    test.afterEach(async () => {
      v.release()
      await v.context.close()
    })

    test('sign in: a refusal keeps the e-mail, then Remember me signs in and goes to ?next=', async () => {
      const { page } = v
      const email = 'priya@belong.local'
      await page.goto('/login?next=%2Fmap', { waitUntil: 'commit' })
      await page.getByLabel('E-mail').fill(email)
      await page.getByLabel('Password', { exact: true }).fill('not-her-password')
      await page.getByRole('button', { name: 'Sign In' }).click()
      await expect(page.locator('.form-error')).toHaveText(
        'The email or password provided is incorrect.',
      )
      await expect(page.getByLabel('E-mail')).toHaveValue(email)
      await expect(page.getByLabel('Password', { exact: true })).toHaveValue('')
      if (mode === 'no-js') await expectNoAxeViolationsAsShown(page)

      await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD)
      await page.getByLabel('Remember me').check()
      await page.getByRole('button', { name: 'Sign In' }).click()
      await expect(page).toHaveURL(/\/map$/)
      const token = (await v.context.cookies()).find((c) => c.name === 'payload-token')
      // Remember me: a cookie that outlives the browser session (30 days).
      expect(token?.expires ?? -1).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600)
      expectNotInAnyUrl(v, 'not-her-password', DEMO_PASSWORD, 'priya@')
    })

    test('sign up: a refusal keeps what was typed, then the account is made', async () => {
      const { page } = v
      const userName = `nojs${mode === 'no-js' ? 'a' : 'b'}${RUN}`
      const email = `${userName}@e2e.test`
      await page.goto('/register', { waitUntil: 'commit' })
      await page.getByLabel('Username').fill('x')
      await page.getByLabel('E-mail').fill(email)
      await page.getByLabel('Password', { exact: true }).fill(FRESH_PASSWORD)
      await page.getByRole('button', { name: 'Sign Up' }).click()
      await expect(page.getByRole('alert')).toHaveText(MESSAGES.userNameInvalid)
      await expect(page.getByLabel('E-mail')).toHaveValue(email)
      if (mode === 'no-js') await expectNoAxeViolationsAsShown(page)

      await page.getByLabel('Username').fill(userName)
      await page.getByLabel('Password', { exact: true }).fill(FRESH_PASSWORD)
      await signUpFormReady(page)
      await page.getByRole('button', { name: 'Sign Up' }).click()
      await expect(page).toHaveURL(/\/login\?registered=1$/)
      await expect(page.getByText('Registration successful!')).toBeVisible()
      const login = await page.request.post('/api/users/login', {
        data: { email, password: FRESH_PASSWORD },
      })
      expect(login.status()).toBe(200)
      expectNotInAnyUrl(v, FRESH_PASSWORD, email)
    })

    test('Create Profile: an account without a user name chooses one', async () => {
      const { page } = v
      await freshUser(page.request, 'namenojs', false)
      const userName = `named${mode === 'no-js' ? 'a' : 'b'}${RUN}`
      await page.goto('/register', { waitUntil: 'commit' })
      await page.getByLabel('Username').fill('-')
      await page.getByRole('button', { name: 'Create Profile' }).click()
      await expect(page.getByRole('alert')).toHaveText(MESSAGES.userNameInvalid)
      await page.getByLabel('Username').fill(userName)
      await page.getByRole('button', { name: 'Create Profile' }).click()
      await expect(flash(page, 'Profile created successfully!')).toBeVisible()
      const me = await page.request.get('/api/users/me')
      expect(((await me.json()) as { user: { userName: string } }).user.userName).toBe(userName)
    })

    test('a review with its rating and photo; a refusal keeps rating and text', async () => {
      const { page } = v
      const author = await freshUser(page.request, 'revnojs')
      const text = `No-script review ${mode} ${RUN}: quiet canals, loud Fridays.`
      await page.goto(`/neighbourhood/${SLUG}`, { waitUntil: 'commit' })
      const form = page.locator('form.review-form')
      await form.getByRole('radio', { name: /^3 stars,/ }).check()
      await form.getByRole('button', { name: 'Post review' }).click()
      await expect(form.getByText('Please write your review.')).toBeVisible()
      await expect(form.getByRole('radio', { name: /^3 stars,/ })).toBeChecked()
      if (mode === 'no-js') await expectNoAxeViolationsAsShown(page)

      await form.getByRole('textbox', { name: 'Your review' }).fill(text)
      await form
        .getByLabel(/^Photo \(optional/)
        .setInputFiles({ name: 'canal.png', mimeType: 'image/png', buffer: await png('#2266aa') })
      await form.getByRole('button', { name: 'Post review' }).click()
      await expect(flash(page, 'Thanks for your review!')).toBeVisible()
      const card = page.locator('article', { hasText: text })
      await expect(card).toBeVisible()
      await expect(card.locator('img').first()).toBeVisible()
      expectNotInAnyUrl(v, text)

      // A reaction is a button in a small form; the page shows the new count.
      const reactions = page.getByRole('group', {
        name: `Reactions to ${author.userName}'s review`,
      })
      await reactions.getByRole('button', { name: 'Heart, 0 reactions' }).click()
      await expect(reactions.getByRole('button', { name: 'Heart, 1 reaction' })).toBeVisible()
    })

    test('a poll vote and an RSVP are buttons in small forms', async () => {
      const { page } = v
      const n = await neighbourhoodBySlug(page.request, SLUG)
      await freshUser(page.request, 'votenojs')
      const poll = await page.request.post('/api/polls/new', {
        data: {
          question: `Best bridge? ${mode} ${RUN}`,
          options: ['Old Ford', 'White Post'],
          neighbourhood: n.id,
        },
      })
      expect(poll.status()).toBe(201)
      const { doc } = (await poll.json()) as { doc: { id: number } }
      await page.goto(`/polls/${doc.id}`, { waitUntil: 'commit' })
      await page.getByRole('button', { name: 'White Post' }).click()
      await expect(flash(page, 'Vote submitted.')).toBeVisible()
      await expect(page.getByText('(1 vote)')).toBeVisible()

      const title = `Canal clean-up ${mode} ${RUN}`
      const event = await page.request.post('/api/events/new', {
        data: {
          title,
          description: 'Bring gloves',
          location: 'Lock 19',
          eventDate: `${new Date().getFullYear() + 1}-04-01T10:00:00.000Z`,
          neighbourhood: n.id,
        },
      })
      expect(event.status()).toBe(201)
      await page.goto(`/neighbourhood/${SLUG}/events?q=${encodeURIComponent(title)}`, {
        waitUntil: 'commit',
      })
      const rsvp = page.getByRole('group', { name: `RSVP to ${title}` })
      await expect(rsvp.locator('.rsvp-count[data-status="attending"]')).toHaveText('0')
      await rsvp.getByRole('button', { name: /^Attending/ }).click()
      await expect(rsvp.locator('.rsvp-count[data-status="attending"]')).toHaveText('1')
    })

    test('New Poll: a link opens the form; refused, Add option, then created', async () => {
      const { page } = v
      await freshUser(page.request, 'pollnojs')
      const question = `Which market? ${mode} ${RUN}`
      await page.goto(`/neighbourhood/${SLUG}/polls`, { waitUntil: 'commit' })
      await page.getByRole('button', { name: 'New Poll' }).click()
      const form = page.locator('#new-poll')
      await form.getByLabel('Question').fill(question)
      await form.getByLabel('Option 1', { exact: true }).fill('Broadway')
      await form.getByRole('button', { name: 'Create Poll' }).click()
      await expect(form.getByRole('alert')).toHaveText('Fill in the question and all options.')
      await expect(form.getByLabel('Question')).toHaveValue(question)
      if (mode === 'no-js') await expectNoAxeViolationsAsShown(page)

      await form.getByRole('button', { name: '+ Add option' }).click()
      await expect(form.getByLabel('Option 3', { exact: true })).toHaveValue('')
      await expect(form.getByLabel('Option 1', { exact: true })).toHaveValue('Broadway')
      await form.getByLabel('Option 2', { exact: true }).fill('Netil')
      await form.getByLabel('Option 3', { exact: true }).fill('Chatsworth Road')
      await form.getByRole('button', { name: 'Create Poll' }).click()
      await expect(flash(page, 'Poll created!')).toBeVisible()
      await expect(page.getByRole('link', { name: question })).toBeVisible()
      expectNotInAnyUrl(v, question, 'Chatsworth')
    })

    test('New Discussion: a link opens the form; refused without a title, then posted', async () => {
      const { page } = v
      await freshUser(page.request, 'discnojs')
      const title = `Swimming spots ${mode} ${RUN}`
      const content = 'Where do people swim round here in summer?'
      await page.goto(`/neighbourhood/${SLUG}/discussions`, { waitUntil: 'commit' })
      await page.getByRole('button', { name: 'New Discussion' }).click()
      const form = page.getByRole('form', { name: 'Start a discussion' })
      await form.getByLabel('What would you like to discuss?').fill(content)
      await form.getByRole('button', { name: 'Post Discussion' }).click()
      await expect(form.getByRole('alert')).toHaveText('Title is required.')
      await expect(form.getByLabel('What would you like to discuss?')).toHaveValue(content)
      if (mode === 'no-js') await expectNoAxeViolationsAsShown(page)

      await form.getByLabel('Title').fill(title)
      await form.getByRole('button', { name: 'Post Discussion' }).click()
      await expect(flash(page, 'Discussion posted!')).toBeVisible()
      await expect(page.getByRole('heading', { name: title })).toBeVisible()
      await expect(page).toHaveURL(/\/discussions\/\d+$/)
      expectNotInAnyUrl(v, title, content)
    })

    test('Share Your Story with its image; refused without a title, nothing lost', async () => {
      const { page } = v
      await freshUser(page.request, 'storynojs')
      const title = `Lock keepers ${mode} ${RUN}`
      const story = 'The lock keeper has waved at every boat since 1987.'
      await page.goto(`/neighbourhood/${SLUG}/story/new`, { waitUntil: 'commit' })
      await expect(page.getByLabel('Neighbourhood')).toHaveValue(/\d+/)
      await page.getByLabel('Your story').fill(story)
      await page.getByRole('button', { name: 'Share Story' }).click()
      await expect(page.getByText('Title is required.')).toBeVisible()
      await expect(page.getByLabel('Your story')).toHaveValue(story)
      if (mode === 'no-js') await expectNoAxeViolationsAsShown(page)

      await page.getByLabel('Title').fill(title)
      await page
        .getByLabel('Image (optional)')
        .setInputFiles({ name: 'lock.png', mimeType: 'image/png', buffer: await png('#556b2f') })
      await page.getByRole('button', { name: 'Share Story' }).click()
      await expect(page).toHaveURL(new RegExp(`/neighbourhood/${SLUG}/stories/\\d+$`))
      await expect(page.getByRole('heading', { name: title })).toBeVisible()
      await expect(page.getByText(story)).toBeVisible()
      expectNotInAnyUrl(v, title, story)
    })

    test('Submit a Neighbourhood with typed coordinates; refused without them', async () => {
      const { page } = v
      await freshUser(page.request, 'placenojs')
      const name = `Lock Island ${mode} ${RUN}`
      await page.goto('/neighbourhood/new', { waitUntil: 'commit' })
      await page.getByLabel('Name').fill(name)
      await page.getByLabel('Tagline').fill('Boats, bridges and a quiet towpath.')
      await page.getByRole('checkbox', { name: 'Calm' }).check()
      await page.getByRole('button', { name: 'Submit Neighbourhood' }).click()
      await expect(page.locator('.nf-actions .nf-error-text')).toHaveText(
        MESSAGES.coordinatesInvalid,
      )
      await expect(page.getByLabel('Name')).toHaveValue(name)
      await expect(page.getByRole('checkbox', { name: 'Calm' })).toBeChecked()
      if (mode === 'no-js') await expectNoAxeViolationsAsShown(page)

      await page.getByRole('textbox', { name: 'Latitude' }).fill('51.5362')
      await page.getByRole('textbox', { name: 'Longitude' }).fill('-0.0266')
      await page.getByRole('button', { name: 'Submit Neighbourhood' }).click()
      await expect(page).toHaveURL(/\/neighbourhood\/lock-island-/)
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
      await expect(flash(page, 'Neighbourhood submitted!')).toBeVisible()
      expectNotInAnyUrl(v, 'Boats, bridges', '51.5362')
    })

    test('profile name, bio and photo; a bio too long is refused and kept', async () => {
      const { page } = v
      await freshUser(page.request, 'profnojs')
      await page.goto('/profile', { waitUntil: 'commit' })
      await page.getByText('Edit profile').click()
      const form = page.locator('.profile-plain-edit form')
      await form.getByLabel('Name').fill('Nadia No-Script')
      await form.getByLabel('Bio').fill('x'.repeat(501))
      await form.getByRole('button', { name: 'Save Changes' }).click()
      await expect(form.getByRole('alert')).toHaveText('Bios are limited to 500 characters.')
      await expect(form.getByLabel('Name')).toHaveValue('Nadia No-Script')
      if (mode === 'no-js') await expectNoAxeViolationsAsShown(page)

      await form.getByLabel('Bio').fill('Towpath runner, bread baker.')
      await form
        .getByLabel('Photo')
        .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await png('#aa3366') })
      await form.getByRole('button', { name: 'Save Changes' }).click()
      await expect(flash(page, 'Profile updated!')).toBeVisible()
      await expect(page.getByRole('heading', { level: 1, name: 'Nadia No-Script' })).toBeVisible()
      await expect(page.locator('.profile-bio')).toHaveText('Towpath runner, bread baker.')
      await expect(page.getByRole('img', { name: "Nadia No-Script's avatar" })).toHaveAttribute(
        'src',
        /\/media\//,
      )
      expectNotInAnyUrl(v, 'Towpath runner')
    })

    test('Create An Event: a link opens the form; refused without a title, then posted', async () => {
      const { page } = v
      await freshUser(page.request, 'eventnojs')
      const title = `Towpath tidy ${mode} ${RUN}`
      await page.goto(`/neighbourhood/${SLUG}/events`, { waitUntil: 'commit' })
      await page.getByRole('button', { name: 'Create An Event' }).click()
      const form = page.locator('form#event-form')
      await form.getByLabel('Description').fill('Litter pickers provided.')
      await form.getByLabel(/Date and time/).fill(`${new Date().getFullYear() + 1}-05-02T10:30`)
      await form.getByLabel('Location').fill('Old Ford Lock')
      await form.getByRole('button', { name: 'Post Event' }).click()
      await expect(form.getByRole('alert')).toHaveText('Title is required.')
      await expect(form.getByLabel('Location')).toHaveValue('Old Ford Lock')
      if (mode === 'no-js') await expectNoAxeViolationsAsShown(page)

      await form.getByLabel('Title').fill(title)
      await form.getByRole('button', { name: 'Post Event' }).click()
      await expect(flash(page, 'Event posted.')).toBeVisible()
      await expect(page.getByRole('heading', { name: title })).toBeVisible()
      expectNotInAnyUrl(v, title, 'Litter pickers')
    })

    test('Suggest a Local Spot: category and address typed; refused without a name', async () => {
      const { page } = v
      await freshUser(page.request, 'spotnojs')
      const name = `Lockside Bakery ${mode} ${RUN}`
      await page.goto(`/neighbourhood/${SLUG}/local-spots`, { waitUntil: 'commit' })
      await page.getByRole('button', { name: 'Suggest a Spot' }).click()
      const form = page.locator('#suggest-spot form')
      await form.getByRole('combobox', { name: 'Category' }).fill('Cafe')
      await form.getByRole('combobox', { name: 'Search Address' }).fill('2 Lock Road, E9')
      await form.getByLabel('Description').fill('Sourdough from six.')
      await form.getByRole('button', { name: 'Suggest Spot' }).click()
      await expect(form.getByRole('alert')).toHaveText('Please enter the business name.')
      await expect(form.getByLabel('Description')).toHaveValue('Sourdough from six.')
      if (mode === 'no-js') await expectNoAxeViolationsAsShown(page)

      await form.getByLabel('Business Name').fill(name)
      await form.getByRole('button', { name: 'Suggest Spot' }).click()
      await expect(flash(page, 'Thanks! Business suggested.')).toBeVisible()
      await expect(page.getByRole('heading', { name })).toBeVisible()
      expectNotInAnyUrl(v, name, 'Sourdough')

      // Its author deletes it on the confirmation page.
      await page.getByRole('link', { name: `Delete ${name}` }).click()
      await expect(page.getByRole('heading', { name: 'Delete this business?' })).toBeVisible()
      await page.getByRole('button', { name: 'Delete' }).click()
      await expect(flash(page, 'Business deleted.')).toBeVisible()
      await expect(page.getByRole('heading', { name })).toHaveCount(0)
    })

    test('a comment on a discussion; an empty one is refused', async () => {
      const { page } = v
      const n = await neighbourhoodBySlug(page.request, SLUG)
      await freshUser(page.request, 'comnojs')
      const created = await page.request.post('/api/discussions/new', {
        data: {
          title: `Forms ${mode} ${RUN}`,
          content: 'Do forms work here?',
          neighbourhood: n.id,
        },
      })
      expect(created.status()).toBe(201)
      const { doc } = (await created.json()) as { doc: { id: number } }
      const text = `Yes, without scripts (${mode} ${RUN})`
      await page.goto(`/discussions/${doc.id}`, { waitUntil: 'commit' })
      const box = page.getByRole('textbox', { name: 'Add a comment' })
      await page.getByRole('button', { name: 'Post comment' }).click()
      await expect(page.locator('.comment-form .form-error')).not.toBeEmpty()
      await box.fill(text)
      await page.getByRole('button', { name: 'Post comment' }).click()
      await expect(page.locator('.comment-text', { hasText: text })).toBeVisible()
      await expect(page).toHaveURL(/#comment-\d+$/)
      expectNotInAnyUrl(v, text)

      // A reply: the Reply link shows its box in the page.
      const reply = `And a reply (${mode} ${RUN})`
      const comment = page.locator('article.comment-body', { hasText: text })
      await comment.getByRole('button', { name: 'Reply' }).click()
      await page.getByRole('textbox', { name: /^Reply to / }).fill(reply)
      await page.getByRole('button', { name: 'Post reply' }).click()
      await expect(page.locator('.comment-text', { hasText: reply })).toBeVisible()
      expectNotInAnyUrl(v, reply)

      // Its author deletes the reply on the confirmation page.
      const mine = page.locator('article.comment-body', { hasText: reply })
      await mine.getByRole('link', { name: 'Delete' }).click()
      await expect(page.getByRole('heading', { name: 'Delete this comment?' })).toBeVisible()
      await page.getByRole('button', { name: 'Delete' }).click()
      await expect(flash(page, 'Comment deleted.')).toBeVisible()
      await expect(page.locator('.comment-text', { hasText: reply })).toHaveCount(0)
      await expect(page.locator('.comment-text', { hasText: text })).toBeVisible()
    })

    test("a discussion's Edit (refused, then saved) and Delete on its confirmation page", async () => {
      const { page } = v
      const n = await neighbourhoodBySlug(page.request, SLUG)
      await freshUser(page.request, 'editnojs')
      const created = await page.request.post('/api/discussions/new', {
        data: { title: `Bins ${mode} ${RUN}`, content: 'Which day?', neighbourhood: n.id },
      })
      const { doc } = (await created.json()) as { doc: { id: number } }
      await page.goto(`/discussions/${doc.id}`, { waitUntil: 'commit' })
      await page.getByRole('link', { name: 'Edit', exact: true }).click()
      const form = page.getByRole('form', { name: 'Edit discussion' })
      await form.getByLabel('Title').fill('')
      await form.getByLabel('Content').fill('Which day are the bins collected?')
      await form.getByRole('button', { name: 'Save' }).click()
      await expect(form.getByRole('alert')).toHaveText('Title is required.')
      await expect(form.getByLabel('Content')).toHaveValue('Which day are the bins collected?')
      if (mode === 'no-js') await expectNoAxeViolationsAsShown(page)

      const title = `Bin day ${mode} ${RUN}`
      await form.getByLabel('Title').fill(title)
      await form.getByRole('button', { name: 'Save' }).click()
      await expect(flash(page, 'Discussion updated.')).toBeVisible()
      await expect(page.getByRole('heading', { name: title })).toBeVisible()
      expectNotInAnyUrl(v, title, 'bins collected')

      await page.getByRole('link', { name: 'Delete', exact: true }).click()
      await expect(page.getByRole('heading', { name: 'Delete this discussion?' })).toBeVisible()
      await expect(page.locator('blockquote')).toHaveText(title)
      if (mode === 'no-js') await expectNoAxeViolationsAsShown(page)
      await page.getByRole('button', { name: 'Delete' }).click()
      await expect(flash(page, 'Discussion deleted.')).toBeVisible()
      await expect(page).toHaveURL(new RegExp(`/neighbourhood/${SLUG}/discussions$`))
      expect((await page.request.get(`/api/discussions/${doc.id}`)).status()).toBe(404)
    })

    test("an event's Edit (refused, then saved) and Delete on its confirmation page", async () => {
      const { page } = v
      const n = await neighbourhoodBySlug(page.request, SLUG)
      await freshUser(page.request, 'evednojs')
      const title = `Lock walk ${mode} ${RUN}`
      const created = await page.request.post('/api/events/new', {
        data: {
          title,
          description: 'Meet at the lock.',
          eventDate: new Date(Date.now() + 3 * 3600_000).toISOString(),
          location: 'Old Ford Lock',
          isPublic: true,
          neighbourhood: n.id,
        },
      })
      expect(created.status()).toBe(201)
      await page.goto(`/neighbourhood/${SLUG}/events`, { waitUntil: 'commit' })
      await page.getByRole('link', { name: `Edit ${title}` }).click()
      const form = page.locator('form#event-form')
      await expect(form.getByRole('heading', { name: 'Edit Event' })).toBeVisible()
      await expect(form.getByLabel('Title')).toHaveValue(title)
      await form.getByLabel('Location').fill('')
      await form.getByLabel('Description').fill('Meet at the lock gates.')
      await form.getByRole('button', { name: 'Update Event' }).click()
      await expect(form.getByRole('alert')).toHaveText('Location is required.')
      await expect(form.getByLabel('Description')).toHaveValue('Meet at the lock gates.')
      if (mode === 'no-js') await expectNoAxeViolationsAsShown(page)

      const renamed = `Lock gates walk ${mode} ${RUN}`
      await form.getByLabel('Title').fill(renamed)
      await form.getByLabel('Location').fill('Old Ford Lock gates')
      await form.getByRole('button', { name: 'Update Event' }).click()
      await expect(flash(page, 'Event updated.')).toBeVisible()
      await expect(page.getByRole('heading', { name: renamed })).toBeVisible()
      await expect(page).not.toHaveURL(/edit=/)
      expectNotInAnyUrl(v, renamed, 'lock gates')

      await page.getByRole('link', { name: `Delete ${renamed}` }).click()
      await expect(page.getByRole('heading', { name: 'Delete this event?' })).toBeVisible()
      await page.getByRole('link', { name: 'Cancel' }).click()
      await expect(page.getByRole('heading', { name: renamed })).toBeVisible()
      await page.getByRole('link', { name: `Delete ${renamed}` }).click()
      await page.getByRole('button', { name: 'Delete' }).click()
      await expect(flash(page, 'Event deleted.')).toBeVisible()
      await expect(page.getByRole('heading', { name: renamed })).toHaveCount(0)
    })

    test('Report opens its own page: refused without a reason, then sent', async () => {
      const { page } = v
      await freshUser(page.request, 'reporter')
      const list = await page.request.get('/api/discussions?limit=1&sort=createdAt&depth=0')
      const { docs } = (await list.json()) as { docs: { id: number; title: string }[] }
      const discussion = docs[0]!
      await page.goto(`/discussions/${discussion.id}`, { waitUntil: 'commit' })
      await page.getByRole('button', { name: 'Report this discussion' }).click()
      await expect(page.getByRole('heading', { name: MODERATION_TEXT.title })).toBeVisible()
      await page.getByLabel(/^Note/).fill('Copied from another site')
      await page.getByRole('button', { name: MODERATION_TEXT.send }).click()
      await expect(page.getByRole('alert')).toHaveText(MODERATION_TEXT.reasonNeeded)
      await expect(page.getByLabel(/^Note/)).toHaveValue('Copied from another site')
      if (mode === 'no-js') await expectNoAxeViolationsAsShown(page)
      await page.getByRole('radio', { name: 'Spam' }).check()
      await page.getByRole('button', { name: MODERATION_TEXT.send }).click()
      await expect(flash(page, MODERATION_TEXT.thanks)).toBeVisible()
      await expect(page).toHaveURL(new RegExp(`/discussions/${discussion.id}$`))
      expectNotInAnyUrl(v, 'Copied from another site')
    })

    test("a comment on a story is in the story's page, and answered there", async () => {
      const { page } = v
      const n = await neighbourhoodBySlug(page.request, SLUG)
      await freshUser(page.request, 'storycom')
      const created = await page.request.post('/api/stories/new', {
        data: {
          title: `Canal at dawn ${mode} ${RUN}`,
          description: 'Mist on the water.',
          isPublic: true,
          neighbourhood: n.id,
        },
      })
      expect(created.status()).toBe(201)
      const { doc } = (await created.json()) as { doc: { id: number } }
      await page.goto(`/neighbourhood/${SLUG}/story/${doc.id}`, { waitUntil: 'commit' })
      const text = `Lovely light (${mode} ${RUN})`
      await page.getByRole('textbox', { name: 'Add a comment' }).fill(text)
      await page.getByRole('button', { name: 'Post comment' }).click()
      await expect(page.locator('.comment-text', { hasText: text })).toBeVisible()
      expectNotInAnyUrl(v, text)
      // A later reader gets it in the page itself, once the story's page is rewritten.
      await expect
        .poll(
          async () => (await page.request.get(`/neighbourhood/${SLUG}/story/${doc.id}`)).text(),
          {
            timeout: 30_000,
          },
        )
        .toContain(text)
    })
  })
}

test('forgot password and the reset link work with JavaScript off', async ({ browser }) => {
  const v = await visitor(browser, 'no-js')
  const { page } = v
  const person = await freshUser(page.request, 'resetnojs')
  await page.request.post('/api/users/logout')
  await page.goto('/forgot-password')
  await page.getByLabel('E-mail').fill(person.email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(
    flash(page, 'If an account exists for that email, a reset link has been sent.'),
  ).toBeVisible()

  const mail = await lastMailTo(person.email)
  const link = /(http:\/\/[^\s"<]+\/reset-password\?token=[0-9a-f]+)/.exec(mail)![1]!
  await page.goto(new URL(link).pathname + new URL(link).search)
  await page.getByLabel('New password', { exact: true }).fill('brand new pass')
  await page.getByLabel('Confirm new password', { exact: true }).fill('brand new pasz')
  await page.getByRole('button', { name: 'Update password' }).click()
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match.')
  await expectNoAxeViolationsAsShown(page)
  await page.getByLabel('New password', { exact: true }).fill('brand new pass')
  await page.getByLabel('Confirm new password', { exact: true }).fill('brand new pass')
  await page.getByRole('button', { name: 'Update password' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(flash(page, 'Password updated! You can now sign in.')).toBeVisible()
  const login = await page.request.post('/api/users/login', {
    data: { email: person.email, password: 'brand new pass' },
  })
  expect(login.status()).toBe(200)
  expectNotInAnyUrl(v, 'brand new pas', person.email)
  await v.context.close()
})

test('notifications as a page: Mark as read is a small form, with JavaScript off', async ({
  browser,
}) => {
  const v = await visitor(browser, 'no-js')
  const { page } = v
  await freshUser(page.request, 'bellnojs')
  const n = await neighbourhoodBySlug(page.request, SLUG)
  const review = await page.request.post('/api/reviews/new', {
    data: { neighbourhood: n.id, rating: 5, comment: `Notify me (${RUN})` },
  })
  expect(review.status()).toBe(201)
  const { review: doc } = (await review.json()) as { review: { id: number } }
  // Someone else reacts: the author gets a notification.
  const other = await browser.newContext()
  await freshUser(other.request, 'reactor')
  const toggled = await other.request.post('/api/reactions/toggle', {
    data: { targetKind: 'review', targetId: doc.id, emoji: 'heart' },
  })
  expect(toggled.status()).toBe(200)
  await other.close()

  await page.goto('/profile')
  await page.getByRole('link', { name: 'Your notifications' }).click()
  await expect(page.getByText('1 unread')).toBeVisible()
  await expectNoAxeViolationsAsShown(page)
  await page.getByRole('button', { name: 'Mark as read' }).click()
  await expect(page.getByText('0 unread')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Mark as read' })).toHaveCount(0)
  await v.context.close()
})
