import { expect } from '@playwright/test'

import { test } from './answers'
import { XMLParser, XMLValidator } from 'fast-xml-parser'

import { makeImage } from '@tests/int/images'
import { expectNoAxeViolations } from './axe'
import { liveOnceSeen, neighbourhoodBySlug, openPerson, type Person } from './helpers'

/**
 * Story screens (SPEC §2 Story screens, §4, §5, §8): share a story with tags and an image, find
 * it by tag chip and by search (also without JavaScript), open it at both routes, react and
 * comment from a second browser and see both live, read it in the RSS feeds, and see a private
 * story stay its author's. Fresh users write in Brixton, so the demo data stays as it was.
 */

const SLUG = 'brixton'
const NAME = 'Brixton'

test.describe.configure({ mode: 'serial' })

const token = Date.now().toString(36)
const title = `Jerk chicken & steel pans ${token}`
const description =
  'Saturday in the arcades: a queue for jerk chicken, then a steel band under the railway arches.'
let author: Person
let storyId: number
let storyPath: string

test('the lists answer in the HTML, and tag chips and search work without JavaScript', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/stories')
  await expect(page.getByRole('heading', { level: 1, name: 'Neighbourhood Stories' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Share Your Story' })).toHaveAttribute(
    'href',
    '/stories/new',
  )
  const chips = page.getByRole('navigation', { name: 'Filter stories by tag' })
  for (const tag of ['food', 'festival', 'hidden gem', 'brunch', 'family', 'parks']) {
    await expect(chips.getByRole('link', { name: tag, exact: true })).toBeVisible()
  }
  await chips.getByRole('link', { name: 'hidden gem', exact: true }).click()
  await expect(page).toHaveURL(/\/stories\?tag=hidden\+gem$/)
  await expect(chips.getByRole('link', { name: 'hidden gem' })).toHaveAttribute(
    'aria-current',
    'true',
  )
  // The seed has two 'hidden gem' stories.
  await expect(page.locator('.story-card')).toHaveCount(2)
  await page.getByRole('searchbox', { name: 'Search stories' }).fill('library')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(/q=library/)
  await expect(page.locator('.story-card')).toHaveCount(1)
  await expect(page.locator('.story-card')).toContainText('The hidden garden behind the library')
  await page.getByRole('searchbox', { name: 'Search stories' }).fill(`nothing-like-this-${token}`)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.getByText('No stories available.')).toBeVisible()
  await context.close()
})

test('a signed-out visitor is told to sign in; the form asks for what is missing', async ({
  page,
  browser,
}) => {
  await page.goto(`/neighbourhood/${SLUG}/story/new`)
  await expect(page.getByText('Please sign in to share a story.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Sign In' }).last()).toHaveAttribute(
    'href',
    `/login?next=${encodeURIComponent(`/neighbourhood/${SLUG}/story/new`)}`,
  )
  await expectNoAxeViolations(page)

  author = await openPerson(browser, 'storyteller')
  const p = author.page
  await p.goto('/stories/new')
  const submit = p.getByRole('button', { name: 'Share Story' })
  await expect(submit).toBeEnabled()
  await p.getByLabel('Title').fill('Only a title')
  await submit.click()
  await expect(p.getByText('Please select a neighbourhood')).toBeVisible()
  await expect(p.getByLabel('Neighbourhood')).toBeFocused()
  await expect(p.getByText('Description is required.')).toBeVisible()
  await expectNoAxeViolations(p)
})

