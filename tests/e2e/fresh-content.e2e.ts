import { expect, test } from '@playwright/test'

import { signedInApi } from './helpers'

test('a neighbourhood created after the build is served at once, then prerendered', async ({
  playwright,
  baseURL,
  page,
}) => {
  test.setTimeout(120_000)
  const api = await playwright.request.newContext({ baseURL })
  await signedInApi(api, 'sofia')
  const slug = `e2e-grove-${Date.now()}`
  const created = await api.post('/api/neighbourhoods', {
    data: { name: 'Test Grove', slug, tagline: 'Made by a test', vibes: ['Calm'] },
  })
  expect(created.status()).toBe(201)

  // Served on demand straight away…
  const first = await api.get(`/neighbourhood/${slug}`)
  expect(first.status()).toBe(200)
  expect(first.headers()['x-belong-render']).toBe('on-demand')
  expect(await first.text()).toContain('Made by a test')

  // …and prerendered by the background rebuild; readers never see an error meanwhile.
  const started = Date.now()
  let render = 'on-demand'
  while (render !== 'static') {
    expect(Date.now() - started, 'static page within 60 s').toBeLessThan(60_000)
    for (const path of [`/neighbourhood/${slug}`, '/neighbourhoods', '/neighbourhood/brixton']) {
      const res = await api.get(path)
      expect(res.status(), path).toBe(200)
      if (path.includes(slug)) render = res.headers()['x-belong-render'] ?? ''
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  // The list of all neighbourhoods is newest first: the new one leads it.
  await page.goto('/neighbourhoods')
  await expect(page.getByRole('link', { name: /Test Grove/ }).first()).toBeVisible()
  await api.dispose()
})
