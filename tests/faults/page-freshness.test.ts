import pg from 'pg'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'

import { startEmbeddedPostgres, type RunningPostgres } from '@/server/database/postgres'
import { freshDataDir, member, removeDataDir, startSite, type Site } from '@tests/faults/harness'

/**
 * Static pages that change without a write to their own content (collections/shared/stalePages.ts,
 * src/server/site/siteRegen.ts): a profile edit rewrites the pages that show the user, and the
 * regenerator's sweep rewrites the pages whose time boundary passed (an event, a badge). Real
 * server, real PostgreSQL; every wait is for what a reader would be served.
 */

let dataDir = ''
let postgres: RunningPostgres | undefined
let site: Site | undefined
let db: pg.Client | undefined
let who: Awaited<ReturnType<typeof member>>
let me: { id: number; userName: string }
let neighbourhood: { id: number; slug: string }

const TIMEOUT = 60_000

beforeAll(async () => {
  dataDir = freshDataDir(inject('faultsTemplate'), 'freshness')
  postgres = await startEmbeddedPostgres({ dir: dataDir, databases: ['belong'] })
  site = await startSite(dataDir, {
    DATABASE_URL: postgres.url('belong'),
    SITE_REGEN_DELAY_MS: '50',
    SITE_SWEEP_INTERVAL_MS: '500',
  })
  db = new pg.Client({ connectionString: postgres.url('belong') })
  await db.connect()
  who = await member(site.url)
  me = (await (await fetch(`${site.url}/api/users/me`, { headers: who.headers })).json()).user
  neighbourhood = { id: who.neighbourhood, slug: await slugOf(who.neighbourhood) }
}, 300_000)

afterAll(async () => {
  await db?.end()
  await site?.stop()
  await postgres?.stop()
  if (dataDir) await removeDataDir(dataDir)
})

async function slugOf(id: number): Promise<string> {
  const { rows } = await db!.query<{ slug: string }>(
    'SELECT slug FROM neighbourhoods WHERE id = $1',
    [id],
  )
  return rows[0]!.slug
}

/** What a reader is served at `path`: how it was made, its validator, its HTML. */
async function served(path: string) {
  const res = await fetch(`${site!.url}${path}`)
  return {
    status: res.status,
    render: res.headers.get('x-belong-render') ?? '',
    etag: res.headers.get('etag') ?? '',
    html: await res.text(),
  }
}

/** Waits until the static file of `path` satisfies `check`; returns what was served then. */
async function staticPage(path: string, check: (html: string) => boolean) {
  let last: Awaited<ReturnType<typeof served>> | undefined
  await expect
    .poll(
      async () => {
        last = await served(path)
        return last.status === 200 && last.render === 'static' && check(last.html)
      },
      { timeout: TIMEOUT, interval: 100 },
    )
    .toBe(true)
  return last!
}

async function send(method: string, path: string, body: unknown) {
  const res = await fetch(`${site!.url}${path}`, {
    method,
    headers: who.headers,
    body: JSON.stringify(body),
  })
  const text = await res.text()
  expect(res.status, text).toBeLessThan(300)
  return (JSON.parse(text) as { doc: { id: number } }).doc
}

const tomorrow = () => new Date(Date.now() + 24 * 3600 * 1000).toISOString()
const neighbourhoodPath = () => `/neighbourhood/${neighbourhood.slug}`

/** Shares a public story in the file's neighbourhood; answers the path of its static page. */
async function shareStory(title: string, description: string) {
  const story = await send('POST', '/api/stories/new', {
    neighbourhood: neighbourhood.id,
    title,
    description,
    isPublic: true,
  })
  return `${neighbourhoodPath()}/story/${story.id}`
}

