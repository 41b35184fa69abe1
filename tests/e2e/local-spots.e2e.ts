import fs from 'node:fs'

import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test'

import { test } from './answers'
import sharp from 'sharp'

import { expectNoAxeViolations } from './axe'
import { freshUser, geocodeAnswered, moveServerClock, signedInApi, signInToAdmin } from './helpers'

/**
 * Local spots (SPEC §2 Local spots, §4, §5, §8, §9), in Chromium against the built server: a
 * member suggests a spot with an image and a maps link (the address comes from the geocoder
 * stand-in), another member reacts and the owner's bell rings live, the owner edits within the
 * window and is refused once the SERVER's clock has moved 8 days on, then deletes; a spoofed
 * image is refused and nothing stored; paging past 9; staff badges show until they expire.
 * Each test makes its own neighbourhood, so the seeded data stays as it was.
 */

const DAY = 86_400_000
const SHOTS = '.tmp/shots'
const png = (colour: string) =>
  sharp({ create: { width: 640, height: 400, channels: 3, background: colour } })
    .png()
    .toBuffer()

async function newNeighbourhood(request: APIRequestContext, prefix: string) {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const name = `${prefix} ${suffix}`
  const res = await request.post('/api/neighbourhoods/new', {
    data: { name, slug: `${prefix.toLowerCase()}-${suffix}`, tagline: 'Test', vibes: ['Calm'] },
  })
  expect(res.status(), await res.text()).toBe(201)
  const { doc } = (await res.json()) as { doc: { id: number; slug: string; name: string } }
  return doc
}

async function member(browser: Browser, prefix: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  const user = await freshUser(page.request, prefix)
  return { page, user }
}

async function openSpots(page: Page, slug: string) {
  await page.goto(`/neighbourhood/${slug}/local-spots`)
  await expect(page.locator('.local-spots')).toHaveAttribute('data-live', 'subscribed')
}

const card = (page: Page, name: string) =>
  page
    .locator('article.spot-card')
    .filter({ has: page.getByRole('heading', { name, exact: true }) })
const toast = (page: Page, text: string) =>
  page.getByRole('status').and(page.getByText(text, { exact: true }))
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ })

test.afterEach(() => moveServerClock(0))

