import { expect, type APIRequestContext, type Page } from '@playwright/test'

import { test } from './answers'

import { expectNoAxeViolations } from './axe'
import { signedInApi } from './helpers'

/**
 * The map explorer (SPEC §2 Map explorer, §9 map constants). Tile requests never reach the
 * network: they are answered with a small PNG or refused, so the tests run offline. The map is a
 * static preview until the visitor shows intent; tests that look at Leaflet engage it first, as
 * a visitor would (`engageMap`).
 */

const TILE = /\/\d+\/\d+\/\d+\.png(\?.*)?$/
// A 1×1 PNG (light grey).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/58BAwAI/AL+hc2rNAAAAABJRU5ErkJggg==',
  'base64',
)

async function openMap(page: Page, path: string, tiles: 'serve' | 'fail' = 'fail') {
  await page.addInitScript(() => {
    window.__belongTestHooks = true
  })
  await page.route(TILE, (route) =>
    tiles === 'serve'
      ? route.fulfill({ status: 200, contentType: 'image/png', body: PNG })
      : route.abort('internetdisconnected'),
  )
  await page.goto(path)
  await expect(
    page.getByRole('status').filter({ hasText: /^Showing \d+ neighbourhood/ }),
  ).toBeVisible()
}

const region = (page: Page) => page.getByRole('region', { name: 'Map of neighbourhoods' })

/** The pointer moves onto the map, as a visitor's would: the live map replaces the preview. */
async function engageMap(page: Page) {
  await region(page).hover({ position: { x: 8, y: 8 } })
  await expect(page.locator('.map-canvas.leaflet-container')).toBeVisible()
  await expect.poll(() => mapView(page)).not.toBeNull()
}

/**
 * The Leaflet map's view, or null until the island has made its map (it is set when the map is
 * created, after hydration): poll this instead of reading `__belongMap` once.
 */
function mapView(page: Page) {
  return page.evaluate(() => {
    const map = window.__belongMap?.map
    if (!map) return null
    const { lat, lng } = map.getCenter()
    return { zoom: map.getZoom(), lat, lng }
  })
}

/** Single markers plus the counts on cluster badges, as drawn on the map. */
async function markersOnMap(page: Page): Promise<number> {
  return page.evaluate(() => {
    const singles = document.querySelectorAll(
      '.map-canvas .leaflet-marker-icon:not(.map-cluster):not(.map-you)',
    ).length
    const clustered = [...document.querySelectorAll('.map-cluster [aria-hidden="true"]')].reduce(
      (sum, el) => sum + Number(el.textContent),
      0,
    )
    return singles + clustered
  })
}

/** Single markers plus the counts on cluster badges, as drawn by the preview. */
async function markersInPreview(page: Page): Promise<number> {
  return page.evaluate(() => {
    const singles = document.querySelectorAll('.map-preview .map-preview-pin').length
    const clustered = [...document.querySelectorAll('.map-preview .map-cluster')].reduce(
      (sum, el) => sum + Number(el.textContent),
      0,
    )
    return singles + clustered
  })
}

/** Where each tile image is on the page, by its address. */
async function tilePlaces(page: Page, selector: string): Promise<Record<string, string>> {
  return page.locator(selector).evaluateAll((tiles) =>
    Object.fromEntries(
      tiles.map((t) => {
        const box = t.getBoundingClientRect()
        return [(t as HTMLImageElement).src, `${box.x},${box.y} ${box.width}×${box.height}`]
      }),
    ),
  )
}

async function listedNames(page: Page): Promise<string[]> {
  const list = page.locator('details.map-list')
  if (!(await list.evaluate((d) => (d as HTMLDetailsElement).open))) {
    await list.locator('summary').click()
  }
  return list.locator('li > a').allTextContents()
}

async function namesWithVibe(request: APIRequestContext, vibe: string): Promise<Set<string>> {
  const res = await request.get(
    `/api/neighbourhoods?where[vibes][contains]=${vibe}&where[latitude][exists]=true&limit=200&depth=0`,
  )
  const { docs } = (await res.json()) as { docs: { name: string }[] }
  return new Set(docs.map((d) => d.name))
}

