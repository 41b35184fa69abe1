import fc from 'fast-check'
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'

import { loadEventFeed, loadEventPage } from '@/loaders/events'
import { loadPoll, loadPollPage } from '@/loaders/polls'
import { EVENTS_PAGE_SIZE } from '@/views/event'
import { eventsCalendar } from '@/views/ical'
import { POLLS_PAGE_SIZE } from '@/views/poll'
import { countQueries as countPoolQueries } from '@tests/support/queryCounter'
import { bodyLike, fuzzWrites } from './fuzz'
import { makeUser, testSiteForFile } from './harness'

/**
 * The events and polls screens' server side: the page loaders (paged, searched, at most two SQL
 * queries whatever the page size), the iCal feeds (parsed by ical.js), RSVP and new-event
 * notifications, and generated bodies (dates far out, 50 options) against every write.
 */
let neighbourhood: { id: number; slug: string }
let other: { id: number; slug: string }

const DAY = 24 * 3600 * 1000
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString()
const quiet = { disableLive: true, disablePopulation: true, disableRevalidate: true }

async function event(data: Record<string, unknown>) {
  return site.payload.create({
    collection: 'events',
    data: {
      title: 'An event',
      description: 'Something to do',
      location: 'The hall',
      eventDate: inDays(3),
      author: author.id,
      ...data,
    },
    overrideAccess: true,
    context: quiet,
  })
}

const countQueries = <T>(read: () => Promise<T>) => countPoolQueries(site.payload, read)

const people = { named: { author: 'eventhost', member: 'neighbour' }, timeout: 300_000 } as const
const { site, author, member } = testSiteForFile(people, async () => {
  const make = (name: string, slug: string) =>
    site.payload.create({
      collection: 'neighbourhoods',
      data: { name, slug, tagline: 'A place', vibes: ['Calm'], createdBy: author.id },
      overrideAccess: true,
      context: quiet,
    })
  const n = await make('Eventville', 'eventville')
  const o = await make('Otherton', 'otherton')
  neighbourhood = { id: n.id, slug: n.slug }
  other = { id: o.id, slug: o.slug }
  // 25 upcoming public events in Eventville, some tagged; plus ones that must not be listed.
  for (let i = 0; i < 25; i++) {
    await event({
      title: `Street party ${String(i).padStart(2, '0')}`,
      eventDate: inDays(1 + i),
      neighbourhood: n.id,
      tags: i % 5 === 0 ? ['Music', 'family'] : ['food'],
    })
  }
  await event({ title: 'City-wide clean-up', eventDate: inDays(2), tags: ['Green'] })
  await event({ title: 'Otherton fair', eventDate: inDays(2), neighbourhood: o.id })
  await event({ title: 'Yesterday gig', eventDate: inDays(-1), neighbourhood: n.id })
  await event({ title: 'Secret supper', eventDate: inDays(4), isPublic: false })
  await event({ title: 'Hidden talk', eventDate: inDays(4), hidden: true })
  for (let i = 0; i < 15; i++) {
    await site.payload.create({
      collection: 'polls',
      data: {
        question: `Poll ${i}?`,
        options: [{ text: 'Yes' }, { text: 'No' }, { text: 'Maybe' }],
        neighbourhood: i < 12 ? n.id : o.id,
        author: author.id,
      },
      overrideAccess: true,
      context: quiet,
    })
  }
})

