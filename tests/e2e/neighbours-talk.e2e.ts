import fs from 'node:fs'

import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

import { freshUser, holdIslands, lastMailTo, shoot, signedInApi } from './helpers'

/**
 * The neighbours' posts in Chromium against the built server: open market, lost and found and
 * safety lists learn of a new post without a reload (the neighbourhood's live channel), and an
 * item page carries the house's reactions bar and comment thread, live for another reader.
 */
const HOME = { latitude: 51.539, longitude: -0.1426 }
const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString()

/** A confirmed member on `request` (listing in the market needs a confirmed e-mail). */
async function confirmedMember(page: Page, prefix: string) {
  const member = await freshUser(page.request, prefix)
  const mail = await lastMailTo(member.email, (m) => m.includes('confirm-email'))
  const link = /(http:\/\/[^\s"<]+\/api\/users\/confirm-email\?token=[\w.%-]+)/.exec(mail)
  await page.goto(link![1]!)
  return member
}

async function created(answer: ReturnType<APIRequestContext['post']>) {
  const res = await answer
  expect(res.status(), await res.text()).toBe(201)
  return (await res.json()) as { id: number }
}

/** The list's 'new posts' bar is subscribed: what is posted from now on reaches it. */
const listLive = (page: Page) =>
  expect(page.locator('.new-posts')).toHaveAttribute('data-live', 'subscribed')

test('new posts reach open lists; an item page’s comments and reactions are live', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  fs.mkdirSync('.tmp/shots', { recursive: true })
  const posterContext = await browser.newContext()
  const poster = await posterContext.newPage()
  await confirmedMember(poster, 'talkposter')
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const place = (
    (await (
      await poster.request.post('/api/neighbourhoods/new', {
        data: {
          name: `Talkby ${suffix}`,
          slug: `talkby-${suffix}`,
          tagline: 'Test',
          vibes: ['Calm'],
          ...HOME,
        },
      })
    ).json()) as { doc: { id: number; slug: string } }
  ).doc

  const readerContext = await browser.newContext()
  const reader = await readerContext.newPage()

  // The market: a new item while the list is open.
  await reader.goto(`/neighbourhood/${place.slug}/market`)
  await listLive(reader)
  const item = await created(
    poster.request.post('/api/market-items/new', {
      data: {
        neighbourhood: place.id,
        kind: 'free',
        title: 'Garden chairs',
        description: 'Two, a bit weathered.',
        condition: 'fair',
      },
    }),
  )
  const marketBar = reader.getByRole('link', { name: '1 new item — show' })
  await expect(marketBar).toBeVisible()
  await marketBar.click()
  await expect(reader.getByRole('link', { name: 'Garden chairs' })).toBeVisible()

  // Lost and found: a new post.
  await reader.goto(`/neighbourhood/${place.slug}/lost-found`)
  await listLive(reader)
  await created(
    poster.request.post('/api/lost-found-posts/post', {
      data: {
        neighbourhood: place.id,
        kind: 'found',
        what: 'keys',
        title: 'Keys on a red fob',
        seenAt: hourAgo(),
        latitude: HOME.latitude + 0.002,
        longitude: HOME.longitude,
      },
    }),
  )
  await expect(reader.getByRole('link', { name: '1 new post — show' })).toBeVisible()

  // Safety: an alert reaches open pages once an editor verified it, not before.
  await reader.goto(`/neighbourhood/${place.slug}/safety`)
  await listLive(reader)
  const alert = await created(
    poster.request.post('/api/safety-alerts/raise', {
      data: {
        neighbourhood: place.id,
        category: 'road',
        title: 'Burst main on Elm Row',
        body: 'The road is flooded by the bridge.',
        happenedAt: hourAgo(),
      },
    }),
  )
  const editor = await browser.newContext()
  await signedInApi(editor.request, 'tom')
  const verified = await editor.request.post(`/api/safety-alerts/${alert.id}/verify`, { data: {} })
  expect(verified.status(), await verified.text()).toBe(200)
  await editor.close()
  await expect(reader.getByRole('link', { name: '1 new verified alert — show' })).toBeVisible()

  // The item page: the poster comments through the island, the reader sees it arrive and reacts.
  await reader.goto(`/market/${item.id}`)
  const thread = reader.locator('.post-talk')
  await thread.scrollIntoViewIfNeeded()
  await expect(thread.getByRole('heading', { name: 'Comments (0)' })).toBeVisible()
  await expect(thread.getByRole('link', { name: 'Please login to comment' })).toBeVisible()
  await expect(thread).toHaveAttribute('data-live', 'subscribed')
  await poster.goto(`/market/${item.id}`)
  await poster
    .getByRole('textbox', { name: 'Add a comment' })
    .fill('Still here, come by after six.')
  await poster.getByRole('button', { name: 'Post comment' }).click()
  await expect(
    poster.locator('.comment-text', { hasText: 'Still here, come by after six.' }),
  ).toBeVisible()
  await expect(thread.getByText('Still here, come by after six.')).toBeVisible()
  const itemReactions = (page: Page) =>
    page.getByRole('group', { name: 'Reactions to “Garden chairs”' })
  await itemReactions(poster).getByRole('button', { name: 'Heart, 0 reactions' }).click()
  await expect(
    itemReactions(reader).getByRole('button', { name: 'Heart, 1 reaction' }),
  ).toBeVisible()

  await shoot(poster, 'market-item-comments')
  await poster.emulateMedia({ colorScheme: 'dark' })
  await shoot(poster, 'market-item-comments-dark')
  await poster.emulateMedia({ colorScheme: 'light' })

  // A verified alert takes comments too; the lost and found post's page shows its thread.
  await poster.goto(`/safety/${alert.id}`)
  await poster.getByRole('textbox', { name: 'Add a comment' }).fill('Open again by the bridge.')
  await poster.getByRole('button', { name: 'Post comment' }).click()
  await expect(poster.locator('.post-talk').getByText('Open again by the bridge.')).toBeVisible()
  await shoot(poster, 'safety-alert-comments')
  await poster.emulateMedia({ colorScheme: 'dark' })
  await shoot(poster, 'safety-alert-comments-dark')
  await posterContext.close()
  await readerContext.close()
})

test('an item listed while the market list loads is counted once the list is live', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const posterContext = await browser.newContext()
  const poster = await posterContext.newPage()
  await confirmedMember(poster, 'loadposter')
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const place = (
    (await (
      await poster.request.post('/api/neighbourhoods/new', {
        data: {
          name: `Loadby ${suffix}`,
          slug: `loadby-${suffix}`,
          tagline: 'Test',
          vibes: ['Calm'],
          ...HOME,
        },
      })
    ).json()) as { doc: { id: number; slug: string } }
  ).doc
  const list = `/neighbourhood/${place.slug}/market`

  // The list's HTML arrives; its islands' code waits until the item is listed.
  const html = await (await poster.request.get(list)).text()
  const readerContext = await browser.newContext()
  const reader = await readerContext.newPage()
  const release = await holdIslands(reader, html)
  await reader.goto(list, { waitUntil: 'commit' })
  await expect(
    reader.getByRole('heading', { level: 1, name: `Market in Loadby ${suffix}` }),
  ).toBeVisible()
  await created(
    poster.request.post('/api/market-items/new', {
      data: {
        neighbourhood: place.id,
        kind: 'wanted',
        title: 'A ladder for a day',
        description: 'To clear the gutters.',
      },
    }),
  )

  release()
  await listLive(reader)
  const bar = reader.getByRole('link', { name: '1 new item — show' })
  await expect(bar).toBeVisible()
  await bar.click()
  await expect(reader.getByRole('link', { name: 'A ladder for a day' })).toBeVisible()
  await reader.unrouteAll({ behavior: 'ignoreErrors' })
  await posterContext.close()
  await readerContext.close()
})