test.describe('map explorer on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('shows the first 20 neighbourhoods as markers and clusters, and loads more', async ({
    page,
  }) => {
    await openMap(page, '/map')
    await expect(
      page.getByRole('status').filter({ hasText: 'Showing 20 neighbourhoods' }),
    ).toBeVisible()
    await expect.poll(() => markersInPreview(page)).toBe(20)
    await engageMap(page)
    await expect.poll(() => markersOnMap(page)).toBe(20)
    await expect(page.locator('.map-cluster').first()).toBeVisible()
    // Default view (SPEC §9).
    await expect
      .poll(() => mapView(page))
      .toEqual({ zoom: 11, lat: expect.closeTo(51.505, 2), lng: expect.closeTo(-0.09, 2) })
    // Ordered by name.
    const names = await listedNames(page)
    expect(names).toHaveLength(20)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)))

    await page.getByRole('button', { name: 'Load More' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: 'Showing 40 neighbourhoods' }),
    ).toBeVisible()
    expect(await listedNames(page)).toHaveLength(40)
  })

  test('the vibe filter shows only that vibe and keeps it in the address', async ({
    page,
    request,
  }) => {
    await openMap(page, '/map')
    await engageMap(page)
    const calm = await namesWithVibe(request, 'Calm')
    await page.getByRole('button', { name: 'Calm', exact: true }).click()
    await expect(page).toHaveURL(/\?vibe=Calm$/)
    await expect(page.getByRole('button', { name: 'Calm', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    const expected = Math.min(calm.size, 20)
    await expect(
      page.getByRole('status').filter({ hasText: `Showing ${expected} neighbourhoods` }),
    ).toBeVisible()
    await expect.poll(() => markersOnMap(page)).toBe(expected)
    const names = await listedNames(page)
    expect(names.length).toBe(expected)
    for (const name of names) expect(calm, name).toContain(name)

    // All removes the vibe from the address.
    await page.getByRole('button', { name: 'All', exact: true }).click()
    await expect(page).toHaveURL(/\/map$/)
    await expect(
      page.getByRole('status').filter({ hasText: 'Showing 20 neighbourhoods' }),
    ).toBeVisible()
  })

  test('?vibe=Creative preselects the filter', async ({ page, request }) => {
    await openMap(page, '/map?vibe=Creative')
    const creative = await namesWithVibe(request, 'Creative')
    await expect(page.getByRole('button', { name: 'Creative', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expect(page.getByRole('button', { name: 'All', exact: true })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
    const names = await listedNames(page)
    expect(names.length).toBe(Math.min(creative.size, 20))
    for (const name of names) expect(creative, name).toContain(name)
  })

  test('?query=Brixton recentres on Brixton at zoom 13 and shows its card', async ({ page }) => {
    await openMap(page, '/map?query=Brixton')
    const card = page.getByRole('complementary', { name: 'Brixton' })
    await expect(card).toBeVisible()
    await expect(card.getByRole('link', { name: 'View Neighbourhood →' })).toHaveAttribute(
      'href',
      '/neighbourhood/brixton',
    )
    // The live map opens where the preview showed the first result: wait for the view a visitor sees.
    await engageMap(page)
    await expect
      .poll(() => mapView(page))
      .toEqual({ zoom: 13, lat: expect.closeTo(51.4613, 2), lng: expect.closeTo(-0.1156, 2) })
    expect(await listedNames(page)).toEqual(['Brixton'])
    await expectNoAxeViolations(page)
  })

  test('hovering or clicking a marker shows its card and popup; the card links to the page', async ({
    page,
  }) => {
    await openMap(page, '/map')
    await page.locator('details.map-list summary').click()
    await page.getByRole('button', { name: 'Show on map: Dulwich Village' }).click()
    const marker = page.getByRole('button', { name: 'Dulwich Village', exact: true })
    await expect(marker).toBeVisible()
    // Show on map opens the popup with its own link.
    await expect(
      page.locator('.leaflet-popup').getByRole('link', { name: 'View Details →' }),
    ).toHaveAttribute('href', '/neighbourhood/dulwich-village')

    await page.getByRole('button', { name: 'Close card' }).click()
    await expect(page.getByRole('complementary', { name: 'Dulwich Village' })).toBeHidden()
    await marker.hover()
    await expect(page.getByRole('complementary', { name: 'Dulwich Village' })).toBeVisible()
    await page.getByRole('button', { name: 'Close card' }).click()
    await marker.click()
    const card = page.getByRole('complementary', { name: 'Dulwich Village' })
    await expect(card).toBeVisible()
    await expect(card.getByText('Family-Friendly')).toBeVisible()
    await card.getByRole('link', { name: 'View Neighbourhood →' }).click()
    await expect(page).toHaveURL(/\/neighbourhood\/dulwich-village$/)
  })

  test('markers are reachable with the keyboard', async ({ page }) => {
    await openMap(page, '/map?query=Brixton')
    await page.getByRole('button', { name: 'Close card' }).click()
    await engageMap(page)
    const marker = page.getByRole('button', { name: 'Brixton', exact: true })
    await marker.focus()
    await expect(page.getByRole('complementary', { name: 'Brixton' })).toBeVisible()
    await page.keyboard.press('Enter')
    await expect(page.locator('.leaflet-popup').getByText('View Details →')).toBeVisible()
  })

  test('with tiles served the map draws them; with tiles failing it still works', async ({
    browser,
    page,
  }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const online = await context.newPage()
    await openMap(online, '/map', 'serve')
    await engageMap(online)
    await expect(online.locator('.leaflet-tile-loaded').first()).toBeAttached()
    await expect(online.getByText('Map images can’t load')).toBeHidden()
    await context.close()

    await openMap(page, '/map', 'fail')
    // Said by the preview already, and again by the live map.
    await expect(page.getByText('Map images can’t load; markers still work.')).toBeVisible()
    await engageMap(page)
    await expect(page.getByText('Map images can’t load; markers still work.')).toBeVisible()
    await expect.poll(() => markersOnMap(page)).toBe(20)
    await page.getByRole('button', { name: 'Diverse', exact: true }).click()
    await expect(page).toHaveURL(/\?vibe=Diverse$/)
    await expect(page.locator('[data-status="ready"]')).toBeVisible()
    await expect(page.getByText('Loading...')).toBeHidden()
    await expectNoAxeViolations(page)
  })

  test('the prerendered page already has the frame and the filter bar', async ({ request }) => {
    const html = await (await request.get('/map')).text()
    expect(html).toContain('class="map-explorer"')
    for (const vibe of ['All', 'Calm', 'Creative', 'Family-Friendly', 'Diverse']) {
      expect(html).toContain(`>${vibe}</button>`)
    }
    expect(html).toContain('Loading...')
  })

  test('a neighbourhood created through the API appears after a reload', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const sofia = await playwright.request.newContext({ baseURL })
    await signedInApi(sofia, 'sofia')
    const name = `Zeal Map Test ${Date.now()}`
    const created = await sofia.post('/api/neighbourhoods/new', {
      data: {
        name,
        slug: `zeal-map-${Date.now()}`,
        tagline: 'A place made by the map test',
        vibes: ['Calm'],
        latitude: 51.52,
        longitude: -0.1,
      },
    })
    expect(created.status()).toBe(201)
    const { doc } = (await created.json()) as { doc: { id: number } }
    try {
      await openMap(page, `/map?query=${encodeURIComponent(name)}`)
      const card = page.getByRole('complementary', { name })
      await expect(card).toBeVisible()
      await expect(card.getByText('A place made by the map test')).toBeVisible()
      await expect.poll(() => markersInPreview(page)).toBe(1)
      await engageMap(page)
      await expect.poll(() => markersOnMap(page)).toBe(1)
    } finally {
      const admin = await playwright.request.newContext({ baseURL })
      await signedInApi(admin, 'amara')
      await admin.delete(`/api/neighbourhoods/${doc.id}`)
      await admin.dispose()
      await sofia.dispose()
    }
  })
})

test.describe('the map before intent (the preview) on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('shows the markers as listed with no Leaflet loaded and no position asked', async ({
    page,
    request,
  }) => {
    const leaflet: string[] = []
    page.on('request', (r) => {
      if (r.resourceType() === 'script' && /leaflet/i.test(r.url())) leaflet.push(r.url())
    })
    await page.addInitScript(() => {
      const w = window as Window & { positionAsks?: number }
      w.positionAsks = 0
      const ask = navigator.geolocation.getCurrentPosition.bind(navigator.geolocation)
      navigator.geolocation.getCurrentPosition = (...args) => {
        w.positionAsks! += 1
        ask(...args)
      }
    })
    const positionAsks = () =>
      page.evaluate(() => (window as Window & { positionAsks?: number }).positionAsks)
    await openMap(page, '/map')
    await expect(
      page.getByRole('status').filter({ hasText: 'Showing 20 neighbourhoods' }),
    ).toBeVisible()
    await expect.poll(() => markersInPreview(page)).toBe(20)
    await expect(page.locator('.map-preview .map-cluster').first()).toBeVisible()

    // The filter and Load More redraw the preview.
    const calm = Math.min((await namesWithVibe(request, 'Calm')).size, 20)
    await page.getByRole('button', { name: 'Calm', exact: true }).click()
    await expect(
      page.getByRole('status').filter({ hasText: `Showing ${calm} neighbourhoods` }),
    ).toBeVisible()
    await expect.poll(() => markersInPreview(page)).toBe(calm)
    await page.getByRole('button', { name: 'All', exact: true }).click()
    await page.getByRole('button', { name: 'Load More' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: 'Showing 40 neighbourhoods' }),
    ).toBeVisible()
    await expect.poll(() => markersInPreview(page)).toBe(40)
    await expectNoAxeViolations(page)

    expect(leaflet).toEqual([])
    expect(await mapView(page)).toBeNull()
    await expect(page.locator('.leaflet-container')).toHaveCount(0)
    expect(await positionAsks()).toBe(0)

    // Intent loads Leaflet, and only then is the position asked.
    await engageMap(page)
    expect(leaflet.length).toBeGreaterThan(0)
    await expect.poll(positionAsks).toBe(1)
    await expect.poll(() => markersOnMap(page)).toBe(40)
  })

  test('Tab to the map: the live map opens at the preview’s view and takes the keys', async ({
    page,
  }) => {
    await openMap(page, '/map')
    await expect.poll(() => markersInPreview(page)).toBe(20)
    expect(await mapView(page)).toBeNull()

    await page.getByRole('button', { name: 'Load More' }).focus()
    await page.keyboard.press('Tab')
    await expect(region(page)).toBeFocused()
    await expect
      .poll(() => mapView(page))
      .toEqual({ zoom: 11, lat: expect.closeTo(51.505, 4), lng: expect.closeTo(-0.09, 4) })
    await expect(page.locator('.map-preview')).toHaveCount(0)
    await expect.poll(() => markersOnMap(page)).toBe(20)
    await expect(region(page)).toBeFocused()
    // The arrow keys pan the live map straight away.
    await page.keyboard.press('ArrowRight')
    await expect.poll(async () => (await mapView(page))?.lng).toBeGreaterThan(-0.08)
  })

  test('with tiles served the preview draws them where the live map then puts its own', async ({
    page,
  }) => {
    await openMap(page, '/map', 'serve')
    const tiles = page.locator('.map-preview-tile')
    await expect(tiles.first()).toBeVisible()
    await expect
      .poll(() =>
        tiles.evaluateAll((all) => all.every((t) => (t as HTMLImageElement).naturalWidth > 0)),
      )
      .toBe(true)
    const preview = await tilePlaces(page, '.map-preview-tile')
    // 1280 px wide: at least five columns of 256 px tiles, all at the default zoom.
    expect(Object.keys(preview).length).toBeGreaterThanOrEqual(10)
    for (const url of Object.keys(preview)) expect(url).toMatch(/\/11\/\d+\/\d+\.png$/)
    await expect(page.locator('.leaflet-container')).toHaveCount(0)

    await engageMap(page)
    await expect(page.locator('.map-preview')).toHaveCount(0)
    expect(await tilePlaces(page, '.leaflet-tile')).toEqual(preview)
  })

  test('a click on a preview marker opens its card, and its popup once the live map is there', async ({
    page,
  }) => {
    await openMap(page, '/map?query=Brixton')
    // By keyboard: the pointer stays off the map until it goes to the marker.
    await page.getByRole('button', { name: 'Close card' }).press('Enter')
    const pin = page.locator('.map-preview-pin[title="Brixton"]')
    await expect(pin).toBeVisible()
    await pin.click()
    await expect(page.getByRole('complementary', { name: 'Brixton' })).toBeVisible()
    await expect(
      page.locator('.leaflet-popup').getByRole('link', { name: 'View Details →' }),
    ).toHaveAttribute('href', '/neighbourhood/brixton')
  })
})