describe('events list loader', () => {
  it('lists public upcoming events soonest first, paged, in at most two queries', async () => {
    const { result: one, count: small } = await countQueries(() =>
      loadEventPage(site.payload, { slug: 'eventville' }),
    )
    const { result: three, count: large } = await countQueries(() =>
      loadEventPage(site.payload, { slug: 'eventville', pages: 3 }),
    )
    expect(small).toBeLessThanOrEqual(2)
    expect(large).toBe(small)
    expect(one!.events).toHaveLength(EVENTS_PAGE_SIZE)
    // 25 of Eventville and the city-wide one (SPEC §7: the slug's events and those of none).
    expect(one!.total).toBe(26)
    expect(one!.hasMore).toBe(true)
    expect(three!.events).toHaveLength(26)
    expect(three!.hasMore).toBe(false)
    const titles = three!.events.map((e) => e.title)
    expect(titles).toContain('City-wide clean-up')
    for (const hidden of ['Otherton fair', 'Yesterday gig', 'Secret supper', 'Hidden talk']) {
      expect(titles).not.toContain(hidden)
    }
    const dates = three!.events.map((e) => e.eventDate)
    expect([...dates].sort()).toEqual(dates)
    expect(one!.events[0]!.author?.userName).toBe('eventhost')
    // A card names its neighbourhood as people write it, linked by its slug.
    expect(one!.events[0]).toMatchObject({
      neighbourhoodName: 'Eventville',
      neighbourhoodSlug: 'eventville',
    })
    expect(one!.neighbourhood).toMatchObject({ slug: 'eventville', name: 'Eventville' })
  })

  it('pages on the server: page 3 holds what is left', async () => {
    const page3 = await loadEventPage(site.payload, { slug: 'eventville', page: 3 })
    expect(page3!.events).toHaveLength(6)
    expect(page3!.hasMore).toBe(false)
  })

  it('searches the title or any tag, case-insensitively', async () => {
    const byTag = await loadEventPage(site.payload, { q: 'MUSIC' })
    expect(byTag!.events.map((e) => e.title)).toEqual(
      ['00', '05', '10', '15', '20'].map((n) => `Street party ${n}`).slice(0, 5),
    )
    const byTitle = await loadEventPage(site.payload, { q: 'clean' })
    expect(byTitle!.events.map((e) => e.title)).toEqual(['City-wide clean-up'])
    const none = await loadEventPage(site.payload, { q: '100%_sure' })
    expect(none!.events).toEqual([])
    expect(none!.total).toBe(0)
  })

  it('answers null for an unknown neighbourhood', async () => {
    expect(await loadEventPage(site.payload, { slug: 'nowhere' })).toBeNull()
  })

  it("carries the viewer's own RSVP and the counts", async () => {
    const page = await loadEventPage(site.payload, { slug: 'eventville' })
    const first = page!.events[0]!
    const res = await site.api('POST', `/api/events/${first.id}/rsvp`, {
      body: { status: 'interested' },
      cookie: member.cookie,
    })
    expect(res.status).toBe(200)
    const seen = await loadEventPage(site.payload, { slug: 'eventville', viewerId: member.id })
    expect(seen!.events[0]).toMatchObject({ id: first.id, mine: 'interested', interestedCount: 1 })
    const anonymous = await loadEventPage(site.payload, { slug: 'eventville' })
    expect(anonymous!.events[0]).toMatchObject({ mine: null, interestedCount: 1 })
  })
})

describe('iCal feeds (RFC 5545, parsed by ical.js)', () => {
  it('every public event from the feed, with escaped text and folded lines', async () => {
    const feed = await loadEventFeed(site.payload, { slug: 'eventville' })
    const text = eventsCalendar(feed!.events, {
      origin: 'https://belong.example',
      name: 'Belong: events in Eventville',
    })
    expect(text.endsWith('\r\n')).toBe(true)
    for (const line of text.split('\r\n')) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75)
    }
    const calendar = new ICAL.Component(ICAL.parse(text))
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0')
    expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy()
    const vevents = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v))
    // Yesterday's gig stays in the feed (30 days back), private and hidden ones never do.
    expect(vevents.map((e) => e.summary)).toContain('Yesterday gig')
    expect(vevents.map((e) => e.summary)).not.toContain('Secret supper')
    expect(vevents.map((e) => e.summary)).not.toContain('Hidden talk')
    expect(vevents.map((e) => e.summary)).not.toContain('Otherton fair')
    const first = feed!.events[0]!
    const parsed = vevents.find((e) => e.uid === `event-${first.id}@belong.example`)!
    // iCalendar times carry whole seconds.
    expect(parsed.startDate.toJSDate().toISOString()).toBe(
      first.eventDate.replace(/\.\d{3}Z$/, '.000Z'),
    )
    expect(parsed.location).toBe(first.location)
  })

  it('round-trips commas, semicolons, newlines, backslashes and long UTF-8 text', async () => {
    const tricky = await event({
      title: 'Bake-off; cakes, pies \\ more',
      description: `Line one\nLine two — ${'café '.repeat(40)}`,
      location: 'Hall 1, Main St; rear door',
      tags: ['a,b', 'ünïcødé'],
    })
    const feed = await loadEventFeed(site.payload, { id: tricky.id })
    expect(feed!.events).toHaveLength(1)
    const text = eventsCalendar(feed!.events, { origin: 'http://localhost:4321', name: 'x' })
    for (const line of text.split('\r\n')) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75)
    }
    const vevent = new ICAL.Event(
      new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!,
    )
    expect(vevent.summary).toBe('Bake-off; cakes, pies \\ more')
    expect(vevent.description).toBe(`Line one\nLine two — ${'café '.repeat(40)}`)
    expect(vevent.location).toBe('Hall 1, Main St; rear door')
  })
})

