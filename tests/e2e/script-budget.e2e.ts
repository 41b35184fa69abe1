import { expect } from '@playwright/test'

import { test } from './answers'

import { budgetOf, gzipSize, KB, scriptsOf } from '@tests/support/scriptBudget'

// A phone's first screen: islands below it wait until they are near the view.
test.use({ viewport: { width: 390, height: 844 } })

test('a phone downloads no more script than each page’s budget', async ({ page }) => {
  const stories = await page.request.get(
    '/api/stories?where[isPublic][equals]=true&limit=1&depth=1&sort=id',
  )
  const story = (
    (await stories.json()) as { docs: { id: number; neighbourhood: { slug: string } }[] }
  ).docs[0]!
  const items = await page.request.get('/api/market-items?limit=1&depth=0&sort=-createdAt')
  const item = ((await items.json()) as { docs: { id: number }[] }).docs[0]!
  for (const path of [
    '/',
    '/neighbourhood/shoreditch',
    `/neighbourhood/${story.neighbourhood.slug}/stories/${story.id}`,
    ...['market', 'lost-found', 'safety'].map((list) => `/neighbourhood/camden-town/${list}`),
    `/market/${item.id}`,
  ]) {
    const budget = budgetOf(path)!
    const scripts = (await scriptsOf(page, path)).filter((s) => !s.late)
    const gzip = scripts.reduce((n, s) => n + gzipSize(s.body), 0)
    const files = scripts.map(
      (s) => `${new URL(s.url).pathname} ${(gzipSize(s.body) / KB).toFixed(1)} KB`,
    )
    expect
      .soft(gzip, `${path}: ${(gzip / KB).toFixed(1)} KB of script\n${files.join('\n')}`)
      .toBeLessThanOrEqual(budget.gzip)
    expect
      .soft(scripts.length, `${path}: script files\n${files.join('\n')}`)
      .toBeLessThanOrEqual(budget.files)
  }
})
