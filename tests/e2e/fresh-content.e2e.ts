import { expect, type APIRequestContext } from '@playwright/test'

import { test } from './answers'

import { freshUser, holdIslands, signedInApi } from './helpers'

/** What the server answers for a page: how it was made, its validator and its HTML. */
async function pageState(api: APIRequestContext, path: string) {
  const res = await api.get(path)
  expect(res.status(), path).toBe(200)
  return {
    render: res.headers()['x-belong-render'] ?? '',
    etag: res.headers()['etag'] ?? '',
    html: await res.text(),
  }
}

async function createNeighbourhood(api: APIRequestContext, name: string, tagline: string) {
  const slug = `e2e-${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}`
  const created = await api.post('/api/neighbourhoods/new', {
    data: { name, slug, tagline, vibes: ['Calm'] },
  })
  expect(created.status()).toBe(201)
  return { slug, id: ((await created.json()) as { doc: { id: number } }).doc.id }
}

/** Waits until the neighbourhood's page is served as a static file (the regenerator wrote it). */
const servedStatic = (api: APIRequestContext, slug: string) =>
  expect
    .poll(async () => (await pageState(api, `/neighbourhood/${slug}`)).render, { timeout: 60_000 })
    .toBe('static')

test('a new neighbourhood is served at once, then as a static page; a review rewrites its page and no other', async ({
  playwright,
  baseURL,
  page,
}) => {
  test.setTimeout(120_000)
  const api = await playwright.request.newContext({ baseURL })
  await signedInApi(api, 'sofia')
  const grove = await createNeighbourhood(api, 'Test Grove', 'Made by a test')
  const other = await createNeighbourhood(api, 'Quiet Other', 'Left alone by the test')

  // Served straight away (on demand, or already written by the regenerator)…
  expect((await pageState(api, `/neighbourhood/${grove.slug}`)).html).toContain('Made by a test')
  // …and then as a static file; readers never see an error meanwhile.
  for (const slug of [grove.slug, other.slug]) await servedStatic(api, slug)
  const otherBefore = await pageState(api, `/neighbourhood/${other.slug}`)

  const comment = `A review the static page must show (${Date.now()}).`
  const review = await api.post('/api/reviews/new', {
    data: { neighbourhood: grove.id, rating: 5, authorName: 'Sofia', comment },
  })
  expect(review.status()).toBe(201)
  await expect
    .poll(async () => {
      const state = await pageState(api, `/neighbourhood/${grove.slug}`)
      return state.render === 'static' && state.html.includes(comment)
    })
    .toBe(true)
  // The unrelated neighbourhood's page was not rewritten: same file, same validator.
  const otherAfter = await pageState(api, `/neighbourhood/${other.slug}`)
  expect(otherAfter.etag).toBe(otherBefore.etag)

  // The list of all neighbourhoods is newest first: the new ones lead it.
  await page.goto('/neighbourhoods')
  await expect(page.getByRole('link', { name: /Test Grove/ }).first()).toBeVisible()
  await api.dispose()
})

test('a review posted while the page loads is on the page once it is live', async ({
  playwright,
  baseURL,
  page,
}) => {
  test.setTimeout(120_000)
  const api = await playwright.request.newContext({ baseURL })
  await signedInApi(api, 'sofia')
  const lane = await createNeighbourhood(api, 'Loading Lane', 'Reviewed while it loads')
  await servedStatic(api, lane.slug)

  // The page's HTML arrives; its islands' code waits until the review is in.
  const { html } = await pageState(api, `/neighbourhood/${lane.slug}`)
  const release = await holdIslands(page, html)
  await page.goto(`/neighbourhood/${lane.slug}`, { waitUntil: 'commit' })
  await expect(page.getByRole('heading', { level: 1, name: 'Loading Lane' })).toBeVisible()

  const writer = await playwright.request.newContext({ baseURL })
  await freshUser(writer, 'loading')
  const comment = `Posted while the page was loading (${Date.now()}).`
  const review = await writer.post('/api/reviews/new', {
    data: { neighbourhood: lane.id, rating: 4, comment },
  })
  expect(review.status(), await review.text()).toBe(201)

  release()
  await expect(page.getByText(comment)).toBeVisible()
  await page.unrouteAll({ behavior: 'ignoreErrors' })
  await writer.dispose()
  await api.dispose()
})
