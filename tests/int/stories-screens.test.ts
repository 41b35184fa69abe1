import fc from 'fast-check'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'

import type { Story } from '@/payload-types'
import { findStory, listStories, storyForRoute } from '@/loaders/stories'
import { MESSAGES } from '@/rules/messages'
import { normaliseTags } from '@/rules/tags'
import { pgPool } from '@/server/database/db'
import { storyListHref, type StoryListFilter } from '@/views/story'
import { storiesRss } from '@/views/storyFeed'
import { fuzzWrites } from './fuzz'
import { countQueries } from '@tests/support/queryCounter'
import { makeNeighbourhood, NO_LIVE, placeFields, testSiteForFile } from './harness'
import { makeImage, uploadMedia } from './images'

/**
 * The story screens' reads (src/loaders/stories.ts: paged lists with search and tag chips, the
 * single story with its privacy, the RSS feed) and the writes the 'Share Your Story' form makes.
 */

type Refused = { errors: { message: string }[] }

let camden: number
let peckham: number
let privateId: number
let hiddenId: number
const TOTAL_PUBLIC_CAMDEN = 25

const filter = (f: Partial<StoryListFilter> = {}): StoryListFilter => ({
  q: '',
  tag: '',
  page: 1,
  ...f,
})
const message = (body: unknown) => (body as Refused).errors?.[0]?.message

const { site, alice, bob } = testSiteForFile({ members: ['alice', 'bob'] }, async () => {
  camden = await makeNeighbourhood(site, placeFields('Camden', 'Camden tagline'), NO_LIVE)
  peckham = await makeNeighbourhood(site, placeFields('Peckham', 'Peckham tagline'), NO_LIVE)
  const create = async (data: Partial<Story> & { title: string }, author: number) => {
    const doc = await site.payload.create({
      collection: 'stories',
      data: { neighbourhood: camden, description: 'A story.', ...data, author },
      context: { disableLive: true },
    })
    return doc.id
  }
  // 25 public stories in Camden, oldest first (so story 24 is the newest).
  for (let i = 0; i < TOTAL_PUBLIC_CAMDEN; i++) {
    await create(
      {
        title: `Camden story ${i}`,
        tags: i % 5 === 0 ? ['Hidden Gem', 'parks'] : ['food'],
        description: i === 7 ? 'We found 100% the best bagels' : `Day ${i} in Camden.`,
      },
      i % 2 ? alice.id : bob.id,
    )
  }
  await create({ title: 'Peckham rooftop', neighbourhood: peckham, tags: ['festival'] }, bob.id)
  privateId = await create({ title: 'My secret garden', isPublic: false }, alice.id)
  hiddenId = await create({ title: 'Hidden by staff', hidden: true }, alice.id)
  // Spread creation times so 'newest first' is well defined.
  await pgPool(site.payload).query(
    `UPDATE stories SET created_at = now() - make_interval(secs => 1000 - id)`,
  )
})

describe('story lists (paged on the server)', () => {
  it('pages newest first, 12 a page, public and visible only', async () => {
    const first = await listStories(site.payload, camden, filter())
    expect(first.total).toBe(TOTAL_PUBLIC_CAMDEN)
    expect(first.totalPages).toBe(3)
    expect(first.cards).toHaveLength(12)
    expect(first.cards[0]!.title).toBe('Camden story 24')
    const last = await listStories(site.payload, camden, filter({ page: 3 }))
    expect(last.cards.map((c) => c.title)).toEqual(['Camden story 0'])
    const beyond = await listStories(site.payload, camden, filter({ page: 9 }))
    expect(beyond.cards).toEqual([])
    const all = await listStories(site.payload, null, filter(), 100)
    const titles = all.cards.map((c) => c.title)
    expect(titles).toContain('Peckham rooftop')
    expect(titles).not.toContain('My secret garden')
    expect(titles).not.toContain('Hidden by staff')
  })

  it('cards carry the neighbourhood, author, tags, counts and the story link', async () => {
    const { cards } = await listStories(site.payload, camden, filter())
    const card = cards.find((c) => c.title === 'Camden story 20')!
    expect(card.neighbourhood).toEqual({ slug: 'camden', name: 'Camden' })
    expect(card.author?.userName).toBe('bob')
    expect(card.tags).toEqual(['Hidden Gem', 'parks'])
    expect(card.href).toBe(`/neighbourhood/camden/stories/${card.id}`)
    expect(card.reactionCount).toBe(0)
  })

  it('filters by tag chip, case-insensitively and exactly', async () => {
    const gems = await listStories(site.payload, camden, filter({ tag: 'hidden gem' }))
    expect(gems.total).toBe(5)
    expect(gems.cards.every((c) => c.tags.includes('Hidden Gem'))).toBe(true)
    const none = await listStories(site.payload, camden, filter({ tag: 'hidden' }))
    expect(none.total).toBe(0)
    const festival = await listStories(site.payload, null, filter({ tag: 'festival' }))
    expect(festival.cards.map((c) => c.title)).toEqual(['Peckham rooftop'])
  })

  it('searches title, text and tags; wildcards are literal', async () => {
    const byTitle = await listStories(site.payload, null, filter({ q: 'ROOFTOP' }))
    expect(byTitle.cards.map((c) => c.title)).toEqual(['Peckham rooftop'])
    const byText = await listStories(site.payload, null, filter({ q: '100%' }))
    expect(byText.cards.map((c) => c.title)).toEqual(['Camden story 7'])
    const byTag = await listStories(site.payload, camden, filter({ q: 'gem' }))
    expect(byTag.total).toBe(5)
    for (const q of ['%', '_', '\\', "'; DROP TABLE stories; --"]) {
      const res = await listStories(site.payload, null, filter({ q }))
      expect(res.total, q).toBe(q === '%' ? 1 : 0)
    }
    const both = await listStories(site.payload, camden, filter({ q: 'story 1', tag: 'parks' }))
    expect(both.cards.map((c) => c.title).sort()).toEqual(['Camden story 10', 'Camden story 15'])
  })

  it('one list read is at most 2 SQL queries whatever the page size', async () => {
    for (const size of [2, 12, 50]) {
      const { result: res, count } = await countQueries(site.payload, () =>
        listStories(site.payload, null, filter({ q: 'a', tag: 'food' }), size),
      )
      expect(res.cards.length).toBeGreaterThan(0)
      expect(count, `page size ${size}`).toBeLessThanOrEqual(2)
    }
  })
})

