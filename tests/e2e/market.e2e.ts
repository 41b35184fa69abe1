import { expect, type Browser, type Page } from '@playwright/test'

import { test } from './answers'
import sharp from 'sharp'

import { MARKET_TEXT } from '@/rules/market'
import { PRIVATE_DETAIL_MESSAGES } from '@/rules/privateDetails'

import { expectNoAxeViolations } from './axe'
import { freshUser, hydrated, lastMailTo } from './helpers'

/**
 * The market without JavaScript: a confirmed member lists an item with a photo through the plain
 * form, a neighbour messages the seller about it, the seller finds it with the list's filters,
 * marks it reserved then gone, and the item page says so.
 */
const SLUG = 'camden-town'

/** Axe and screenshots in a reader's browser with JavaScript (axe runs as a script). */
async function checkAndShoot(browser: Browser, path: string, name: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(path)
  await expectNoAxeViolations(page)
  await shootBothSchemes(page, name)
  await context.close()
}

async function shootBothSchemes(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 800 })
      await page.screenshot({ path: `.tmp/shots/${name}-${scheme}-${width}.png`, fullPage: true })
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1280, height: 800 })
}

/** A fresh member on `page`, their e-mail confirmed (members must confirm before they list). */
async function confirmedSeller(page: Page) {
  const seller = await freshUser(page.request, 'marketseller')
  const mail = await lastMailTo(seller.email, (m) => m.includes('confirm-email'))
  const link = /(http:\/\/[^\s"<]+\/api\/users\/confirm-email\?token=[\w.%-]+)/.exec(mail)
  await page.goto(link![1]!)
}

const aPhoto = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: '#a63' } })
    .jpeg()
    .toBuffer()

test('list an item with a photo, filter, reserve and mark it gone, all without JavaScript', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await confirmedSeller(page)

  await page.goto(`/neighbourhood/${SLUG}`)
  await page.getByRole('link', { name: /^Market \(\d+\)$/ }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Market in /)
  await page.getByRole('link', { name: 'List an item' }).click()

  // A price that is not a number comes back beside its field, with what was typed kept.
  const title = `Oak bookcase ${Date.now().toString(36)}`
  await page.getByLabel('Title').fill(title)
  await page.getByLabel('Description (optional)').fill('Five shelves, solid oak.')
  await page.getByLabel('Price in £ (for sale only)').fill('twenty')
  await page.getByRole('button', { name: 'List item' }).click()
  await expect(page.getByRole('alert')).toHaveText(MARKET_TEXT.priceNotNumber)
  await expect(page.getByLabel('Price in £ (for sale only)')).toHaveAttribute(
    'aria-invalid',
    'true',
  )
  await expect(page.getByLabel('Title')).toHaveValue(title)

  await page.getByLabel('Price in £ (for sale only)').fill('25.50')
  await page.getByLabel('Condition (not for Wanted)').selectOption('good')
  await page.getByLabel(/^Street for pickup/).fill('Elm Row')
  await page
    .getByLabel(/^Photos/)
    .setInputFiles({ name: 'bookcase.jpg', mimeType: 'image/jpeg', buffer: await aPhoto() })
  await page.getByRole('button', { name: 'List item' }).click()

  await expect(page).toHaveURL(/\/market\/\d+$/)
  const itemPath = new URL(page.url()).pathname
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  await expect(page.getByText('£25.50', { exact: true })).toBeVisible()
  await expect(page.getByText('Elm Row, Camden Town')).toBeVisible()
  await expect(page.getByRole('img', { name: `${title}, photo 1` })).toBeVisible()
  const ld = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').last().textContent()) ?? '{}',
  ) as { '@type'?: string; offers?: { price?: string; availability?: string } }
  expect(ld).toMatchObject({
    '@type': 'Product',
    offers: { price: '25.50', availability: 'https://schema.org/InStock' },
  })
  await checkAndShoot(browser, itemPath, 'market-item')
  await messageTheSeller(browser, itemPath, title, page)

  // The list's filters are a GET form: kind, price range and text find it; a lower cap does not.
  await page.goto(`/neighbourhood/${SLUG}/market`)
  await page.getByLabel('Search the market').fill(title)
  await page.getByLabel('Kind', { exact: true }).selectOption('sale')
  await page.getByLabel('Min £').fill('20')
  await page.getByLabel('Max £').fill('30')
  await page.getByRole('button', { name: 'Filter', exact: true }).click()
  await expect(page).toHaveURL(/kind=sale/)
  await expect(page.getByRole('link', { name: title })).toBeVisible()
  await checkAndShoot(browser, page.url(), 'market-list')
  await page.getByLabel('Max £').fill('20')
  await page.getByRole('button', { name: 'Filter', exact: true }).click()
  await expect(page.getByText(MARKET_TEXT.empty)).toBeVisible()
  await page.getByRole('link', { name: 'Free only' }).click()
  await expect(page).toHaveURL(/kind=free/)

  // A forged renewal link is refused with a plain page.
  const forged = await page.goto(`${itemPath}/renew?token=forged.link`)
  expect(forged?.status()).toBe(403)
  await expect(page.getByRole('alert')).toHaveText(MARKET_TEXT.renewRefused)

  // The seller reserves it, then marks it gone: the page says so and the list leaves it out.
  await page.goto(itemPath)
  await expect(page.getByRole('link', { name: 'Message the seller' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Reserved' }).click()
  await expect(page.locator('.market-status')).toHaveText('Reserved')
  await page.getByRole('button', { name: 'Gone' }).click()
  await expect(page.locator('.market-status')).toHaveText('Gone: this item is no longer available.')
  await page.goto(`/neighbourhood/${SLUG}/market?q=${encodeURIComponent(title)}`)
  await expect(page.getByText(MARKET_TEXT.empty)).toBeVisible()
  await context.close()
})

/**
 * 'Message the seller' without JavaScript: signed out, the item page offers signing in first;
 * signed in, the link opens a conversation about the item, and both sides see the item in it.
 */
async function messageTheSeller(browser: Browser, itemPath: string, title: string, seller: Page) {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto(itemPath)
  const start = `/messages/new?item=${itemPath.split('/').pop()}`
  await expect(page.getByRole('link', { name: 'Sign in to message the seller' })).toHaveAttribute(
    'href',
    `/login?next=${encodeURIComponent(start)}`,
  )
  await freshUser(page.request, 'marketbuyer')
  await page.reload()
  await page.getByRole('link', { name: 'Message the seller' }).click()
  await expect(page).toHaveURL(start)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(` about ${title}$`))
  await page.getByLabel('Your message').fill('Is the bookcase still there? I could come tonight.')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page).toHaveURL(/\/messages\/\d+#latest$/)
  const conversation = new URL(page.url()).pathname
  for (const side of [page, seller]) {
    await side.goto(conversation)
    const about = side.getByRole('complementary', { name: 'The item this conversation is about' })
    await expect(about.getByRole('link', { name: title })).toHaveAttribute('href', itemPath)
    await expect(about).toContainText('£25.50 · Available')
    await expect(side.getByText('Is the bookcase still there? I could come tonight.')).toBeVisible()
  }
  await shootBothSchemes(page, 'market-conversation')
  await context.close()
}

