import { expect, type Page } from '@playwright/test'

import { test } from './answers'
import sharp from 'sharp'

import { expectNoAxeViolations } from './axe'
import { DEMO_PASSWORD, FRESH_PASSWORD, freshUser, geocodeAnswered } from './helpers'

/**
 * The neighbourhood form (SPEC §2, §4, §5, §8) against the built server, whose GEOCODER_URL and
 * POPULATION_URL point at tests/support/fakeGeocoder.ts (playwright.config.ts starts it).
 */
test.describe.configure({ mode: 'serial' })

const PASSWORD = FRESH_PASSWORD
let creatorEmail = ''
let slug = ''

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true })
const submit = (page: Page) => page.getByRole('button', { name: 'Submit Neighbourhood' }).click()
const alertText = (page: Page) => page.locator('.nf-actions [role="alert"]')

test('signed out, the submit screen asks to sign in instead of showing the form', async ({
  page,
}) => {
  await page.goto('/neighbourhood/new')
  await expect(page.getByRole('heading', { name: 'Submit a Neighbourhood' })).toBeVisible()
  await expect(page.getByText('You must be signed in to submit a neighbourhood.')).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    '/login?next=%2Fneighbourhood%2Fnew',
  )
  await expect(page.getByLabel('Name', { exact: true })).toHaveCount(0)
  await expectNoAxeViolations(page)
})