describe('polls loaders', () => {
  it('lists polls newest first with totals, paged, in at most two queries', async () => {
    const { result: one, count: small } = await countQueries(() =>
      loadPollPage(site.payload, { slug: 'eventville' }),
    )
    const { result: two, count: large } = await countQueries(() =>
      loadPollPage(site.payload, { slug: 'eventville', pages: 2 }),
    )
    expect(small).toBeLessThanOrEqual(2)
    expect(large).toBe(small)
    expect(one!.polls).toHaveLength(POLLS_PAGE_SIZE)
    expect(one!.total).toBe(12)
    expect(two!.polls).toHaveLength(12)
    expect(one!.polls[0]!.question).toBe('Poll 11?')
    expect(one!.polls[0]!.neighbourhoodName).not.toBeNull()
    const all = await countQueries(() => loadPollPage(site.payload, {}))
    expect(all.count).toBe(1)
    expect(all.result!.total).toBe(15)
    expect(await loadPollPage(site.payload, { slug: 'nowhere' })).toBeNull()
  })

  it('shows total votes and the detail with counts and the viewer’s vote', async () => {
    const { polls } = (await loadPollPage(site.payload, {}))!
    const poll = polls[0]!
    const vote = await site.api('POST', `/api/polls/${poll.id}/vote`, {
      body: { optionIndex: 2 },
      cookie: member.cookie,
    })
    expect(vote.status).toBe(201)
    const { result: detail, count } = await countQueries(() =>
      loadPoll(site.payload, poll.id, member.id),
    )
    expect(count).toBeLessThanOrEqual(2)
    expect(detail).toMatchObject({
      options: ['Yes', 'No', 'Maybe'],
      counts: [0, 0, 1],
      totalVotes: 1,
      myVote: 2,
    })
    expect((await loadPoll(site.payload, poll.id))!.myVote).toBeNull()
    const listed = (await loadPollPage(site.payload, {}))!.polls.find((p) => p.id === poll.id)
    expect(listed!.totalVotes).toBe(1)
    expect(await loadPoll(site.payload, 99_999_999)).toBeNull()
  })
})

describe('notifications', () => {
  const notificationsOf = async (user: number, type: string) =>
    (
      await site.payload.find({
        collection: 'notifications',
        where: { user: { equals: user }, type: { equals: type } },
        overrideAccess: true,
      })
    ).docs

  it('the event author hears of an RSVP by someone else, not of their own', async () => {
    const target = await event({ title: 'Quiz night', neighbourhood: neighbourhood.id })
    const before = (await notificationsOf(author.id, 'reaction')).length
    await site.api('POST', `/api/events/${target.id}/rsvp`, {
      body: { status: 'attending' },
      cookie: author.cookie,
    })
    expect(await notificationsOf(author.id, 'reaction')).toHaveLength(before)
    await site.api('POST', `/api/events/${target.id}/rsvp`, {
      body: { status: 'attending' },
      cookie: member.cookie,
    })
    const after = await notificationsOf(author.id, 'reaction')
    expect(after).toHaveLength(before + 1)
    expect(after[0]!.message).toBe('neighbour is attending your event "Quiz night".')
    expect(after[0]!.link).toBe(`/event#event-${target.id}`)
  })

  it('new-event reaches members who reviewed or posted in that neighbourhood', async () => {
    const reviewer = await makeUser(site, 'reviewer')
    const stranger = await makeUser(site, 'stranger')
    await site.api('POST', '/api/reviews/new', {
      body: { neighbourhood: other.id, rating: 5, comment: 'Lovely fair every summer.' },
      cookie: reviewer.cookie,
    })
    const created = await site.api<{ doc: { id: number } }>('POST', '/api/events/new', {
      body: {
        title: 'Otherton market',
        description: 'Stalls',
        location: 'Square',
        eventDate: inDays(9),
        neighbourhood: other.id,
      },
      cookie: member.cookie,
    })
    expect(created.status).toBe(201)
    const told = await notificationsOf(reviewer.id, 'new-event')
    expect(told).toHaveLength(1)
    expect(told[0]!.message).toContain('Otherton market')
    expect(told[0]!.link).toBe(`/neighbourhood/otherton/events#event-${created.body.doc.id}`)
    expect(await notificationsOf(stranger.id, 'new-event')).toHaveLength(0)
    expect(await notificationsOf(member.id, 'new-event')).toHaveLength(0)
  })
})

