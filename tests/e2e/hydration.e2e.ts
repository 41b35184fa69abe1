import { expect, type Page } from '@playwright/test'

import { test } from './answers'

import { freshUser, scrollToVisibleIslands } from './helpers'

/**
 * Islands take over the server's markup as it is: their first render in the browser matches the
 * HTML, even when another island has already read the session. Otherwise React throws the
 * markup away and draws it again (a flash, lost focus, an error in the console).
 */

async function firstId(page: Page, collection: string): Promise<number> {
  const res = await page.request.get(`/api/${collection}?limit=1&sort=id&depth=0`)
  const { docs } = (await res.json()) as { docs: { id: number }[] }
  return docs[0]!.id
}

async function pagesWithIslands(page: Page) {
  return [
    '/',
    '/neighbourhood/shoreditch',
    '/neighbourhood/shoreditch/local-spots',
    '/event',
    '/forum',
    `/discussions/${await firstId(page, 'discussions')}`,
    `/polls/${await firstId(page, 'polls')}`,
    '/neighbourhood/shoreditch/discussions',
  ]
}

async function expectCleanHydration(page: Page, paths: string[]) {
  for (const path of paths) {
    const errors: string[] = []
    const onError = (error: Error) => errors.push(error.message)
    page.on('pageerror', onError)
    await page.goto(path)
    // Islands that load as they near the screen are scrolled to, as a reader would; the
    // header's search, which loads on its first focus, is not part of the page's render.
    await scrollToVisibleIslands(page)
    await expect(
      page.locator('astro-island[ssr]:is([client="load"], [client="idle"], [client="visible"])'),
    ).toHaveCount(0)
    // Live islands say so once subscribed, and the session has been read by then: every island
    // has rendered in the browser with what it knows.
    await expect(page.locator('[data-live="connecting"]')).toHaveCount(0)
    await page.waitForLoadState('networkidle')
    page.off('pageerror', onError)
    expect(errors, path).toEqual([])
  }
}

test('signed out, every island hydrates onto the server markup without a mismatch', async ({
  page,
}) => {
  await expectCleanHydration(page, await pagesWithIslands(page))
})

test('signed in, every island hydrates onto the server markup without a mismatch', async ({
  page,
}) => {
  await freshUser(page.request, 'hydrator')
  await expectCleanHydration(page, await pagesWithIslands(page))
})