test('share a story with tags and an image; it opens at once on demand', async () => {
  const p = author.page
  await p.goto(`/neighbourhood/${SLUG}/stories`)
  await expect(p.getByRole('link', { name: `← Back to ${NAME}` })).toHaveAttribute(
    'href',
    `/neighbourhood/${SLUG}`,
  )
  await p.getByRole('link', { name: 'Share Your Story' }).click()
  await expect(p).toHaveURL(`/neighbourhood/${SLUG}/story/new`)
  await expect(p.getByLabel('Neighbourhood')).toHaveValue(/\d+/)
  await expect(p.getByLabel('Public')).toBeChecked()
  await p.getByLabel('Title').fill(title)
  await p.getByLabel('Your story').fill(description)
  await p.getByLabel('Tags').fill(` food ,  hidden gem, ,steelpan${token} ,`)
  await p.getByLabel('Image (optional)').setInputFiles({
    name: 'arches.png',
    mimeType: 'image/png',
    buffer: await makeImage('png', 800, 450),
  })
  await expect(p.getByRole('img', { name: 'Chosen image' })).toBeVisible()
  await expectNoAxeViolations(p)
  await p.getByRole('button', { name: 'Share Story' }).click()
  await expect(p).toHaveURL(new RegExp(`/neighbourhood/${SLUG}/stories/\\d+$`))
  storyPath = new URL(p.url()).pathname
  storyId = Number(storyPath.split('/').pop())
  await expect(p.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(p.getByText(description)).toBeVisible()
  await expect(p.locator('.story-meta')).toContainText(author.userName)
  await expect(p.locator('.story-meta time')).toHaveText(/just now|seconds? ago/)
  const tags = p.getByRole('list', { name: 'Tags' })
  await expect(tags.getByRole('listitem')).toHaveText(['food', 'hidden gem', `steelpan${token}`])
  await expect(p.locator('img.story-image')).toBeVisible()
  await liveOnceSeen(p.locator('.story-engagement'))
  await expectNoAxeViolations(p)
})

test('find it by tag chip and by search, on both lists', async () => {
  const p = author.page
  await p.goto(`/neighbourhood/${SLUG}/stories`)
  const chips = p.getByRole('navigation', { name: 'Filter stories by tag' })
  await chips.getByRole('link', { name: 'hidden gem', exact: true }).click()
  await expect(p).toHaveURL(`/neighbourhood/${SLUG}/stories?tag=hidden+gem`)
  await expect(p.getByRole('link', { name: title })).toBeVisible()
  await chips.getByRole('link', { name: 'brunch', exact: true }).click()
  await expect(p.getByRole('link', { name: title })).toHaveCount(0)
  await expectNoAxeViolations(p)

  await p.goto('/stories')
  await p.getByRole('searchbox', { name: 'Search stories' }).fill(`STEELPAN${token}`)
  await p.getByRole('searchbox', { name: 'Search stories' }).press('Enter')
  await expect(p).toHaveURL(/\/stories\?q=/)
  await expect(p.locator('.story-card')).toHaveCount(1)
  await expectNoAxeViolations(p)
  await p.getByRole('link', { name: title }).click()
  await expect(p).toHaveURL(storyPath)
  await expectNoAxeViolations(p)
})

test('the same story answers at /story/{id}; a wrong slug moves to the right one', async ({
  page,
}) => {
  const other = `/neighbourhood/${SLUG}/story/${storyId}`
  await page.goto(other)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/stories\/\d+$/)
  await page.goto(`/neighbourhood/peckham/stories/${storyId}`)
  await expect(page).toHaveURL(storyPath)
  const missing = await page.goto(`/neighbourhood/${SLUG}/stories/99999999`)
  expect(missing?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Story not found' })).toBeVisible()
  await expectNoAxeViolations(page)
})

test('react and comment from a second browser: both show live on the first', async ({
  browser,
}) => {
  const p = author.page
  await p.goto(storyPath)
  await liveOnceSeen(p.locator('.story-engagement'))
  const bar = p.getByRole('group', { name: `Reactions to “${title}”` })
  await expect(bar.getByRole('button', { name: /^Heart, 0 reactions$/ })).toBeVisible()

  const reader = await openPerson(browser, 'storyreader')
  await reader.page.goto(`/neighbourhood/${SLUG}/story/${storyId}`)
  await liveOnceSeen(reader.page.locator('.story-engagement'))
  const theirBar = reader.page.getByRole('group', { name: `Reactions to “${title}”` })
  await theirBar.getByRole('button', { name: /^Heart,/ }).click()
  await expect(theirBar.getByRole('button', { name: /^Heart, 1 reaction$/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(bar.getByRole('button', { name: /^Heart, 1 reaction$/ })).toBeVisible()
  await theirBar.getByRole('button', { name: /^Thumbs up,/ }).click()
  await expect(bar.getByRole('button', { name: /^Thumbs up, 1 reaction$/ })).toBeVisible()
  await expect(bar.getByRole('button', { name: /^Heart, 0 reactions$/ })).toBeVisible()

  const comment = `Those arches at night! ${token}`
  await reader.page.getByLabel('Add a comment').fill(comment)
  await reader.page.getByRole('button', { name: 'Post comment' }).click()
  await expect(
    p.getByRole('article', { name: `Comment by ${reader.userName}` }).filter({ hasText: comment }),
  ).toBeVisible()
  await expect(p.getByRole('heading', { name: 'Comments (1)' })).toBeVisible()
  // The author replies; the reply form is open while axe looks at the page.
  await p.getByRole('button', { name: 'Reply', exact: true }).click()
  await expect(p.getByLabel(`Reply to ${reader.userName}`)).toBeVisible()
  await expectNoAxeViolations(p)
  await p.getByLabel(`Reply to ${reader.userName}`).fill(`Come back on Saturday ${token}`)
  await p.getByRole('button', { name: 'Post reply' }).click()
  await expect(reader.page.getByText(`Come back on Saturday ${token}`)).toBeVisible()
  await expectNoAxeViolations(reader.page)

  // The author's bell: the comment's notification leads to this story page.
  const answer = await p.request.get(
    `/api/notifications?where[user][equals]=${author.id}&sort=-createdAt&limit=5&depth=0`,
  )
  const { docs } = (await answer.json()) as { docs: { link: string; message: string }[] }
  const note = docs.find((d) => d.message.includes('commented on your story'))
  expect(note?.link).toBe(storyPath)
  expect((await p.request.get(note!.link)).status()).toBe(200)

  // The author reacts to the reader's comment: the reader's bell leads to that comment.
  await p
    .getByRole('group', { name: `Reactions to ${reader.userName}'s comment` })
    .getByRole('button', { name: /^Heart,/ })
    .click()
  let link = ''
  await expect
    .poll(async () => {
      const res = await reader.page.request.get(
        `/api/notifications?where[user][equals]=${reader.id}&where[type][equals]=reaction&depth=0`,
      )
      link = ((await res.json()) as { docs: { link: string }[] }).docs[0]?.link ?? ''
      return link
    })
    .toMatch(new RegExp(`^${storyPath}#comment-\\d+$`))
  await reader.page.goto(link)
  const linked = reader.page.locator(link.slice(link.indexOf('#')))
  await expect(linked).toBeInViewport()
  await expect(linked).toContainText(comment)
  await reader.page.context().close()
})

test('the RSS feeds parse and list the story; the lists link to them', async ({ page }) => {
  await page.goto(`/neighbourhood/${SLUG}/stories`)
  const alternate = page.locator('link[rel="alternate"][type="application/rss+xml"]')
  await expect(alternate).toHaveAttribute('href', `/neighbourhood/${SLUG}/stories.xml`)
  await page.goto('/stories')
  await expect(alternate).toHaveAttribute('href', '/stories.xml')

  for (const feed of ['/stories.xml', `/neighbourhood/${SLUG}/stories.xml`]) {
    const res = await page.request.get(feed)
    expect(res.status()).toBe(200)
    expect(res.headers()['content-type']).toContain('application/rss+xml')
    const text = await res.text()
    expect(XMLValidator.validate(text)).toBe(true)
    const { rss } = new XMLParser({ ignoreAttributes: false }).parse(text) as {
      rss: { '@_version': string; channel: { item: { title: string; link: string }[] } }
    }
    expect(rss['@_version']).toBe('2.0')
    const items = [rss.channel.item].flat()
    const ours = items.find((i) => i.title === title)
    expect(ours?.link, feed).toMatch(new RegExp(`${storyPath}$`))
  }
  expect((await page.request.get('/neighbourhood/nowhere-at-all/stories.xml')).status()).toBe(404)
})

test('a private story is its author’s alone', async ({ browser, page }) => {
  const p = author.page
  const n = await neighbourhoodBySlug(p.request, SLUG)
  const created = await p.request.post('/api/stories/new', {
    data: {
      neighbourhood: n.id,
      title: `Private notes ${token}`,
      description: 'Only for me.',
      isPublic: false,
    },
  })
  expect(created.status()).toBe(201)
  const { doc } = (await created.json()) as { doc: { id: number } }
  const path = `/neighbourhood/${SLUG}/stories/${doc.id}`
  await p.goto(path)
  await expect(p.getByRole('heading', { level: 1, name: `Private notes ${token}` })).toBeVisible()
  await expect(p.locator('.story-meta')).toContainText('Private')

  const visitor = await page.goto(path)
  expect(visitor?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Story not found' })).toBeVisible()
  const stranger = await openPerson(browser, 'stranger')
  expect((await stranger.page.goto(path))?.status()).toBe(404)
  await stranger.page.context().close()
  await page.goto(`/stories?q=${encodeURIComponent(`Private notes ${token}`)}`)
  await expect(page.getByText('No stories available.')).toBeVisible()
})

test('the rebuild prerenders the new story; the home card leads to it', async ({ page }) => {
  await expect
    .poll(async () => (await page.request.get(storyPath)).headers()['x-belong-render'], {
      timeout: 120_000,
      intervals: [1000],
    })
    .toBe('static')
  const html = await (await page.request.get(`/neighbourhood/${SLUG}/story/${storyId}`)).text()
  expect(html).toContain(description)
  await page.goto('/')
  const card = page
    .getByRole('region', { name: 'Featured Stories' })
    .getByRole('link', { name: title })
  await expect(card).toHaveAttribute('href', storyPath)
  await card.click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await author.page.context().close()
})
