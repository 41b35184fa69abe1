import { expect } from '@playwright/test'

import { test } from './answers'

import { budgetOf, gzipSize, KB, scriptsOf, type ScriptLoad } from '@tests/support/scriptBudget'

import { freshUser, hydrated } from './helpers'

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
    withinBudget(
      path,
      (await scriptsOf(page, path)).filter((s) => !s.late),
    )
  }
})

/**
 * The neighbours' post forms are islands a member sees: each page signed in, its form scrolled to
 * and hydrated (the lost and found and alert forms load as they near the screen), all of it
 * within the page's budget.
 */
test('a member’s neighbours’ post forms stay within their pages’ budgets', async ({ page }) => {
  await freshUser(page.request, 'budgetposter')
  for (const [path, form] of [
    ['/market/new?neighbourhood=camden-town', 'form.market-form'],
    ['/neighbourhood/camden-town/lost-found', 'form.lf-form'],
    ['/neighbourhood/camden-town/safety', 'form.raise-alert-form'],
  ] as const) {
    const scripts = (await scriptsOf(page, path)).filter((s) => !s.late)
    const more: Promise<ScriptLoad | null>[] = []
    const onRequest = (req: import('@playwright/test').Request) => {
      if (req.resourceType() !== 'script' || /\/pusher[^/]*\.js$/.test(req.url())) return
      more.push(
        req.response().then(
          async (res) => (res ? { url: req.url(), body: await res.body(), late: false } : null),
          () => null,
        ),
      )
    }
    page.on('request', onRequest)
    // The lost and found form is in a closed disclosure, as a member finds it.
    if (path.endsWith('/lost-found')) await page.getByText('Post something lost or found').click()
    await page.locator(form).scrollIntoViewIfNeeded()
    await hydrated(page)
    page.off('request', onRequest)
    const loaded = (await Promise.all(more)).filter((s): s is ScriptLoad => s !== null)
    withinBudget(path, [...scripts, ...loaded.filter((s) => !scripts.some((l) => l.url === s.url))])
  }
})

function withinBudget(path: string, scripts: ScriptLoad[]) {
  const budget = budgetOf(path)!
  const gzip = scripts.reduce((n, s) => n + gzipSize(s.body), 0)
  const files = scripts.map(
    (s) => `${new URL(s.url).pathname} ${(gzipSize(s.body) / KB).toFixed(1)} KB`,
  )
  console.log(`${path}: ${(gzip / KB).toFixed(1)} KB of script in ${scripts.length} files`)
  expect
    .soft(gzip, `${path}: ${(gzip / KB).toFixed(1)} KB of script\n${files.join('\n')}`)
    .toBeLessThanOrEqual(budget.gzip)
  expect
    .soft(scripts.length, `${path}: script files\n${files.join('\n')}`)
    .toBeLessThanOrEqual(budget.files)
}