test('a new member submits a neighbourhood whose slug is taken and gets the next free one', async ({
  page,
}) => {
  test.setTimeout(120_000)
  creatorEmail = (await freshUser(page.request, 'nf')).email

  await page.goto('/neighbourhood/new')
  await expect(page.getByRole('heading', { name: 'Submit a Neighbourhood' })).toBeVisible()
  const map = page.getByTestId('location-map')
  await expect(map).toHaveAttribute('data-ready', 'true')
  await expectNoAxeViolations(page)

  // Nothing filled in: the spec's first message.
  await submit(page)
  await expect(alertText(page)).toHaveText('Please provide a name and slug.')

  // The slug follows the name…
  await field(page, 'Name').fill('Shoreditch Fields')
  await expect(field(page, 'Slug')).toHaveValue('shoreditch-fields')
  await field(page, 'Name').fill('')
  await expect(field(page, 'Slug')).toHaveValue('')

  // A map click sets latitude and longitude, and names the place from reverse geocoding.
  await geocodeAnswered(page, 'reverse', () => map.click())
  await expect(field(page, 'Latitude')).not.toHaveValue('')
  const lat = Number(await field(page, 'Latitude').inputValue())
  const lon = Number(await field(page, 'Longitude').inputValue())
  expect(Math.abs(lat - 51.5)).toBeLessThan(0.02)
  expect(Math.abs(lon + 0.12)).toBeLessThan(0.03)
  await expect(field(page, 'Name')).toHaveValue('Shoreditch')
  await expect(field(page, 'Slug')).toHaveValue('shoreditch')

  // Address search: not found, then found (the inputs follow).
  const search = page.getByLabel('Search for an address')
  await search.fill('Atlantis')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.getByText('Location not found')).toBeVisible()
  await search.fill('Shoreditch High Street')
  await search.press('Enter')
  await expect(field(page, 'Latitude')).toHaveValue('51.5265')
  await expect(field(page, 'Longitude')).toHaveValue('-0.0798')
  await expect(field(page, 'Name')).toHaveValue('Shoreditch')

  // Coordinates must be numbers.
  await field(page, 'Latitude').fill('north-ish')
  await submit(page)
  await expect(alertText(page)).toHaveText('Please provide valid latitude and longitude.')
  await field(page, 'Latitude').fill('51.5265')

  // The rest of the shared rules: tagline, then vibes.
  await submit(page)
  await expect(alertText(page)).toHaveText('Please provide a tagline.')
  await field(page, 'Tagline').fill('Street art, bagels at 3 a.m.')
  await submit(page)
  await expect(alertText(page)).toHaveText('Please choose at least one vibe.')
  await page.getByRole('checkbox', { name: 'Creative' }).check()
  await page.getByRole('checkbox', { name: 'Diverse' }).check()

  // Images: too big, not an image, then a real one with a preview.
  const image = page.getByLabel('Image', { exact: true })
  const tooBig = Buffer.alloc(5 * 1024 * 1024 + 100)
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(tooBig)
  await image.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: tooBig })
  await expect(page.getByText('Image must be less than 5MB.')).toBeVisible()
  await image.setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not a picture at all'),
  })
  await expect(page.getByText('Please upload a valid image file.')).toBeVisible()
  const png = await sharp({
    create: { width: 320, height: 180, channels: 3, background: '#c4572a' },
  })
    .png()
    .toBuffer()
  await image.setInputFiles({ name: 'street.png', mimeType: 'image/png', buffer: png })
  await expect(page.getByAltText('Preview of the neighbourhood image')).toBeVisible()
  await expect(page.getByText('Please upload a valid image file.')).toHaveCount(0)

  // Submit: 'shoreditch' is a seeded neighbourhood, so the server gives the next free slug.
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/neighbourhoods/new') && r.request().method() === 'POST',
  )
  await submit(page)
  const answer = (await (await created).json()) as { doc: { slug: string; image: unknown } }
  slug = answer.doc.slug
  expect(slug).toMatch(/^shoreditch-\d+$/)
  expect(answer.doc.image).toBeTruthy()
  await expect(page.getByText('Neighbourhood submitted!').first()).toBeVisible()
  await expect(page.getByText('Population saved.').first()).toBeVisible()
  await expect(
    page.getByText(`“shoreditch” was taken, so its address is /neighbourhood/${slug}.`),
  ).toBeVisible()

  // Then its page opens, served at once although no build has it yet.
  await page.waitForURL(`**/neighbourhood/${slug}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Shoreditch' })).toBeVisible()
  await expect(page.getByText('Street art, bagels at 3 a.m.')).toBeVisible()

  // …and the map's list finds it, with its point.
  const listed = await page.request.get(
    '/api/neighbourhoods?where[name][like]=Shoreditch&depth=0&limit=50',
  )
  const { docs } = (await listed.json()) as {
    docs: { slug: string; latitude: number; longitude: number; populationEstimate: number }[]
  }
  expect(docs.find((d) => d.slug === slug)).toMatchObject({
    latitude: 51.5265,
    longitude: -0.0798,
    populationEstimate: 12345,
  })
})

test('the creator edits the tagline; a taken slug is refused', async ({ page }) => {
  expect(slug, 'the submit test ran first').not.toBe('')
  const login = await page.request.post('/api/users/login', {
    data: { email: creatorEmail, password: PASSWORD },
  })
  expect(login.status()).toBe(200)

  await page.goto(`/neighbourhood/${slug}/edit`)
  await expect(page.getByRole('heading', { name: 'Edit Neighbourhood' })).toBeVisible()
  await expect(field(page, 'Name')).toHaveValue('Shoreditch')
  await expect(field(page, 'Slug')).toHaveValue(slug)
  await expect(page.getByRole('checkbox', { name: 'Creative' })).toBeChecked()
  await expect(page.getByTestId('location-map')).toHaveAttribute('data-ready', 'true')
  await expectNoAxeViolations(page)

  // Editing the name no longer moves the slug.
  await field(page, 'Name').fill('Shoreditch Yards')
  await expect(field(page, 'Slug')).toHaveValue(slug)

  await field(page, 'Slug').fill('brixton')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(alertText(page)).toHaveText(
    'That slug is already taken. Please choose a different one.',
  )

  await field(page, 'Slug').fill(slug)
  await field(page, 'Tagline').fill('Murals by day, music by night')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByText('Neighbourhood updated!').first()).toBeVisible()
  await page.waitForURL(`**/neighbourhood/${slug}`)
  await expect(page.getByText('Murals by day, music by night')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Shoreditch Yards' })).toBeVisible()
})

test('only the creator opens the edit page', async ({ browser, baseURL, page }) => {
  expect(slug, 'the submit test ran first').not.toBe('')
  // Signed out: to sign in, coming back here afterwards.
  await page.goto(`/neighbourhood/${slug}/edit`)
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent(`/neighbourhood/${slug}/edit`)}`)

  // Another member: to the detail page.
  const other = await browser.newContext({ baseURL })
  const login = await other.request.post('/api/users/login', {
    data: { email: 'priya@belong.local', password: DEMO_PASSWORD },
  })
  expect(login.status()).toBe(200)
  const otherPage = await other.newPage()
  await otherPage.goto(`/neighbourhood/${slug}/edit`)
  await expect(otherPage).toHaveURL(`/neighbourhood/${slug}`)
  await expect(otherPage.getByRole('heading', { name: 'Edit Neighbourhood' })).toHaveCount(0)

  // An unknown slug is not found.
  const missing = await other.request.get('/neighbourhood/no-such-place-here/edit')
  expect(missing.status()).toBe(404)
  await other.close()
})

test('the submit screen takes name and slug from the address', async ({ page }) => {
  await freshUser(page.request, 'nf')
  await page.goto('/submit-neighbourhood?name=Little%20Venice&slug=little-venice-w2')
  await expect(page.getByRole('heading', { name: 'Submit a Neighbourhood' })).toBeVisible()
  await expect(field(page, 'Name')).toHaveValue('Little Venice')
  await expect(field(page, 'Slug')).toHaveValue('little-venice-w2')
  // A slug of its own is kept when the name changes.
  await field(page, 'Name').fill('Little Venice Basin')
  await expect(field(page, 'Slug')).toHaveValue('little-venice-w2')
})