describe('the single story', () => {
  it('a private story is its author’s alone; a hidden one is nobody’s', async () => {
    expect(await findStory(site.payload, privateId, null)).toBeNull()
    expect(await findStory(site.payload, privateId, { id: bob.id })).toBeNull()
    const own = await findStory(site.payload, privateId, { id: alice.id })
    expect(own?.title).toBe('My secret garden')
    expect(own?.isPublic).toBe(false)
    expect(await findStory(site.payload, hiddenId, { id: alice.id })).toBeNull()
  })

  it('routes: wrong slug moves to the story’s own, bad ids are not found', async () => {
    const { cards } = await listStories(site.payload, null, filter({ q: 'rooftop' }))
    const id = cards[0]!.id
    const headers = new Headers()
    const ok = await storyForRoute(site.payload, headers, 'peckham', String(id), 'story')
    expect(ok.kind).toBe('story')
    const moved = await storyForRoute(site.payload, headers, 'camden', String(id), 'story')
    expect(moved).toEqual({ kind: 'moved', location: `/neighbourhood/peckham/story/${id}` })
    for (const segment of ['abc', '0', '-1', '1.5', `${id}/x`, '99999999999', undefined]) {
      expect((await storyForRoute(site.payload, headers, 'camden', segment, 'stories')).kind).toBe(
        'not-found',
      )
    }
    const asBob = new Headers({ cookie: bob.cookie })
    const asAlice = new Headers({ cookie: alice.cookie })
    const secret = String(privateId)
    expect((await storyForRoute(site.payload, asBob, 'camden', secret, 'stories')).kind).toBe(
      'not-found',
    )
    expect((await storyForRoute(site.payload, asAlice, 'camden', secret, 'stories')).kind).toBe(
      'story',
    )
  })

  it('has the reaction counts per emoji', async () => {
    const { cards } = await listStories(site.payload, null, filter({ q: 'rooftop' }))
    const id = cards[0]!.id
    for (const user of [alice, bob]) {
      const res = await site.api('POST', '/api/reactions/toggle', {
        body: { targetKind: 'story', targetId: id, emoji: 'heart' },
        cookie: user.cookie,
      })
      expect(res.status).toBe(200)
    }
    const story = await findStory(site.payload, id, null)
    expect(story?.reactions).toEqual({ heart: 2 })
  })
})