test('suggest with image and maps link, react live, edit, refused after 7 days, delete', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  fs.mkdirSync(SHOTS, { recursive: true })
  const owner = await member(browser, 'spotowner')
  const page = owner.page
  const place = await newNeighbourhood(page.request, 'Spotville')

  await openSpots(page, place.slug)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Local Spots in ${place.name}`)
  await expect(page.getByText('Discover local businesses loved by neighbours.')).toBeVisible()
  await expect(page.getByText('No local spots yet. Coming soon!')).toBeVisible()
  await expectNoAxeViolations(page)

  // The dialog: opens with focus inside, Escape closes it and gives focus back.
  const suggest = page.getByRole('button', { name: 'Suggest a Spot' })
  await suggest.click()
  const dialog = page.getByRole('dialog', { name: 'Suggest a Local Spot' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('Business Name')).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(suggest).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(dialog).toBeVisible()

  // Required fields are checked before anything is sent.
  await dialog.getByLabel('Show confirmation before submit').uncheck()
  await dialog.getByRole('button', { name: 'Suggest Spot' }).click()
  await expect(
    dialog.getByRole('alert').filter({ hasText: 'Please enter the business name.' }),
  ).toBeVisible()

  await dialog.getByLabel('Business Name').fill('Rye Lane Roasters')
  await dialog.getByRole('button', { name: 'Suggest Spot' }).click()
  await expect(dialog.getByText('Please select a category.')).toBeVisible()

  // Category by keyboard: type to filter, arrow to the option, Enter to pick.
  const category = dialog.getByRole('combobox', { name: 'Category' })
  await category.focus()
  await page.keyboard.type('caf')
  await expect(dialog.getByRole('option')).toHaveText(['Cafe'])
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(category).toHaveValue('Cafe')
  // Escape in an open list closes the list, not the dialog.
  await page.keyboard.press('ArrowDown')
  await expect(dialog.getByRole('listbox')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog.getByRole('listbox')).toBeHidden()
  await expect(dialog).toBeVisible()

  const description =
    'Flat whites, cardamom buns and a sunny back garden where half the street seems to meet on Saturday mornings before the market.'
  await dialog.getByLabel('Description').fill(description)

  // A maps link with coordinates fills the address from the reverse geocoder (the stand-in).
  await geocodeAnswered(page, 'reverse', () =>
    dialog
      .getByLabel('Google Maps link (optional)')
      .fill('https://www.google.com/maps/place/Rye+Lane/@51.4741,-0.0692,17z'),
  )
  await expect(dialog.getByText(/^Address: .*Rye Lane/)).toBeVisible()
  await expect(dialog.getByRole('link', { name: /Preview link/ })).toHaveAttribute(
    'href',
    'https://www.google.com/maps/place/Rye+Lane/@51.4741,-0.0692,17z',
  )

  await dialog
    .getByLabel('Image (optional)')
    .setInputFiles({ name: 'shop.png', mimeType: 'image/png', buffer: await png('#c0703a') })
  await expect(dialog.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible()

  // Emoji toggles by keyboard and by click.
  const coffee = dialog.getByRole('button', { name: 'coffee' })
  await coffee.focus()
  await page.keyboard.press('Space')
  await expect(coffee).toHaveAttribute('aria-pressed', 'true')
  await dialog.getByRole('button', { name: 'plant' }).click()
  await expect(dialog.getByRole('button', { name: 'plant' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )

  // Confirmation (default on) before submitting.
  await dialog.getByLabel('Show confirmation before submit').check()
  await expectNoAxeViolations(page)
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `${SHOTS}/local-spots-form-${width}.png` })
  }
  await dialog.getByRole('button', { name: 'Suggest Spot' }).click()
  const confirm = dialog.getByRole('alertdialog', { name: 'Suggest “Rye Lane Roasters”?' })
  await expect(confirm).toBeVisible()
  await confirm.getByRole('button', { name: 'Yes, submit' }).click()
  await expect(toast(page, 'Thanks! Business suggested.')).toBeVisible()
  await expect(dialog).toBeHidden()

  const spot = card(page, 'Rye Lane Roasters')
  await expect(spot).toBeVisible()
  await expect(spot.getByText('Cafe', { exact: true })).toBeVisible()
  await expect(spot.getByText(/Rye Lane/).last()).toBeVisible()
  await expect(spot.getByRole('img', { name: 'Photo of Rye Lane Roasters' })).toBeVisible()
  await expect(spot.getByRole('list', { name: 'Vibes' }).getByRole('listitem')).toHaveCount(2)
  await expect(spot.getByRole('link', { name: owner.user.userName })).toHaveAttribute(
    'href',
    `/profile/${owner.user.userName}`,
  )
  await expect(spot.getByRole('link', { name: /Open in maps/ })).toHaveAttribute(
    'href',
    /@51\.4741,-0\.0692/,
  )
  await expect(spot.getByText(description)).toHaveCount(0)
  await spot.getByRole('button', { name: 'Show more' }).click()
  await expect(spot.getByText(description)).toBeVisible()
  await spot.getByRole('button', { name: 'Show less' }).click()
  await expect(spot.getByText(description)).toHaveCount(0)
  const spotId = Number(await spot.getAttribute('data-spot-id'))

  // Another member reacts: the counts change live on the owner's page and her bell rings.
  await expect(bell(page)).toHaveAccessibleName('Notifications')
  const other = await member(browser, 'spotfan')
  await openSpots(other.page, place.slug)
  const theirs = card(other.page, 'Rye Lane Roasters')
  await expect(theirs.getByRole('button', { name: /^Edit/ })).toHaveCount(0)
  await theirs.getByRole('button', { name: 'Fire, 0 reactions' }).click()
  await expect(theirs.getByRole('button', { name: 'Fire, 1 reaction' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(spot.getByRole('button', { name: 'Fire, 1 reaction' })).toBeVisible()
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread')

  // A visitor is asked to log in.
  const visitor = await (await browser.newContext()).newPage()
  await openSpots(visitor, place.slug)
  await expect(visitor.getByRole('button', { name: 'Suggest a Spot' })).toHaveCount(0)
  await expect(
    visitor.locator('.spots-toolbar').getByText('Please log in to suggest a local spot.'),
  ).toBeVisible()
  await card(visitor, 'Rye Lane Roasters')
    .getByRole('button', { name: /^Heart/ })
    .click()
  await expect(toast(visitor, 'Login to react.')).toBeVisible()

  // The owner edits within the window.
  await spot.getByRole('button', { name: 'Edit Rye Lane Roasters' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Business' })
  await expect(
    edit.getByText(/^Created .+ ago · Last edited .+$|^Created just now · Last edited just now$/),
  ).toBeVisible()
  await expect(edit.getByRole('combobox', { name: 'Category' })).toHaveValue('Cafe')
  await edit.getByLabel('Business Name').fill('Rye Lane Roasters & Bakery')
  await edit.getByLabel('Show confirmation before submit').uncheck()
  await edit.getByRole('button', { name: 'Update Business' }).click()
  await expect(toast(page, 'Business updated.')).toBeVisible()
  const renamed = card(page, 'Rye Lane Roasters & Bakery')
  await expect(renamed).toBeVisible()
  await expect(renamed.getByRole('img', { name: /^Photo of/ })).toBeVisible()

  // 8 days later by the server's clock (the browser's is untouched): refused, and the form says so.
  moveServerClock(8 * DAY)
  const late = await page.request.patch(`/api/local-businesses/${spotId}/details`, {
    data: { name: 'Too late' },
  })
  expect(late.status()).toBe(403)
  expect(((await late.json()) as { errors: { message: string }[] }).errors[0]!.message).toBe(
    'Editing period has expired.',
  )
  await openSpots(page, place.slug)
  await card(page, 'Rye Lane Roasters & Bakery')
    .getByRole('button', { name: 'Edit Rye Lane Roasters & Bakery' })
    .click()
  await expect(
    edit.getByRole('alert').filter({ hasText: 'Editing period has expired.' }),
  ).toBeVisible()
  await expect(edit.getByLabel('Business Name')).toBeDisabled()
  await expect(edit.getByRole('button', { name: 'Update Business' })).toHaveCount(0)
  await expectNoAxeViolations(page)
  await page.keyboard.press('Escape')
  await expect(edit).toBeHidden()

  // Delete stays possible: asked first, then gone.
  await card(page, 'Rye Lane Roasters & Bakery')
    .getByRole('link', { name: 'Delete Rye Lane Roasters & Bakery' })
    .click()
  const question = page.getByRole('dialog', { name: 'Delete this business?' })
  await question.getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'Business deleted.')).toBeVisible()
  await expect(page.getByText('No local spots yet. Coming soon!')).toBeVisible()
  // The other reader's list follows live.
  await expect(other.page.getByText('No local spots yet. Coming soon!')).toBeVisible()
})

test('a spoofed image is refused with the spec message and nothing is stored', async ({
  browser,
}) => {
  const { page } = await member(browser, 'spoofer')
  const place = await newNeighbourhood(page.request, 'Spoofton')
  const countMedia = async () => {
    const res = await page.request.get('/api/media?where[purpose][equals]=business-image&limit=1')
    return ((await res.json()) as { totalDocs: number }).totalDocs
  }
  const before = await countMedia()
  const spoof = Buffer.from('<html><script>alert(1)</script></html>'.repeat(20))

  await openSpots(page, place.slug)
  await page.getByRole('button', { name: 'Suggest a Spot' }).click()
  const dialog = page.getByRole('dialog', { name: 'Suggest a Local Spot' })
  await dialog
    .getByLabel('Image (optional)')
    .setInputFiles({ name: 'cat.png', mimeType: 'image/png', buffer: spoof })
  await expect(
    dialog
      .getByRole('alert')
      .filter({ hasText: 'Invalid file type. Use JPG, PNG, WEBP, or GIF.' })
      .first(),
  ).toBeVisible()
  await expect(dialog.getByRole('img', { name: 'Preview of the chosen image' })).toHaveCount(0)

  // Address autocomplete through the geocoding proxy (the stand-in knows Peckham).
  const address = dialog.getByRole('combobox', { name: 'Search Address' })
  await expect(address).toHaveAttribute('placeholder', 'Start typing an address...')
  await geocodeAnswered(
    page,
    'search',
    () => address.pressSequentially('Rye Lane, Peckham'),
    'Peckham',
  )
  await expect(dialog.getByRole('option', { name: /^Peckham, London Borough/ })).toBeVisible()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(dialog.getByText(/^Address: Peckham, London Borough/)).toBeVisible()

  // The server judges by content too, whatever the browser says.
  const upload = await page.request.post('/api/media', {
    multipart: {
      file: { name: 'cat.png', mimeType: 'image/png', buffer: spoof },
      _payload: JSON.stringify({ purpose: 'business-image', alt: 'cat' }),
    },
  })
  expect(upload.status()).toBe(400)
  expect(((await upload.json()) as { errors: { message: string }[] }).errors[0]!.message).toBe(
    'Invalid file type. Use JPG, PNG, WEBP, or GIF.',
  )
  expect(await countMedia()).toBe(before)
})

test('paging past 9, and staff badges show until they expire', async ({ browser, request }) => {
  test.setTimeout(120_000)
  fs.mkdirSync(SHOTS, { recursive: true })
  const { page } = await member(browser, 'spotpager')
  const place = await newNeighbourhood(page.request, 'Pageford')
  const ids: number[] = []
  for (let i = 1; i <= 11; i++) {
    const res = await page.request.post('/api/local-businesses/new', {
      data: {
        name: `Corner Shop ${i}`,
        category: i % 3 ? 'store' : 'Record shop',
        description: `Number ${i} on the high street.`,
        address: `${i} High Street`,
        emojis: ['shopping-bag'],
        neighbourhood: place.id,
      },
    })
    expect(res.status()).toBe(201)
    ids.push(((await res.json()) as { doc: { id: number } }).doc.id)
  }
  const newest = ids[10]!
  await signedInApi(request, 'tom')
  const badge = async (label: string, colour: string, expiresAt?: string) => {
    const res = await request.post('/api/business-badges', {
      data: { business: newest, label, colour, expiresAt },
    })
    expect(res.status()).toBe(201)
  }
  await badge('Neighbours’ pick', '#0f766e')
  await badge('New this month', '#fde68a', new Date(Date.now() + 30 * DAY).toISOString())
  await badge('Last summer', '#b91c1c', new Date(Date.now() - DAY).toISOString())

  // An unknown neighbourhood is a 404 with the usual suggestions.
  const missing = await request.get('/neighbourhood/no-such-place-here/local-spots')
  expect(missing.status()).toBe(404)
  expect(await missing.text()).toContain('We couldn')

  // The first 9 are in the HTML itself, before any script.
  const html = await (await request.get(`/neighbourhood/${place.slug}/local-spots`)).text()
  expect(html.match(/data-spot-id="/g)).toHaveLength(9)
  expect(html).toContain('Corner Shop 11')
  expect(html).not.toContain('Corner Shop 2<')

  const visitor = await (await browser.newContext()).newPage()
  await openSpots(visitor, place.slug)
  const cards = visitor.locator('article.spot-card')
  await expect(cards).toHaveCount(9)
  const top = card(visitor, 'Corner Shop 11')
  await expect(top.getByRole('list', { name: 'Badges' }).getByRole('listitem')).toHaveText([
    'Neighbours’ pick',
    'New this month',
  ])
  await expect(card(visitor, 'Corner Shop 9').getByText('Record shop')).toBeVisible()
  await expectNoAxeViolations(visitor)
  for (const width of [390, 1280]) {
    await visitor.setViewportSize({ width, height: 1000 })
    await visitor.screenshot({
      path: `${SHOTS}/local-spots-${width}.png`,
      fullPage: width === 1280,
    })
  }
  await visitor.getByRole('link', { name: 'Show more local spots' }).click()
  await expect(cards).toHaveCount(11)
  await expect(visitor.getByRole('link', { name: 'Show more local spots' })).toHaveCount(0)
  await expect(visitor).toHaveURL(/pages=2/)

  // The badge without expiry stays; the one for this month goes when the month is over.
  moveServerClock(31 * DAY)
  await openSpots(visitor, place.slug)
  await expect(
    card(visitor, 'Corner Shop 11').getByRole('list', { name: 'Badges' }).getByRole('listitem'),
  ).toHaveText(['Neighbours’ pick'])
  await expect(cards).toHaveCount(9)
})

test('an editor pins a badge on a spot in the admin and it shows on the page', async ({
  browser,
  page,
}) => {
  test.skip(process.env.ADMIN === 'false', 'the admin is not built in this run (ADMIN=false)')
  test.setTimeout(120_000)
  const owner = await member(browser, 'badgeowner')
  const place = await newNeighbourhood(owner.page.request, 'Badgeley')
  const name = `Badge Bakery ${Date.now().toString(36)}`
  const created = await owner.page.request.post('/api/local-businesses/new', {
    data: { name, category: 'cafe', neighbourhood: place.id },
  })
  expect(created.status()).toBe(201)

  await signInToAdmin(page)
  await page.goto('/admin/collections/business-badges/create')
  await page.locator('#field-label').fill('Editor’s choice')
  await page.locator('#field-colour').fill('#7c3aed')
  await page.locator('#field-business .rs__control').click()
  await page.keyboard.type(name)
  await page.locator('.rs__option', { hasText: name }).click()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/admin\/collections\/business-badges\/\d+/)

  await openSpots(owner.page, place.slug)
  await expect(
    card(owner.page, name).getByRole('list', { name: 'Badges' }).getByRole('listitem'),
  ).toHaveText(['Editor’s choice'])
})