/**
 * With JavaScript the island sends the form: refusals (the schema's and the command's) show
 * beside their fields without the page reloading and with everything typed kept, the photo
 * uploads through the API, and the item's page opens.
 */
test('with JavaScript an item is listed with a photo without a page reload', async ({ page }) => {
  test.setTimeout(120_000)
  await confirmedSeller(page)
  const navigations: string[] = []
  page.on('request', (req) => {
    if (req.isNavigationRequest() && req.frame() === page.mainFrame())
      navigations.push(`${req.method()} ${new URL(req.url()).pathname}${new URL(req.url()).search}`)
  })
  await page.goto(`/market/new?neighbourhood=${SLUG}`)
  await hydrated(page)
  // Lost if the page reloaded: the island must keep this page until the item's page opens.
  await page.evaluate(() => Object.assign(window, { marketFormPage: 'the same page' }))

  const title = `Pine desk ${Date.now().toString(36)}`
  const price = page.getByLabel('Price in £ (for sale only)')
  await page.getByLabel('Title').fill(title)
  await price.fill('0.50')
  await page.getByRole('button', { name: 'List item' }).click()
  await expect(price).toHaveAccessibleDescription(MARKET_TEXT.priceRange)
  await expect(price).toHaveAttribute('aria-invalid', 'true')
  await expect(price).toHaveValue('0.50')
  await expect(page.getByLabel('Title')).toHaveValue(title)

  // The command's own refusal (a phone number in the description) comes beside its field too.
  const description = page.getByLabel('Description (optional)')
  await price.fill('40')
  await description.fill('Call 07700 900123 to collect.')
  await page.getByRole('button', { name: 'List item' }).click()
  await expect(description).toHaveAccessibleDescription(PRIVATE_DETAIL_MESSAGES.phone)
  await expect(price).not.toHaveAttribute('aria-invalid')
  await expect(page.getByLabel('Title')).toHaveValue(title)
  await page.evaluate(() => window.scrollTo(0, 0))
  await shootBothSchemes(page, 'market-form-refused')
  expect(await page.evaluate(() => 'marketFormPage' in window)).toBe(true)

  await description.fill('Two drawers, a little worn.')
  await page
    .getByLabel(/^Photos/)
    .setInputFiles({ name: 'desk.jpg', mimeType: 'image/jpeg', buffer: await aPhoto() })
  const upload = page.waitForRequest(
    (req) => req.url().endsWith('/api/media') && req.resourceType() === 'xhr',
  )
  await page.getByRole('button', { name: 'List item' }).click()
  await upload
  await expect(page).toHaveURL(/\/market\/\d+$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  await expect(page.getByText('£40', { exact: true })).toBeVisible()
  await expect(page.getByRole('img', { name: `${title}, photo 1` })).toBeVisible()
  // The form page was left once, for the item's page: never posted, never reloaded.
  expect(navigations).toEqual([
    `GET /market/new?neighbourhood=${SLUG}`,
    `GET ${new URL(page.url()).pathname}`,
  ])
})
