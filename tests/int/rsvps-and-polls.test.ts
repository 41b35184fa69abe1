import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { MESSAGES } from '@/rules/messages'
import { answerChecker } from '@tests/support/apiDescription'
import { fuzzWrites } from './fuzz'
import {
  makeNeighbourhood,
  makeUser,
  NO_LIVE,
  placeFields,
  streetParty,
  testSiteForFile,
  type TestUser,
} from './harness'

/** Event RSVPs and poll votes: toggles and one-vote rules, also under parallel requests. */

type Doc = Record<string, unknown> & { id: number }
type Refused = { errors: { message: string }[] }
type Rsvp = { status: string | null; attendingCount: number; interestedCount: number }
type Summary = { pollId: number; counts: number[]; total: number; myVote: number | null }

let camden: number

const people = { members: ['alice', 'bob', 'carol'], staff: { editor: 'eddie' } } as const
const { site, alice, bob, carol, editor } = testSiteForFile(people, async () => {
  camden = await makeNeighbourhood(site, placeFields('Camden', 'Markets', ['Creative']), NO_LIVE)
})

/** Each answer checked against /api/openapi.json: no problem for any of them. */
const describedAsAnswered = async (
  calls: [method: string, path: string, answer: { status: number; body: unknown }][],
) => {
  const check = answerChecker((await site.api('GET', '/api/openapi.json')).body as never)
  const problems = calls.map(([method, path, a]) => check(method, path, a.status, a.body).problem)
  expect(problems).toEqual(calls.map(() => null))
}