test.describe('map explorer on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the bottom sheet Select Vibe filters, loads more and closes', async ({ page }) => {
    await openMap(page, '/map')
    // The inline bar is for wide screens.
    await expect(page.locator('.map-vibes-inline')).toBeHidden()
    const opener = page.getByRole('button', { name: 'Filter: All' })
    await opener.click()
    const sheet = page.getByRole('dialog', { name: 'Select Vibe' })
    await expect(sheet).toBeVisible()

    await sheet.getByRole('button', { name: 'Load More' }).click()
    await expect(sheet.getByText('Showing 40 neighbourhoods')).toBeVisible()

    // As many as the API has (other tests add places): a page of at most 20, Load More past it.
    const calm = (await (
      await page.request.get(
        '/api/neighbourhoods?where[vibes][contains]=Calm&where[latitude][exists]=true&where[longitude][exists]=true&limit=0',
      )
    ).json()) as { totalDocs: number }
    await sheet.getByRole('button', { name: 'Calm', exact: true }).click()
    await expect(page).toHaveURL(/\?vibe=Calm$/)
    await expect(
      sheet.getByText(`Showing ${Math.min(calm.totalDocs, 20)} neighbourhoods`, { exact: true }),
    ).toBeVisible()
    const loadMore = sheet.getByRole('button', { name: 'Load More' })
    if (calm.totalDocs > 20) await expect(loadMore).toBeVisible()
    else await expect(loadMore).toBeHidden()

    await page.keyboard.press('Escape')
    await expect(sheet).toBeHidden()
    await expect(page.getByRole('button', { name: 'Filter: Calm' })).toBeFocused()

    await page.getByRole('button', { name: 'Filter: Calm' }).click()
    await expect(sheet).toBeVisible()
    await expectNoAxeViolations(page)
    await sheet.getByRole('button', { name: 'Close' }).click()
    await expect(sheet).toBeHidden()
    await expect(page.getByRole('button', { name: 'Filter: Calm' })).toBeFocused()
  })

  test('a marker shows a bottom card', async ({ page }) => {
    await openMap(page, '/map?query=Brixton')
    const card = page.getByRole('complementary', { name: 'Brixton' })
    await expect(card).toBeVisible()
    const box = (await card.boundingBox())!
    expect(box.y + box.height).toBeGreaterThan(844 - 80)
    await expectNoAxeViolations(page)
  })
})

test.describe('map explorer with geolocation', () => {
  test.use({
    viewport: { width: 1280, height: 800 },
    permissions: ['geolocation'],
    geolocation: { latitude: 51.515, longitude: -0.12 },
  })

  test('marks the viewer "You are here" and recentres when there is no query', async ({ page }) => {
    await openMap(page, '/map')
    await engageMap(page)
    await expect(page.locator('.leaflet-tooltip').getByText('You are here')).toBeVisible()
    await expect.poll(async () => (await mapView(page))?.lng).toBeCloseTo(-0.12, 2)
    await expect.poll(() => markersOnMap(page)).toBe(20)
  })

  test('keeps the search result in view when there is a query', async ({ page }) => {
    await openMap(page, '/map?query=Brixton')
    await engageMap(page)
    await expect(page.locator('.leaflet-tooltip').getByText('You are here')).toBeVisible()
    await expect.poll(async () => (await mapView(page))?.lat).toBeCloseTo(51.4613, 2)
  })
})
