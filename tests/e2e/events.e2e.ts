import { expect, type Browser, type Page } from '@playwright/test'

import { test } from './answers'
import ICAL from 'ical.js'
import sharp from 'sharp'

import { expectNoAxeViolations } from './axe'
import { freshUser, shoot, WAITING_ISLANDS } from './helpers'

/**
 * Events (SPEC §2 Events, §4 RSVP and event form, §5, §8) and their iCal feeds (RFC 5545, parsed
 * by ical.js), in Chromium against the built site. Fresh members write on Wembley's events, which
 * no other e2e file touches.
 */
const SLUG = 'wembley'
const PAGE = `/neighbourhood/${SLUG}/events`

/** A fresh member's browser, in London (en-GB) unless told otherwise. */
async function member(
  browser: Browser,
  prefix: string,
  where = { timezoneId: 'Europe/London', locale: 'en-GB' },
) {
  const context = await browser.newContext(where)
  const page = await context.newPage()
  const user = await freshUser(page.request, prefix)
  return { page, user }
}

/** Waits until every island has hydrated and the list listens live. */
async function openLive(page: Page, path = PAGE) {
  await page.goto(path)
  await expect(page.locator(WAITING_ISLANDS)).toHaveCount(0)
  await expect(page.locator('section.events')).toHaveAttribute('data-live', 'subscribed')
}

const card = (page: Page, title: string) =>
  page.locator('article.event-card').filter({ has: page.getByRole('heading', { name: title }) })
const count = (page: Page, title: string, status: 'attending' | 'interested') =>
  card(page, title).locator(`.rsvp-count[data-status="${status}"]`)
const toast = (page: Page, text: string) =>
  page.getByRole('status').and(page.getByText(text, { exact: true }))

/** Next year's 14 June at 19:00 (London time, as the form says), as datetime-local text. */
const nextYear = new Date().getUTCFullYear() + 1
const WHEN = `${nextYear}-06-14T19:00`