const message = (body: unknown) => (body as Refused).errors?.[0]?.message
const create = async (collection: string, body: Record<string, unknown>, user: TestUser) => {
  const res = await site.api<{ doc: Doc }>('POST', `/api/${collection}/new`, {
    body,
    cookie: user.cookie,
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.doc
}

describe('RSVPs (POST /api/events/:id/rsvp)', () => {
  const newEvent = (user: TestUser, extra: Record<string, unknown> = {}) =>
    create('events', { ...streetParty(camden), ...extra }, user)
  const rsvp = (eventId: number, status: unknown, user?: TestUser) =>
    site.api<Rsvp>('POST', `/api/events/${eventId}/rsvp`, {
      body: { status },
      cookie: user?.cookie,
    })
  const rows = async (eventId: number) =>
    (
      await site.payload.find({
        collection: 'event-rsvps',
        where: { event: { equals: eventId } },
        pagination: false,
      })
    ).docs
  const stored = (id: number) => site.payload.findByID({ collection: 'events', id, depth: 0 })

  it('asks visitors to log in (401) and refuses unknown statuses and events', async () => {
    const event = await newEvent(alice)
    const visitor = await rsvp(event.id, 'attending')
    expect(visitor.status).toBe(401)
    expect(message(visitor.body)).toBe(MESSAGES.mustBeLoggedIn)
    const wrong = await rsvp(event.id, 'going', bob)
    expect(wrong.status).toBe(400)
    expect(message(wrong.body)).toBe('Choose attending or interested.')
    const missing = await rsvp(999_999, 'attending', bob)
    expect(missing.status).toBe(404)
    expect(await rows(event.id)).toHaveLength(0)
    const done = await rsvp(event.id, 'attending', carol)
    const path = `/api/events/${event.id}/rsvp`
    await describedAsAnswered([
      ['POST', path, visitor],
      ['POST', path, wrong],
      ['POST', '/api/events/999999/rsvp', missing],
      ['POST', path, done],
    ])
  })

  it('creates, replaces and removes (same status again), keeping counts on the event', async () => {
    const event = await newEvent(alice)
    const first = await rsvp(event.id, 'attending', bob)
    expect(first.status).toBe(200)
    expect(first.body).toEqual({ status: 'attending', attendingCount: 1, interestedCount: 0 })
    expect(await stored(event.id)).toMatchObject({ attendingCount: 1, interestedCount: 0 })

    const other = await rsvp(event.id, 'interested', carol)
    expect(other.body).toEqual({ status: 'interested', attendingCount: 1, interestedCount: 1 })

    const replaced = await rsvp(event.id, 'interested', bob)
    expect(replaced.body).toEqual({ status: 'interested', attendingCount: 0, interestedCount: 2 })
    expect(await rows(event.id)).toHaveLength(2)

    const removed = await rsvp(event.id, 'interested', bob)
    expect(removed.body).toEqual({ status: null, attendingCount: 0, interestedCount: 1 })
    expect(await stored(event.id)).toMatchObject({ attendingCount: 0, interestedCount: 1 })
    expect((await rows(event.id)).map((r) => (r.user as { id: number }).id)).toEqual([carol.id])
  })

  it('applies parallel toggles by one user one after another', async () => {
    const event = await newEvent(alice)
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => rsvp(event.id, 'attending', bob)),
    )
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200))
    const statuses = answers.map((a) => a.body.status)
    expect(statuses.filter((s) => s === 'attending')).toHaveLength(3)
    expect(statuses.filter((s) => s === null)).toHaveLength(3)
    expect(await rows(event.id)).toHaveLength(0)
    expect(await stored(event.id)).toMatchObject({ attendingCount: 0, interestedCount: 0 })
  })

  it('counts every one of many people RSVPing at once', async () => {
    const event = await newEvent(alice)
    const crowd = await Promise.all(
      Array.from({ length: 7 }, (_, i) => makeUser(site, `guest${i}`)),
    )
    const answers = await Promise.all(
      crowd.map((guest, i) => rsvp(event.id, i % 2 ? 'interested' : 'attending', guest)),
    )
    expect(answers.every((a) => a.status === 200)).toBe(true)
    expect(await rows(event.id)).toHaveLength(7)
    expect(await stored(event.id)).toMatchObject({ attendingCount: 4, interestedCount: 3 })
  })

  it('refuses direct creates and edits; members may delete their own (counts follow)', async () => {
    const event = await newEvent(alice)
    const direct = await site.api('POST', '/api/event-rsvps', {
      body: { event: event.id, user: bob.id, status: 'attending' },
      cookie: bob.cookie,
    })
    expect(direct.status).toBe(403)
    expect(await rows(event.id)).toHaveLength(0)

    await rsvp(event.id, 'attending', bob)
    const [row] = await rows(event.id)
    const edit = await site.api('PATCH', `/api/event-rsvps/${row!.id}`, {
      body: { status: 'interested' },
      cookie: bob.cookie,
    })
    expect(edit.status).toBe(403)
    expect(
      (await site.api('DELETE', `/api/event-rsvps/${row!.id}`, { cookie: carol.cookie })).status,
    ).toBe(403)
    expect(
      (await site.api('DELETE', `/api/event-rsvps/${row!.id}`, { cookie: bob.cookie })).status,
    ).toBe(200)
    expect(await rows(event.id)).toHaveLength(0)
    expect(await stored(event.id)).toMatchObject({ attendingCount: 0 })
  })

  it('shows RSVPs to anyone (the event page lists them)', async () => {
    const event = await newEvent(alice)
    await rsvp(event.id, 'interested', carol)
    const read = await site.api<{ docs: Doc[] }>(
      'GET',
      `/api/event-rsvps?where[event][equals]=${event.id}&depth=0`,
    )
    expect(read.status).toBe(200)
    expect(read.body.docs).toHaveLength(1)
    expect(read.body.docs[0]).toMatchObject({ status: 'interested', user: carol.id })
  })

  it('does not tell who goes to a private event', async () => {
    const event = await newEvent(alice, { isPublic: false })
    await rsvp(event.id, 'attending', alice)
    const url = `/api/event-rsvps?where[event][equals]=${event.id}&depth=0`
    const asVisitor = await site.api<{ docs: Doc[] }>('GET', url)
    expect(asVisitor.body.docs).toHaveLength(0)
    const asBob = await site.api<{ docs: Doc[] }>('GET', url, { cookie: bob.cookie })
    expect(asBob.body.docs).toHaveLength(0)
    const asAlice = await site.api<{ docs: Doc[] }>('GET', url, { cookie: alice.cookie })
    expect(asAlice.body.docs).toHaveLength(1)
    const asStaff = await site.api<{ docs: Doc[] }>('GET', url, { cookie: editor.cookie })
    expect(asStaff.body.docs).toHaveLength(1)
  })

  it('does not let others RSVP to a private or hidden event', async () => {
    const secret = await newEvent(alice, { isPublic: false })
    expect((await rsvp(secret.id, 'attending', bob)).status).toBe(404)
    expect((await rsvp(secret.id, 'attending', alice)).status).toBe(200)
    const hidden = await newEvent(alice)
    await site.api('PATCH', `/api/events/${hidden.id}`, {
      body: { hidden: true },
      cookie: editor.cookie,
    })
    expect((await rsvp(hidden.id, 'attending', bob)).status).toBe(404)
  })

  it('deletes an event together with its RSVPs', async () => {
    const event = await newEvent(alice)
    await rsvp(event.id, 'attending', bob)
    const res = await site.api('POST', `/api/events/${event.id}/delete`, {
      cookie: alice.cookie,
    })
    expect(res.status).toBe(200)
    expect(await rows(event.id)).toHaveLength(0)
  })
})