describe('generated bodies: dates far out, many options (never a 5xx, refusals change nothing)', () => {
  const farDate = fc.oneof(
    fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
    fc.constantFrom(
      '0001-01-01T00:00:00.000Z',
      '1899-12-31T23:59:59.000Z',
      '9999-12-31T23:59:00.000Z',
      '+275760-09-13T00:00:00.000Z',
      '-000001-01-01T00:00:00.000Z',
      '2026-02-30T10:00',
      '2026-13-01',
    ),
  )
  const text = fc.string({ minLength: 1, maxLength: 40 })

  it('POST /api/events/new', async () => {
    const result = await fuzzWrites({
      site,
      method: 'POST',
      path: '/api/events/new',
      cookie: member.cookie,
      body: bodyLike({
        title: text,
        description: text,
        eventDate: farDate,
        location: text,
        tags: fc.array(text, { maxLength: 3 }),
        isPublic: fc.boolean(),
      }),
      watch: ['events'],
      runs: 150,
    })
    expect(result.accepted).toBeGreaterThan(0)
    expect(result.refused).toBeGreaterThan(0)
  })

  it('PATCH /api/events/:id/details by its author', async () => {
    const target = await event({ title: 'Patch me' })
    const snapshot = async () =>
      (await site.payload.findByID({ collection: 'events', id: target.id, depth: 0 })).updatedAt
    const result = await fuzzWrites({
      site,
      method: 'PATCH',
      path: `/api/events/${target.id}/details`,
      cookie: author.cookie,
      body: bodyLike({ title: text, eventDate: farDate, location: text }),
      watch: ['events'],
      snapshot,
      runs: 100,
    })
    expect(result.accepted).toBeGreaterThan(0)
    expect(result.refused).toBeGreaterThan(0)
  })

  it('POST /api/polls/new with up to 50 options and far close dates', async () => {
    const result = await fuzzWrites({
      site,
      method: 'POST',
      path: '/api/polls/new',
      cookie: member.cookie,
      body: bodyLike({
        question: text,
        options: fc.array(fc.oneof(text, fc.record({ text })), { minLength: 0, maxLength: 50 }),
        closeDate: farDate,
      }),
      watch: ['polls'],
      runs: 150,
    })
    expect(result.accepted).toBeGreaterThan(0)
    expect(result.refused).toBeGreaterThan(0)
  })

  it('a poll of exactly 50 options is created, voted on and shown', async () => {
    const options = Array.from({ length: 50 }, (_, i) => `Choice ${i + 1}`)
    const res = await site.api<{ doc: { id: number } }>('POST', '/api/polls/new', {
      body: { question: 'Fifty?', options, closeDate: '9999-12-31T23:59:00.000Z' },
      cookie: member.cookie,
    })
    expect(res.status).toBe(201)
    const vote = await site.api('POST', `/api/polls/${res.body.doc.id}/vote`, {
      body: { optionIndex: 49 },
      cookie: author.cookie,
    })
    expect(vote.status).toBe(201)
    const poll = await loadPoll(site.payload, res.body.doc.id, author.id)
    expect(poll!.options).toEqual(options)
    expect(poll!.counts[49]).toBe(1)
    expect(poll!.myVote).toBe(49)
  })

  it('a poll closed long ago refuses votes with "Voting is closed."', async () => {
    const res = await site.api<{ doc: { id: number } }>('POST', '/api/polls/new', {
      body: { question: 'Old?', options: ['a', 'b'], closeDate: '1900-01-01T00:00:00.000Z' },
      cookie: member.cookie,
    })
    expect(res.status).toBe(201)
    const vote = await site.api<{ errors: { message: string }[] }>(
      'POST',
      `/api/polls/${res.body.doc.id}/vote`,
      { body: { optionIndex: 0 }, cookie: author.cookie },
    )
    expect(vote.status).toBe(409)
    expect(vote.body.errors[0]!.message).toBe('Voting is closed.')
  })
})
