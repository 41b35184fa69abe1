import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { bodyLike, fuzzWrites } from './fuzz'
import { createAs, testSiteForFile } from './harness'

/**
 * Property-based: for every write endpoint, 200 generated bodies each. Never a 5xx; every refusal
 * is a 4xx with a message and writes nothing.
 */
const ids: Record<string, number> = {}

const text = fc.string({ minLength: 1, maxLength: 60 })
const vibes = fc.subarray(['Calm', 'Creative', 'Family-Friendly', 'Diverse'])
const tags = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.array(fc.string({ maxLength: 12 }), { maxLength: 4 }),
)
const date = fc
  .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
  .map((d) => d.toISOString())
const ref = (key: string) =>
  fc.oneof(
    fc.constant(0),
    fc.integer({ min: 1, max: 5 }).map(() => ids[key]!),
    fc.integer(),
  )

const people = { named: { member: 'fuzzer', author: 'owner' }, timeout: 120_000 } as const
const { site, member, author } = testSiteForFile(people, async () => {
  const as = { overrideAccess: true } as const
  const n = await site.payload.create({
    collection: 'neighbourhoods',
    data: {
      name: 'Fuzzville',
      slug: 'fuzzville',
      tagline: 'Random',
      vibes: ['Calm'],
      createdBy: author.id,
    },
    context: { disablePopulation: true, disableLive: true },
    ...as,
  })
  ids.neighbourhood = n.id
  const review = await site.payload.create({
    collection: 'reviews',
    data: { neighbourhood: n.id, authorName: 'someone', rating: 4, comment: 'A review to act on.' },
    ...as,
  })
  ids.review = review.id
  const post = (path: string, body: Record<string, unknown>) => createAs(site, author, path, body)
  ids.story = await post('/api/stories', { title: 'S', description: 'D', neighbourhood: n.id })
  ids.discussion = await post('/api/discussions', { title: 'T', content: 'C' })
  ids.event = await post('/api/events', {
    title: 'E',
    description: 'D',
    eventDate: '2030-05-01T18:00:00.000Z',
    location: 'Hall',
  })
  ids.poll = await post('/api/polls', { question: 'Q?', options: [{ text: 'a' }, { text: 'b' }] })
  ids.business = await post('/api/local-businesses', {
    name: 'Café',
    category: 'cafe',
    neighbourhood: n.id,
  })
})