test('create, edit, search, RSVP live in a second browser, delete', async ({ browser }) => {
  const stamp = Date.now().toString(36)
  const title = `Canal clean-up ${stamp}`
  const edited = `Canal clean-up and picnic ${stamp}`
  const a = await member(browser, 'host')
  const b = await member(browser, 'guest', { timezoneId: 'America/New_York', locale: 'en-US' })

  // Signed out, the form says so and posts nothing.
  const anon = await (await browser.newContext()).newPage()
  await openLive(anon)
  await anon.getByRole('button', { name: 'Create An Event' }).click()
  await anon.getByRole('button', { name: 'Post Event' }).click()
  await expect(anon.locator('form#event-form').getByRole('alert')).toHaveText(
    'You must be logged in to post.',
  )

  await openLive(a.page)
  await a.page.getByRole('button', { name: 'Create An Event' }).click()
  const form = a.page.locator('form#event-form')
  // Required fields first: nothing is sent without them.
  await form.getByRole('button', { name: 'Post Event' }).click()
  await expect(form.getByRole('alert')).toHaveText('Title is required.')
  await form.getByLabel('Title').fill(title)
  await form.getByLabel('Description').fill('Bring gloves; we bring bags, tea and biscuits.')
  await form.getByLabel(/Date and time/).fill(WHEN)
  await form.getByLabel('Location').fill('Wembley Park lock, by the bridge')
  await form.getByLabel(/Tags/).fill(' Green,  Family , ')
  // A text file is refused on the spot; a real image is uploaded with the event.
  await form.getByLabel('Image').setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not an image at all'),
  })
  await expect(form.getByRole('alert')).toHaveText('Please upload a valid image file.')
  const png = await sharp({
    create: { width: 640, height: 360, channels: 3, background: '#3d7a5c' },
  })
    .png()
    .toBuffer()
  await form
    .getByLabel('Image')
    .setInputFiles({ name: 'canal.png', mimeType: 'image/png', buffer: png })
  await expect(form.getByRole('alert')).toHaveText('')
  await expect(form.getByLabel(/Public/)).toBeChecked()
  await form.getByLabel(/Public/).uncheck()
  await form.getByLabel(/Public/).check()
  await expectNoAxeViolations(a.page)
  await shoot(a.page, 'event-form')
  await form.getByRole('button', { name: 'Post Event' }).click()
  await expect(toast(a.page, 'Event posted.')).toBeVisible()
  // The form resets, public ticked again.
  await expect(form.getByLabel('Title')).toHaveValue('')
  await expect(form.getByLabel(/Public/)).toBeChecked()
  const mine = card(a.page, title)
  await expect(mine).toBeVisible()
  await expect(mine.locator('img.event-image')).toHaveAttribute('src', /\/api\/media\/file\//)
  await expect(mine.locator('.chip')).toHaveText(['Green', 'Family'])
  // London reader: London's time and zone; the event's own zone stated.
  await expect(mine.locator('.event-when time')).toContainText(`14 June ${nextYear}`)
  await expect(mine.locator('.event-when time')).toContainText('19:00')
  await expect(mine.locator('.event-zone')).toHaveText('(London time)')

  // Edit: the form fills in, says 'Update Event', and the card changes.
  await mine.getByRole('link', { name: /^Edit/ }).click()
  const editForm = a.page.locator('form#event-form')
  await expect(editForm.getByRole('heading', { name: 'Edit Event' })).toBeVisible()
  await expect(editForm.getByLabel('Title')).toHaveValue(title)
  await expect(editForm.getByLabel(/Date and time/)).toHaveValue(WHEN)
  await editForm.getByLabel('Title').fill(edited)
  await editForm.getByRole('button', { name: 'Update Event' }).click()
  await expect(card(a.page, edited)).toBeVisible()
  await expect(card(a.page, title)).toHaveCount(0)

  // The second browser (New York) sees the event in its own time, London's stated.
  await openLive(b.page)
  const theirs = card(b.page, edited)
  await expect(theirs.locator('.event-when time')).toContainText(`June 14, ${nextYear}`)
  await expect(theirs.locator('.event-when time')).toContainText('2:00')
  await expect(theirs.locator('.event-zone')).toContainText('7:00')
  await expect(theirs.locator('.event-zone')).toContainText('London time')
  // Only the author has Edit and Delete.
  await expect(theirs.getByRole('link', { name: /^Edit/ })).toHaveCount(0)

  // Search: a tag, any case; then nothing; the address keeps the text.
  const search = b.page.getByRole('searchbox', { name: 'Search events' })
  await search.fill('gREEN')
  await expect(theirs).toBeVisible()
  await expect(b.page).toHaveURL(/q=gREEN/)
  await search.fill(`zz-nothing-${stamp}`)
  await expect(b.page.getByText('No events match your search.')).toBeVisible()
  await search.fill(stamp)
  await expect(theirs).toBeVisible()
  await expect(b.page.locator('article.event-card')).toHaveCount(1)

  // RSVP in B: at once in B, live in A; same again removes; the other replaces.
  await expect(a.page.locator('section.events')).toHaveAttribute('data-live', 'subscribed')
  await expect(b.page.locator('section.events')).toHaveAttribute('data-live', 'subscribed')
  await theirs.getByRole('button', { name: /Attending/ }).click()
  await expect(count(b.page, edited, 'attending')).toHaveText('1')
  await expect(theirs.getByRole('button', { name: /Attending/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(count(a.page, edited, 'attending')).toHaveText('1')
  await theirs.getByRole('button', { name: /Interested/ }).click()
  await expect(count(b.page, edited, 'interested')).toHaveText('1')
  await expect(count(b.page, edited, 'attending')).toHaveText('0')
  await expect(count(a.page, edited, 'interested')).toHaveText('1')
  await expect(count(a.page, edited, 'attending')).toHaveText('0')
  await theirs.getByRole('button', { name: /Interested/ }).click()
  await expect(count(a.page, edited, 'interested')).toHaveText('0')

  // Parallel clicks stay exact: an even number of toggles of one status leaves none.
  await Promise.all(
    Array.from({ length: 4 }, () => theirs.getByRole('button', { name: /Attending/ }).click()),
  )
  await expect
    .poll(async () => {
      const res = await b.page.request.get(`/event.json?slug=${SLUG}&q=${stamp}`)
      const body = (await res.json()) as { events: { attendingCount: number; mine: unknown }[] }
      return [body.events[0]?.attendingCount, body.events[0]?.mine]
    })
    .toEqual([0, null])
  await expect(count(a.page, edited, 'attending')).toHaveText('0')

  // Signed out: 'You must be logged in'.
  await anon.reload()
  await expect(anon.locator(WAITING_ISLANDS)).toHaveCount(0)
  await card(anon, edited)
    .getByRole('button', { name: /Attending/ })
    .click()
  await expect(toast(anon, 'You must be logged in')).toBeVisible()

  await expectNoAxeViolations(a.page)
  await shoot(a.page, 'events')

  // Delete, with confirmation; the other browser loses it live.
  await card(a.page, edited)
    .getByRole('link', { name: /^Delete/ })
    .click()
  const dialog = a.page.getByRole('dialog')
  await expect(dialog).toContainText(`Delete the event "${edited}"?`)
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(toast(a.page, 'Event deleted.')).toBeVisible()
  await expect(card(a.page, edited)).toHaveCount(0)
  await expect(card(b.page, edited)).toHaveCount(0)
  await expect(b.page.getByText('No events match your search.')).toBeVisible()
})

test('search works before any script runs (a GET form), lists in the HTML, past ones left out', async ({
  browser,
}) => {
  const stamp = Date.now().toString(36)
  const host = await member(browser, 'early')
  const post = (title: string, eventDate: string) =>
    host.page.request.post('/api/events/new', {
      data: { title, description: 'D', location: 'L', eventDate, tags: ['Jazz'] },
    })
  expect((await post(`Night market ${stamp}`, `${nextYear}-03-01T18:00:00.000Z`)).status()).toBe(
    201,
  )
  expect(
    (await post(`Last week ${stamp}`, new Date(Date.now() - 7 * 864e5).toISOString())).status(),
  ).toBe(201)

  const noScript = await (await browser.newContext({ javaScriptEnabled: false })).newPage()
  await noScript.goto('/event')
  await noScript.getByRole('searchbox', { name: 'Search events' }).fill(stamp)
  await noScript.getByRole('searchbox', { name: 'Search events' }).press('Enter')
  await expect(noScript).toHaveURL(new RegExp(`/event\\?q=${stamp}`))
  await expect(card(noScript, `Night market ${stamp}`)).toBeVisible()
  await expect(card(noScript, `Last week ${stamp}`)).toHaveCount(0)
  await expect(noScript.locator('article.event-card')).toHaveCount(1)

  // The main content is in the HTML itself.
  const html = await (await noScript.request.get(`/event?q=${stamp}`)).text()
  expect(html).toContain(`Night market ${stamp}`)
  expect(html).not.toContain(`Last week ${stamp}`)

  // /event?slug= has the back link; an unknown slug is not found.
  await noScript.goto(`/event?slug=${SLUG}`)
  await expect(noScript.getByRole('link', { name: /Back to Wembley/ })).toHaveAttribute(
    'href',
    `/neighbourhood/${SLUG}`,
  )
  const missing = await noScript.request.get('/event?slug=atlantis-under-sea')
  expect(missing.status()).toBe(404)
  await noScript.goto('/event?q=zz-no-such-event-anywhere')
  await expect(noScript.getByText('No events match your search.')).toBeVisible()
})

test('iCal feeds parse as RFC 5545 and each event has Add to calendar', async ({ browser }) => {
  const stamp = Date.now().toString(36)
  const host = await member(browser, 'cal')
  const title = `Choir, strings; and brass ${stamp}`
  const created = await host.page.request.post('/api/events/new', {
    data: {
      title,
      description: `Line one\nLine two ${'é'.repeat(60)}`,
      location: 'Wembley Library, Olympic Way',
      eventDate: `${nextYear}-02-10T19:30:00.000Z`,
      neighbourhood: (
        (await (
          await host.page.request.get(`/api/neighbourhoods?where[slug][equals]=${SLUG}&depth=0`)
        ).json()) as { docs: { id: number }[] }
      ).docs[0]!.id,
    },
  })
  expect(created.status()).toBe(201)
  const { doc } = (await created.json()) as { doc: { id: number } }

  for (const path of ['/event.ics', `/neighbourhood/${SLUG}/events.ics`]) {
    const res = await host.page.request.get(path)
    expect(res.status()).toBe(200)
    expect(res.headers()['content-type']).toContain('text/calendar')
    const text = await res.text()
    expect(text).toContain('\r\n')
    const calendar = new ICAL.Component(ICAL.parse(text))
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0')
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v))
    const ours = events.find((e) => e.summary === title)
    expect(ours, path).toBeTruthy()
    expect(ours!.location).toBe('Wembley Library, Olympic Way')
    expect(ours!.description).toBe(`Line one\nLine two ${'é'.repeat(60)}`)
    expect(ours!.startDate.toJSDate().toISOString()).toBe(`${nextYear}-02-10T19:30:00.000Z`)
  }

  await openLive(host.page, `${PAGE}?q=${stamp}`)
  const link = card(host.page, title).getByRole('link', { name: 'Add to calendar' })
  const href = await link.getAttribute('href')
  expect(href).toBe(`/event.ics?id=${doc.id}`)
  const single = await host.page.request.get(href!)
  expect(single.headers()['content-disposition']).toContain('attachment')
  const one = new ICAL.Component(ICAL.parse(await single.text())).getAllSubcomponents('vevent')
  expect(one).toHaveLength(1)
  expect(new ICAL.Event(one[0]!).summary).toBe(title)
})
