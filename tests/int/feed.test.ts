import { beforeAll, describe, expect, it } from 'vitest'

import { loadYourFeed, yourFeedFor } from '@/loaders/yourFeed'
import { pgPool } from '@/server/database/db'
import { YOUR_FEED_TEXT, type YourFeedItem, type YourFeedPage } from '@/views/yourFeed'
import { countQueries } from '@tests/support/queryCounter'
import { makeUser, quietPlace, testSiteForFile, type TestUser } from './harness'

/**
 * 'Your feed' (/feed): the posts of the followed neighbourhoods only, newest first, 20 a page,
 * what staff hid and private stories and events left out, in one query a page; signed out, the
 * way to sign in and back.
 */
let camden: number
let soho: number
let hackney: number
const ids: Record<string, number> = {}
let minute = 0

/** A post straight into its table, `minute` minutes after a fixed start (later = newer). */
async function insert(key: string, table: string, row: Record<string, unknown>) {
  const at = new Date(Date.UTC(2026, 0, 1) + ++minute * 60_000).toISOString()
  const columns = [...Object.keys(row), 'created_at', 'updated_at']
  const values = [...Object.values(row), at, at]
  const { rows } = await pgPool(site.payload).query<{ id: number }>(
    `INSERT INTO ${table} (${columns.join(', ')})
     VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
    values,
  )
  ids[key] = rows[0]!.id
}

const place = (name: string) => quietPlace(site, name, 'Here')
const follow = (user: TestUser, neighbourhood: number) =>
  site.api('POST', '/api/follows/toggle', { body: { neighbourhood }, cookie: user.cookie })
const keys = (items: YourFeedItem[]) => items.map((i) => `${i.kind}-${i.id}`)
const key = (kind: string, name: string) => `${kind}-${ids[name]}`

const people = { named: { reader: 'feedreader', poster: 'feedposter' }, timeout: 300_000 } as const
const { site, reader, poster } = testSiteForFile(people, async () => {
  soho = await place('Soho')
  camden = await place('Camden')
  hackney = await place('Hackney')
  expect((await follow(reader, soho)).status).toBe(200)
  expect((await follow(reader, camden)).status).toBe(200)

  // Oldest: twenty discussions in Soho, enough to push Camden's older posts to page 2.
  for (let i = 0; i < 20; i++)
    await insert(`soho${i}`, 'discussions', {
      title: `Soho talk ${i}`,
      content: 'Chat',
      neighbourhood_id: soho,
      author_id: poster.id,
    })
  const by = { neighbourhood_id: camden, author_id: poster.id }
  await insert('story', 'stories', { title: 'Market day', description: 'Stalls', ...by })
  await insert('event', 'events', {
    title: 'Street party',
    description: 'Bring food',
    event_date: '2031-07-01T18:00:00Z',
    location: 'Elm Row',
    ...by,
  })
  await insert('discussion', 'discussions', { title: 'Best pub?', content: 'Go on.', ...by })
  await insert('poll', 'polls', { question: 'Best park?', ...by })
  await insert('review', 'reviews', {
    neighbourhood_id: camden,
    user_id: poster.id,
    author_name: 'feedposter',
    rating: 4,
    comment: '\nLovely canal walks.\nLoud on Saturdays.',
  })
  await insert('spot', 'local_businesses', { name: 'Rye Roasters', category: 'cafe', ...by })
  await insert('unclaimed', 'reviews', {
    neighbourhood_id: camden,
    author_name: 'A visitor',
    rating: 2,
    comment: 'Busy.',
  })
  // Never shown: hidden, private (even the reader's own), or not followed.
  await insert('hiddenStory', 'stories', { title: 'Hid', description: 'x', hidden: true, ...by })
  await insert('privateStory', 'stories', {
    title: 'Mine alone',
    description: 'x',
    is_public: false,
    neighbourhood_id: camden,
    author_id: reader.id,
  })
  await insert('privateEvent', 'events', {
    title: 'Private party',
    description: 'x',
    event_date: '2031-07-01T18:00:00Z',
    location: 'Home',
    is_public: false,
    ...by,
  })
  await insert('hiddenReview', 'reviews', {
    neighbourhood_id: camden,
    user_id: poster.id,
    author_name: 'feedposter',
    comment: 'Hidden',
    hidden: true,
  })
  await insert('hiddenSpot', 'local_businesses', {
    name: 'Gone',
    category: 'cafe',
    hidden: true,
    ...by,
  })
  await insert('hiddenPoll', 'polls', { question: 'Hidden?', hidden: true, ...by })
  await insert('elsewhere', 'stories', {
    title: 'Not followed',
    description: 'x',
    neighbourhood_id: hackney,
    author_id: poster.id,
  })
})

describe('your feed', () => {
  let first: YourFeedPage
  let second: YourFeedPage

  beforeAll(async () => {
    first = await loadYourFeed(site.payload, reader.id, 1)
    second = await loadYourFeed(site.payload, reader.id, 2)
  })

  it('shows the followed neighbourhoods’ posts of every kind, newest first', () => {
    expect(keys(first.items).slice(0, 7)).toEqual([
      key('review', 'unclaimed'),
      key('local-business', 'spot'),
      key('review', 'review'),
      key('poll', 'poll'),
      key('discussion', 'discussion'),
      key('event', 'event'),
      key('story', 'story'),
    ])
    const all = [...first.items, ...second.items]
    const times = all.map((i) => i.createdAt)
    expect(times).toEqual([...times].sort().reverse())
    expect(new Set(all.map((i) => i.neighbourhood.name))).toEqual(new Set(['Camden', 'Soho']))
  })

  it('leaves out hidden posts, private stories and events, and neighbourhoods not followed', () => {
    const shown = new Set(keys([...first.items, ...second.items]))
    for (const [kind, name] of [
      ['story', 'hiddenStory'],
      ['story', 'privateStory'],
      ['event', 'privateEvent'],
      ['review', 'hiddenReview'],
      ['local-business', 'hiddenSpot'],
      ['poll', 'hiddenPoll'],
      ['story', 'elsewhere'],
    ] as const)
      expect(shown.has(key(kind, name)), name).toBe(false)
    expect(shown.size).toBe(27)
  })

  it('gives each item its label’s kind, its page, its neighbourhood and its author', () => {
    const byKey = new Map(first.items.map((i) => [`${i.kind}-${i.id}`, i]))
    const review = byKey.get(key('review', 'review'))!
    expect(review).toMatchObject({
      title: 'Lovely canal walks.',
      rating: 4,
      href: `/neighbourhood/camden#review-${ids.review}`,
      neighbourhood: { name: 'Camden', slug: 'camden' },
      author: { name: 'feedposter', href: '/profile/feedposter' },
    })
    expect(byKey.get(key('review', 'unclaimed'))!.author).toEqual({ name: 'A visitor', href: null })
    expect(byKey.get(key('story', 'story'))!.href).toBe(
      `/neighbourhood/camden/stories/${ids.story}`,
    )
    expect(byKey.get(key('event', 'event'))!.href).toBe(
      `/neighbourhood/camden/events#event-${ids.event}`,
    )
    expect(byKey.get(key('discussion', 'discussion'))!.href).toBe(`/discussions/${ids.discussion}`)
    expect(byKey.get(key('poll', 'poll'))).toMatchObject({
      title: 'Best park?',
      rating: null,
      href: `/polls/${ids.poll}`,
    })
    expect(byKey.get(key('local-business', 'spot'))).toMatchObject({
      title: 'Rye Roasters',
      href: '/neighbourhood/camden/local-spots',
    })
  })

  it('pages by 20 with Newer and Older, no item twice', () => {
    expect(first.items).toHaveLength(20)
    expect([first.hasNewer, first.hasOlder]).toEqual([false, true])
    expect(second.items).toHaveLength(7)
    expect([second.hasNewer, second.hasOlder]).toEqual([true, false])
    const overlap = keys(second.items).filter((k) => keys(first.items).includes(k))
    expect(overlap).toEqual([])
    expect(second.items.at(-1)!.title).toBe('Soho talk 0')
  })

  it('reads a page in one query and names the channels the live notice listens to', async () => {
    const { count } = await countQueries(site.payload, () =>
      loadYourFeed(site.payload, reader.id, 2),
    )
    expect(count).toBe(1)
    expect(first.following).toBe(2)
    // Most recently followed first.
    expect(first.liveNeighbourhoods).toEqual([camden, soho])
  })

  it('asks a member who follows nothing to follow a neighbourhood', async () => {
    const newcomer = await makeUser(site, 'feednewcomer')
    const empty = await loadYourFeed(site.payload, newcomer.id, 1)
    expect(empty).toMatchObject({ items: [], following: 0, liveNeighbourhoods: [] })
    expect(YOUR_FEED_TEXT.empty).toBe('Follow a neighbourhood to see its news here.')
    await follow(newcomer, hackney)
    await follow(newcomer, hackney) // … and stops again: Hackney's story goes with it.
    expect((await loadYourFeed(site.payload, newcomer.id, 1)).items).toEqual([])
  })

  it('sends a signed-out visitor to sign in and back to the same page of the feed', async () => {
    const url = new URL('http://localhost/feed?page=2')
    expect(await yourFeedFor(site.payload, new Headers(), url)).toEqual({
      redirect: `/login?next=${encodeURIComponent('/feed?page=2')}`,
    })
    const answer = await yourFeedFor(site.payload, new Headers({ cookie: reader.cookie }), url)
    expect('feed' in answer && keys(answer.feed.items)).toEqual(keys(second.items))
    const odd = await yourFeedFor(
      site.payload,
      new Headers({ cookie: reader.cookie }),
      new URL('http://localhost/feed?page=x'),
    )
    expect('feed' in odd && odd.feed.page).toBe(1)
  })
})