describe('the Share Your Story form’s writes', () => {
  const count = async () => (await site.payload.count({ collection: 'stories' })).totalDocs
  /** The body StoryForm sends (widgets/Stories/store.ts toInput). */
  const formBody = (over: Record<string, unknown> = {}) => ({
    neighbourhood: peckham,
    title: 'Brunch on the rye',
    description: 'Pancakes, then the park.',
    tags: normaliseTags(' brunch, , parks ,'),
    isPublic: true,
    image: null,
    ...over,
  })

  it('creates a story with trimmed tags, an uploaded image, public by default', async () => {
    const upload = await uploadMedia<{ doc: { id: number } }>(
      site,
      { data: await makeImage('png'), name: 'rye.png', type: 'image/png' },
      { purpose: 'story-image', alt: 'Brunch on the rye' },
      alice.cookie,
    )
    expect(upload.status).toBe(201)
    const { isPublic: _omitted, ...body } = formBody({ image: upload.body.doc.id })
    const res = await site.api<{ doc: { id: number; tags: string[]; isPublic: boolean } }>(
      'POST',
      '/api/stories/new',
      { body, cookie: alice.cookie },
    )
    expect(res.status).toBe(201)
    expect(res.body.doc.tags).toEqual(['brunch', 'parks'])
    expect(res.body.doc.isPublic).toBe(true)
    const story = await findStory(site.payload, res.body.doc.id, null)
    expect(story?.imageUrl).toMatch(/^\/api\/media\/file\//)
    expect(story?.author?.userName).toBe('alice')
    const listed = await listStories(site.payload, peckham, filter({ tag: 'brunch' }))
    expect(listed.cards.map((c) => c.id)).toContain(res.body.doc.id)
  })

  it.each([
    ['no neighbourhood', { neighbourhood: null }, MESSAGES.selectNeighbourhood],
    ['an unknown neighbourhood', { neighbourhood: 987_654 }, MESSAGES.selectNeighbourhood],
    ['a blank title', { title: '   ' }, 'Title is required.'],
    ['no description', { description: '' }, 'Description is required.'],
    ['a title too long', { title: 'x'.repeat(201) }, 'Titles are limited to 200 characters.'],
    ['an image that is not a media id', { image: 'abc' }, MESSAGES.invalidImage],
  ])('refuses %s with the spec’s words, writing nothing', async (_name, over, words) => {
    const before = await count()
    const res = await site.api('POST', '/api/stories/new', {
      body: formBody(over),
      cookie: alice.cookie,
    })
    expect(res.status).toBe(400)
    expect(message(res.body)).toBe(words)
    expect(await count()).toBe(before)
  })

  it('signed out: refused, nothing written', async () => {
    const before = await count()
    const res = await site.api('POST', '/api/stories/new', { body: formBody() })
    expect(res.status).toBe(401)
    expect(await count()).toBe(before)
  })

  it('the author comes from the session, never from the body', async () => {
    const res = await site.api<{ doc: { id: number } }>('POST', '/api/stories/new', {
      body: { ...formBody(), author: bob.id },
      cookie: alice.cookie,
    })
    expect(res.status).toBe(201)
    const story = await findStory(site.payload, res.body.doc.id, null)
    expect(story?.author?.id).toBe(alice.id)
  })

  it('form-shaped bodies of any content: a 201 or a 400, never a 5xx', async () => {
    const text = fc.oneof(fc.string({ maxLength: 250 }), fc.constant('   '))
    const result = await fuzzWrites({
      site,
      method: 'POST',
      path: '/api/stories/new',
      cookie: bob.cookie,
      body: fc.record({
        neighbourhood: fc.oneof(
          fc.constant(camden),
          fc.constant(String(peckham)),
          fc.constant(null),
          fc.integer(),
        ),
        title: text,
        description: text,
        tags: fc.oneof(fc.string({ maxLength: 60 }).map(normaliseTags), fc.string()),
        isPublic: fc.oneof(fc.boolean(), fc.constant(null)),
        image: fc.constant(null),
      }),
      watch: ['stories'],
      runs: 40,
    })
    expect(result.accepted + result.refused).toBe(40)
  })
})

describe('RSS 2.0 of public stories', () => {
  it('parses with a maintained XML library and lists the public stories', async () => {
    await site.payload.create({
      collection: 'stories',
      data: {
        title: 'Fish & chips <by the canal> "at last"',
        description: 'Crispy.\u0001 Worth it.',
        neighbourhood: camden,
        tags: ['food'],
        author: bob.id,
      },
      context: { disableLive: true },
    })
    const list = await listStories(site.payload, camden, filter(), 50)
    const xml = storiesRss({
      origin: 'https://belong.example',
      feedPath: '/neighbourhood/camden/stories.xml',
      pagePath: storyListHref('camden', {}),
      title: 'Stories of Camden',
      description: 'Camden stories',
      stories: list.cards,
    })
    expect(XMLValidator.validate(xml)).toBe(true)
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(xml) as {
      rss: {
        '@_version': string
        channel: {
          title: string
          link: string
          item: { title: string; link: string; guid: { '#text': string }; pubDate: string }[]
        }
      }
    }
    expect(parsed.rss['@_version']).toBe('2.0')
    const { channel } = parsed.rss
    expect(channel.link).toBe('https://belong.example/neighbourhood/camden/stories')
    expect(channel.item).toHaveLength(TOTAL_PUBLIC_CAMDEN + 1)
    const fish = channel.item[0]!
    expect(fish.title).toBe('Fish & chips <by the canal> "at last"')
    expect(fish.link).toMatch(/^https:\/\/belong\.example\/neighbourhood\/camden\/stories\/\d+$/)
    expect(fish.guid['#text']).toBe(fish.link)
    expect(Number.isNaN(Date.parse(fish.pubDate))).toBe(false)
    expect(channel.item.map((i) => i.title)).not.toContain('My secret garden')
  })
})