describe('polls', () => {
  const poll = (extra: Record<string, unknown> = {}) => ({
    question: 'Best bakery?',
    options: ['Gail’s', 'Margot', 'Lidl'],
    ...extra,
  })
  const count = async () => (await site.payload.count({ collection: 'polls' })).totalDocs

  it('asks visitors to log in (401) with the spec’s words', async () => {
    const before = await count()
    const res = await site.api('POST', '/api/polls/new', { body: poll() })
    expect(res.status).toBe(401)
    expect(message(res.body)).toBe(MESSAGES.mustBeLoggedInToCreatePoll)
    expect(await count()).toBe(before)
  })

  it.each([
    ['a blank question', { question: '  ' }],
    ['no question', { question: undefined }],
    ['a blank option', { options: ['A', ' '] }],
    ['one option', { options: ['A'] }],
    ['no options', { options: [] }],
    ['an empty option row', { options: [{ text: 'A' }, {}] }],
  ])('refuses %s: "Fill in the question and all options."', async (_, extra) => {
    const before = await count()
    const res = await site.api('POST', '/api/polls/new', {
      body: poll(extra),
      cookie: alice.cookie,
    })
    expect(res.status).toBe(400)
    expect(message(res.body)).toBe(MESSAGES.pollIncomplete)
    expect(await count()).toBe(before)
  })

  it('refuses a neighbourhood that does not exist', async () => {
    const res = await site.api('POST', '/api/polls/new', {
      body: poll({ neighbourhood: 999_999 }),
      cookie: alice.cookie,
    })
    expect(res.status).toBe(400)
    expect(message(res.body)).toBe(MESSAGES.neighbourhoodNotFound)
  })

  it('stores options given as text, with the session user as author', async () => {
    const doc = await create(
      'polls',
      poll({ neighbourhood: camden, author: bob.id, closeDate: '' }),
      alice,
    )
    expect((doc.options as { text: string }[]).map((o) => o.text)).toEqual([
      'Gail’s',
      'Margot',
      'Lidl',
    ])
    expect(doc.author).toBe(alice.id)
    expect(doc.closeDate).toBeFalsy()
  })

  it('lets only the author or staff delete a poll, with its votes', async () => {
    const doc = await create('polls', poll(), alice)
    await site.api('POST', `/api/polls/${doc.id}/vote`, {
      body: { optionIndex: 0 },
      cookie: bob.cookie,
    })
    expect(
      (await site.api('POST', `/api/polls/${doc.id}/delete`, { cookie: bob.cookie })).status,
    ).toBe(403)
    expect(
      (await site.api('POST', `/api/polls/${doc.id}/delete`, { cookie: alice.cookie })).status,
    ).toBe(200)
    const votes = await site.payload.count({
      collection: 'poll-votes',
      where: { poll: { equals: doc.id } },
    })
    expect(votes.totalDocs).toBe(0)
  })

  it('lets the author change options until someone votes, then keeps them', async () => {
    const doc = await create('polls', poll(), alice)
    const byBob = await site.api('PATCH', `/api/polls/${doc.id}/details`, {
      body: { question: 'Worst bakery?' },
      cookie: bob.cookie,
    })
    expect(byBob.status).toBe(403)
    const early = await site.api('PATCH', `/api/polls/${doc.id}/details`, {
      body: { options: ['Gail’s', 'Margot'] },
      cookie: alice.cookie,
    })
    expect(early.status).toBe(200)
    await site.api('POST', `/api/polls/${doc.id}/vote`, {
      body: { optionIndex: 1 },
      cookie: bob.cookie,
    })
    const late = await site.api('PATCH', `/api/polls/${doc.id}/details`, {
      body: { options: ['Margot', 'Gail’s'] },
      cookie: alice.cookie,
    })
    expect(late.status).toBe(409)
    expect(message(late.body)).toBe(MESSAGES.pollLocked)
    const closeEarly = await site.api('PATCH', `/api/polls/${doc.id}/details`, {
      body: { closeDate: '2020-01-01T00:00:00.000Z' },
      cookie: alice.cookie,
    })
    expect(closeEarly.status).toBe(200)
    const stored = await site.payload.findByID({ collection: 'polls', id: doc.id })
    expect(stored.options!.map((o) => o.text)).toEqual(['Gail’s', 'Margot'])
  })

  it('never answers a careless poll with a 5xx', async () => {
    await fuzzWrites({
      site,
      method: 'POST',
      path: '/api/polls/new',
      cookie: carol.cookie,
      watch: ['polls'],
      runs: 50,
      body: fc.record({
        question: fc.option(fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 4 })), {
          nil: undefined,
        }),
        options: fc.option(
          fc.oneof(
            fc.array(fc.string(), { maxLength: 4 }),
            fc.array(fc.record({ text: fc.string() }), { maxLength: 4 }),
            fc.string(),
          ),
          { nil: undefined },
        ),
        closeDate: fc.option(
          fc.oneof(
            fc.string(),
            fc.date().map((d) => d.toISOString()),
          ),
          {
            nil: undefined,
          },
        ),
        neighbourhood: fc.option(fc.constantFrom(camden, 'x', 999_999, null), { nil: undefined }),
      }),
    })
  })
})