describe('generated bodies against every write endpoint', () => {
  const run = (
    name: string,
    method: 'POST' | 'PATCH',
    path: () => string,
    fields: () => Record<string, fc.Arbitrary<unknown>>,
    watch: Parameters<typeof fuzzWrites>[0]['watch'],
    snapshot?: () => Promise<unknown>,
  ) =>
    it(`${method} ${name}`, async () => {
      const result = await fuzzWrites({
        site,
        method,
        path,
        cookie: method === 'PATCH' ? author.cookie : member.cookie,
        body: bodyLike(fields()),
        watch,
        snapshot,
      })
      // The generator must reach both sides of the rules, or the property proves little.
      expect(result.refused).toBeGreaterThan(0)
    }, 120_000)

  run(
    'neighbourhoods/new',
    'POST',
    () => '/api/neighbourhoods/new',
    () => ({
      name: text,
      slug: text,
      tagline: text,
      vibes,
      latitude: fc.double(),
      longitude: fc.double(),
    }),
    ['neighbourhoods'],
  )
  run(
    'neighbourhoods/:id/details',
    'PATCH',
    () => `/api/neighbourhoods/${ids.neighbourhood}/details`,
    () => ({
      name: text,
      slug: text,
      tagline: text,
      vibes,
      createdBy: ref('review'),
    }),
    ['neighbourhoods'],
  )
  run(
    'reviews/new',
    'POST',
    () => '/api/reviews/new',
    () => ({
      neighbourhood: ref('neighbourhood'),
      rating: fc.integer({ min: -2, max: 8 }),
      comment: text,
      user: fc.integer(),
    }),
    ['reviews', 'user-badges', 'notifications'],
  )
  run(
    'comments/new',
    'POST',
    () => '/api/comments/new',
    () => ({
      targetKind: fc.constantFrom('review', 'story', 'discussion', 'poem'),
      targetId: ref('review'),
      parent: fc.integer(),
      content: text,
    }),
    ['comments', 'notifications'],
  )
  run(
    'reactions/toggle',
    'POST',
    () => '/api/reactions/toggle',
    () => ({
      targetKind: fc.constantFrom(
        'review',
        'story',
        'discussion',
        'local-business',
        'review-comment',
        'x',
      ),
      targetId: ref('review'),
      emoji: fc.constantFrom('heart', 'thumbs-up', 'thumbs-down', 'fire', 'poo'),
    }),
    ['notifications'],
  )
  run(
    'stories/new',
    'POST',
    () => '/api/stories/new',
    () => ({
      title: text,
      description: text,
      neighbourhood: ref('neighbourhood'),
      tags,
      isPublic: fc.boolean(),
    }),
    ['stories'],
  )
  run(
    'events/new',
    'POST',
    () => '/api/events/new',
    () => ({
      title: text,
      description: text,
      eventDate: date,
      location: text,
      tags,
      isPublic: fc.boolean(),
    }),
    ['events'],
  )
  run(
    'events/:id/rsvp',
    'POST',
    () => `/api/events/${ids.event}/rsvp`,
    () => ({
      status: fc.constantFrom('attending', 'interested', 'maybe', ''),
    }),
    ['event-rsvps'],
  )
  run(
    'discussions/new',
    'POST',
    () => '/api/discussions/new',
    () => ({
      title: text,
      content: text,
      tags,
      neighbourhood: ref('neighbourhood'),
    }),
    ['discussions'],
  )
  run(
    'polls/new',
    'POST',
    () => '/api/polls/new',
    () => ({
      question: text,
      options: fc.array(fc.record({ text: fc.string({ maxLength: 20 }) }), { maxLength: 5 }),
      closeDate: date,
      neighbourhood: ref('neighbourhood'),
    }),
    ['polls'],
  )
  run(
    'polls/:id/vote',
    'POST',
    () => `/api/polls/${ids.poll}/vote`,
    () => ({
      optionIndex: fc.integer({ min: -2, max: 4 }),
    }),
    ['poll-votes', 'notifications'],
  )
  run(
    'local-businesses/new',
    'POST',
    () => '/api/local-businesses/new',
    () => ({
      name: text,
      category: fc.constantFrom('cafe', 'restaurant', 'gym', '', '  ', 'bakery'),
      description: text,
      address: text,
      googleMapsUrl: fc.oneof(fc.webUrl(), text),
      emojis: fc.subarray(['coffee', 'cake', 'wine', 'dragon']),
      neighbourhood: ref('neighbourhood'),
    }),
    ['local-businesses'],
  )
  run(
    'reviews/:id/claim',
    'POST',
    () => `/api/reviews/${ids.review}/claim`,
    () => ({
      user: fc.integer(),
      authorName: text,
    }),
    ['user-badges'],
  )
})

describe("Payload's own routes take no member's write: the commands above are the one way", () => {
  const kinds = [
    ['neighbourhoods', 'neighbourhood'],
    ['reviews', 'review'],
    ['stories', 'story'],
    ['events', 'event'],
    ['discussions', 'discussion'],
    ['polls', 'poll'],
    ['local-businesses', 'business'],
  ] as const
  it.each(kinds)('%s: a POST, PATCH or DELETE is 403 and changes nothing', async (slug, key) => {
    const count = async () => (await site.payload.count({ collection: slug })).totalDocs
    const before = await site.payload.findByID({ collection: slug, id: ids[key]!, depth: 0 })
    const total = await count()
    const body = { title: 'Via REST', name: 'Via REST', comment: 'Via REST', rating: 3 }
    const cookie = author.cookie
    expect((await site.api('POST', `/api/${slug}`, { body, cookie })).status).toBe(403)
    expect((await site.api('PATCH', `/api/${slug}/${ids[key]}`, { body, cookie })).status).toBe(403)
    expect((await site.api('DELETE', `/api/${slug}/${ids[key]}`, { cookie })).status).toBe(403)
    expect(await count()).toBe(total)
    expect(await site.payload.findByID({ collection: slug, id: ids[key]!, depth: 0 })).toEqual(
      before,
    )
  })
})