describe('profile edits', () => {
  test('a renamed user shows under the new name on the pages with their review and story; other pages keep their file', async () => {
    const other = await send('POST', '/api/neighbourhoods/new', {
      name: `Untouched ${me.userName}`,
      slug: `untouched-${me.userName}`,
      tagline: 'Nothing of the renamed user here',
      vibes: ['Calm'],
    })
    const otherPath = `/neighbourhood/${await slugOf(other.id)}`
    const comment = `Freshness review ${Date.now()}: the market opens early.`
    await send('POST', '/api/reviews/new', {
      neighbourhood: neighbourhood.id,
      rating: 4,
      authorName: 'ignored',
      comment,
    })
    const storyPath = await shareStory(
      `Freshness story ${Date.now()}`,
      'A story whose byline must follow its author’s name.',
    )
    const oldLink = `/profile/${me.userName}"`
    await staticPage(neighbourhoodPath(), (h) => h.includes(comment) && h.includes(oldLink))
    await staticPage(storyPath, (h) => h.includes(oldLink))
    await staticPage('/top-reviewers', (h) => h.includes(oldLink))
    const otherBefore = await staticPage(otherPath, (h) => h.includes('Nothing of the renamed'))

    const renamed = `${me.userName}x`
    await send('PATCH', `/api/users/${me.id}`, { userName: renamed })
    const newLink = `/profile/${renamed}"`
    for (const path of [neighbourhoodPath(), storyPath])
      await staticPage(path, (h) => h.includes(newLink) && !h.includes(oldLink))
    await staticPage('/top-reviewers', (h) => h.includes(newLink))
    // The unrelated neighbourhood page was not rewritten: same file, same validator.
    expect((await served(otherPath)).etag).toBe(otherBefore.etag)
    me.userName = renamed
  })

  test('a new avatar shows on the static page of its owner’s story', async () => {
    const storyPath = await shareStory(
      `Avatar story ${Date.now()}`,
      'A story whose byline shows its author’s picture.',
    )
    await staticPage(storyPath, (h) => h.includes('Avatar story'))

    const form = new FormData()
    const png = await sharp({
      create: { width: 200, height: 200, channels: 3, background: '#a35' },
    })
      .png()
      .toBuffer()
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'face.png')
    form.append('_payload', JSON.stringify({ purpose: 'avatar' }))
    const upload = await fetch(`${site!.url}/api/media`, {
      method: 'POST',
      headers: { authorization: who.headers.authorization, origin: site!.url },
      body: form,
    })
    const uploaded = await upload.text()
    expect(upload.status, uploaded).toBe(201)
    const avatar = (JSON.parse(uploaded) as { doc: { id: number; filename: string } }).doc

    expect((await served(storyPath)).html).not.toContain(avatar.filename)
    await send('PATCH', `/api/users/${me.id}`, { avatar: avatar.id })
    await staticPage(storyPath, (h) => h.includes(avatar.filename))
  })
})

describe('time boundaries', () => {
  test('an event that passes leaves the home page’s static HTML without a write', async () => {
    const title = `Freshness event ${Date.now()}`
    const event = await send('POST', '/api/events/new', {
      neighbourhood: neighbourhood.id,
      title,
      description: 'Soon over.',
      location: 'The green',
      eventDate: tomorrow(),
      isPublic: true,
    })
    const before = await staticPage('/', (h) => h.includes(title))
    // Moved behind the API's back (no hook, nothing queued): only the clock can change the page.
    await db!.query(`UPDATE events SET event_date = now() + interval '1 second' WHERE id = $1`, [
      event.id,
    ])
    const after = await staticPage('/', (h) => !h.includes(title))
    expect(after.etag).not.toBe(before.etag)
  })

  test('a badge that expires leaves the review cards of its holder', async () => {
    const badgeName = `Night Owl ${Date.now() % 1000}`
    // Badges are given by staff (who act only with a second factor turned on).
    await db!.query(`UPDATE users SET role = 'admin', two_factor_since = now() WHERE id = $1`, [
      me.id,
    ])
    const badge = await send('POST', '/api/user-badges', {
      user: me.id,
      badgeName,
      colour: '#7c3aed',
      expiresAt: tomorrow(),
    })
    // Awarding it rewrote the page (a write to what the review cards show).
    await staticPage(neighbourhoodPath(), (h) => h.includes(badgeName))
    await db!.query(
      `UPDATE user_badges SET expires_at = now() + interval '1 second' WHERE id = $1`,
      [badge.id],
    )
    await staticPage(neighbourhoodPath(), (h) => !h.includes(badgeName))
  })
})