describe('votes (POST /api/polls/:id/vote, GET /api/polls/:id/summary)', () => {
  const newPoll = (user: TestUser, extra: Record<string, unknown> = {}) =>
    create(
      'polls',
      { question: 'Best park?', options: ['Regent’s', 'Hampstead Heath'], ...extra },
      user,
    )
  const vote = (pollId: number, optionIndex: unknown, user?: TestUser) =>
    site.api<Summary>('POST', `/api/polls/${pollId}/vote`, {
      body: { optionIndex },
      cookie: user?.cookie,
    })
  const summary = (pollId: number, user?: TestUser) =>
    site.api<Summary>('GET', `/api/polls/${pollId}/summary`, { cookie: user?.cookie })
  const votes = async (pollId: number) =>
    (await site.payload.count({ collection: 'poll-votes', where: { poll: { equals: pollId } } }))
      .totalDocs
  const notificationsOf = async (user: TestUser) =>
    (
      await site.payload.find({
        collection: 'notifications',
        where: { user: { equals: user.id }, type: { equals: 'poll-vote' } },
        pagination: false,
      })
    ).docs

  it('asks visitors to log in to vote (401)', async () => {
    const doc = await newPoll(alice)
    const res = await vote(doc.id, 0)
    expect(res.status).toBe(401)
    expect(message(res.body)).toBe(MESSAGES.mustBeLoggedInToVote)
    expect(await votes(doc.id)).toBe(0)
  })

  it('refuses an option that is not there (400) and an unknown poll (404)', async () => {
    const doc = await newPoll(alice)
    for (const bad of [2, -1, 0.5, '1', null]) {
      const res = await vote(doc.id, bad, bob)
      expect(res.status, String(bad)).toBe(400)
      expect(message(res.body)).toBe('Choose one of the options.')
    }
    expect((await vote(999_999, 0, bob)).status).toBe(404)
    expect(await votes(doc.id)).toBe(0)
  })

  it('counts a vote, answers the summary and refuses a second one', async () => {
    const doc = await newPoll(alice)
    const first = await vote(doc.id, 1, bob)
    expect(first.status).toBe(201)
    expect(first.body).toEqual({ pollId: doc.id, counts: [0, 1], total: 1, myVote: 1 })
    const again = await vote(doc.id, 0, bob)
    expect(again.status).toBe(409)
    expect(message(again.body)).toBe(MESSAGES.alreadyVoted)
    expect(await votes(doc.id)).toBe(1)
    await describedAsAnswered([
      ['POST', `/api/polls/${doc.id}/vote`, first],
      ['POST', `/api/polls/${doc.id}/vote`, again],
    ])
  })

  it('refuses votes once the poll has closed', async () => {
    const doc = await newPoll(alice, { closeDate: '2020-01-01T00:00:00.000Z' })
    const res = await vote(doc.id, 0, bob)
    expect(res.status).toBe(409)
    expect(message(res.body)).toBe(MESSAGES.votingClosed)
    expect(await votes(doc.id)).toBe(0)
    const open = await newPoll(alice, { closeDate: '2099-01-01T00:00:00.000Z' })
    expect((await vote(open.id, 0, bob)).status).toBe(201)
  })

  it('keeps exactly one of five parallel votes by one user', async () => {
    const doc = await newPoll(alice)
    const answers = await Promise.all(
      [0, 1, 0, 1, 0].map((optionIndex) => vote(doc.id, optionIndex, carol)),
    )
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1)
    const refused = answers.filter((a) => a.status !== 201)
    expect(refused.map((a) => a.status)).toEqual([409, 409, 409, 409])
    expect(refused.map((a) => message(a.body))).toEqual(Array(4).fill(MESSAGES.alreadyVoted))
    expect(await votes(doc.id)).toBe(1)
  })

  it('counts parallel votes by different people', async () => {
    const doc = await newPoll(alice)
    const voters = await Promise.all(
      Array.from({ length: 5 }, (_, i) => makeUser(site, `voter${i}`)),
    )
    const answers = await Promise.all(voters.map((v, i) => vote(doc.id, i % 2, v)))
    expect(answers.every((a) => a.status === 201)).toBe(true)
    const res = await summary(doc.id)
    expect(res.body).toEqual({ pollId: doc.id, counts: [3, 2], total: 5, myVote: null })
  })

  it('notifies the poll author when someone else votes, not when they vote themselves', async () => {
    const doc = await newPoll(alice)
    const before = (await notificationsOf(alice)).length
    await vote(doc.id, 0, alice)
    expect(await notificationsOf(alice)).toHaveLength(before)
    await vote(doc.id, 1, bob)
    const after = await notificationsOf(alice)
    expect(after).toHaveLength(before + 1)
    const latest = after.find((n) => n.referenceId === String(doc.id))
    expect(latest).toMatchObject({
      type: 'poll-vote',
      link: `/polls/${doc.id}`,
      message: 'bob voted on your poll.',
    })
    expect(await notificationsOf(bob)).toHaveLength(0)
  })

  it('does not notify for a refused vote', async () => {
    const doc = await newPoll(alice)
    await vote(doc.id, 0, bob)
    const before = (await notificationsOf(alice)).length
    await vote(doc.id, 1, bob)
    expect(await notificationsOf(alice)).toHaveLength(before)
  })

  it('shows public counts in the summary and each user only their own vote', async () => {
    const doc = await newPoll(alice)
    await vote(doc.id, 1, bob)
    await vote(doc.id, 0, carol)
    expect((await summary(doc.id)).body).toEqual({
      pollId: doc.id,
      counts: [1, 1],
      total: 2,
      myVote: null,
    })
    expect((await summary(doc.id, bob)).body.myVote).toBe(1)
    expect((await summary(doc.id, carol)).body.myVote).toBe(0)
    expect((await summary(doc.id, alice)).body.myVote).toBeNull()
    const missing = await summary(999_999)
    expect(missing.status).toBe(404)
    const mine = (user?: TestUser) =>
      site.api<Summary>('GET', `/api/polls/${doc.id}/mine`, { cookie: user?.cookie })
    const [own, none] = [await mine(bob), await mine()]
    expect([own.body, none.body]).toEqual([
      { pollId: doc.id, myVote: 1 },
      { pollId: doc.id, myVote: null },
    ])
    await describedAsAnswered([
      ['GET', `/api/polls/${doc.id}/summary`, await summary(doc.id, bob)],
      ['GET', '/api/polls/999999/summary', missing],
      ['GET', `/api/polls/${doc.id}/mine`, own],
      ['GET', `/api/polls/${doc.id}/mine`, none],
    ])
  })

  it('refuses direct vote writes and shows members only their own votes', async () => {
    const doc = await newPoll(alice)
    const direct = await site.api('POST', '/api/poll-votes', {
      body: { poll: doc.id, user: bob.id, optionIndex: 0 },
      cookie: bob.cookie,
    })
    expect(direct.status).toBe(403)
    expect(await votes(doc.id)).toBe(0)
    await vote(doc.id, 0, bob)
    await vote(doc.id, 1, carol)
    const where = `where[poll][equals]=${doc.id}&depth=0`
    const asBob = await site.api<{ docs: Doc[] }>('GET', `/api/poll-votes?${where}`, {
      cookie: bob.cookie,
    })
    expect(asBob.body.docs.map((d) => d.user)).toEqual([bob.id])
    const asStaff = await site.api<{ docs: Doc[] }>('GET', `/api/poll-votes?${where}`, {
      cookie: editor.cookie,
    })
    expect(asStaff.body.docs).toHaveLength(2)
    const asVisitor = await site.api<{ docs?: Doc[] }>('GET', `/api/poll-votes?${where}`)
    expect(asVisitor.body.docs ?? []).toHaveLength(0)
    const [bobs] = asBob.body.docs
    const change = await site.api('PATCH', `/api/poll-votes/${bobs!.id}`, {
      body: { optionIndex: 1 },
      cookie: bob.cookie,
    })
    expect(change.status).toBe(403)
  })

  it('hides a hidden poll from members: no reading, no voting', async () => {
    const doc = await newPoll(alice)
    await site.api('PATCH', `/api/polls/${doc.id}`, {
      body: { hidden: true },
      cookie: editor.cookie,
    })
    expect((await site.api('GET', `/api/polls/${doc.id}`, { cookie: bob.cookie })).status).toBe(404)
    expect((await vote(doc.id, 0, bob)).status).toBe(404)
    expect((await summary(doc.id, bob)).status).toBe(404)
    expect((await summary(doc.id, editor)).status).toBe(200)
  })

  it('never answers a careless vote with a 5xx', async () => {
    const doc = await newPoll(alice)
    await fuzzWrites({
      site,
      method: 'POST',
      path: `/api/polls/${doc.id}/vote`,
      cookie: editor.cookie,
      watch: ['poll-votes'],
      runs: 40,
      body: fc.record({
        optionIndex: fc.oneof(
          fc.integer({ min: -3, max: 5 }),
          fc.double(),
          fc.string(),
          fc.constant(null),
        ),
      }),
    })
  })
})
