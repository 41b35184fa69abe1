import { createHmac } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { handleEndpoints } from 'payload'

import { freePort } from '@/server/database/postgres'
import { serveOverHttp, type HttpSite } from '@tests/support/httpSite'
import { pgPool } from '@/server/database/db'
import { makeUser, placeFields, startTestSite, type TestSite, type TestUser } from './harness'

/**
 * GET /api/users/state over HTTP, through the site's own server, which answers it before
 * Payload's request (collections/Users/accounts/pageState.ts): the same answer as Payload's
 * endpoint gives, the session checked at once (a sign-out, a suspension, a password change, a
 * role change), a token Payload would not take read as Payload reads it, and bad asks refused.
 */
let site: TestSite
let http: HttpSite | undefined
let origin = ''
let place = 0
let review = 0
let alice: TestUser
let bob: TestUser

beforeAll(async () => {
  const port = await freePort()
  origin = `http://127.0.0.1:${port}`
  site = await startTestSite({ PORT: String(port), PUBLIC_URL: origin, RATE_LIMITS: 'off' })
  http = await serveOverHttp(site.payload, port)
  alice = await makeUser(site, 'state_alice')
  bob = await makeUser(site, 'state_bob')
  place = (await send('POST', '/api/neighbourhoods/new', alice, placeFields('Kew', 'Green'))).doc.id
  review = (
    await send('POST', '/api/reviews/new', alice, {
      neighbourhood: place,
      rating: 4,
      comment: 'Green!',
    })
  ).review.id
}, 120_000)

afterAll(async () => {
  await http?.close()
  await site?.close()
})

interface State {
  at: number
  user: { id: number; role: string; email?: string } | null
  exp?: number
  unread?: number
  hidden?: { kind: string; id: number }[]
  follow?: { count: number; following: boolean | null }
  reactions?: Record<string, Record<string, string>>
  rsvps?: Record<string, string>
  votes?: Record<string, number>
  followedFeeds?: { discussion: { id: number }[] } | null
  errors?: { message: string }[]
}

/** A write over HTTP as the member's browser makes it. */
async function send(method: string, path: string, who: { cookie: string }, body: object) {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: { cookie: who.cookie, origin, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const answer = (await res.json()) as { doc: { id: number }; review: { id: number } }
  expect(res.status, JSON.stringify(answer)).toBeLessThan(300)
  return answer
}

/** The same read made through Payload's own router and endpoint (what answered it before). */
async function stateViaPayload(query: string, headers: Record<string, string>) {
  const request = new Request(`${origin}/api/users/state${query}`, { headers })
  const res = await handleEndpoints({ config: site.payload.config, request })
  return (await res.json()) as State
}

/** A browser's read of the page state on this site (its fetch sends Sec-Fetch-Site). */
async function stateOver(query: string, headers: Record<string, string>) {
  const res = await fetch(`${origin}/api/users/state${query}`, { headers })
  return { status: res.status, headers: res.headers, body: (await res.json()) as State }
}
const asBrowser = (cookie: string) => ({ cookie, 'sec-fetch-site': 'same-origin' })
const tokenOf = (cookie: string) => cookie.replace(/^payload-token=/, '').split(';')[0]!

const signIn = async (email: string, password: string) => {
  const res = await fetch(`${origin}/api/accounts/login`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  expect(res.status).toBe(200)
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith('payload-token='))!
    .split(';')[0]!
}

describe('the page state over HTTP', () => {
  it("answers as Payload's endpoint does: the asker's own state, private and logged", async () => {
    await send('POST', '/api/reactions/toggle', alice, {
      targetKind: 'review',
      targetId: review,
      emoji: 'heart',
    })
    // Hidden while an editor reviews it: only its author sees it, on their own state.
    await pgPool(site.payload).query('UPDATE reviews SET hidden = true WHERE id = $1', [review])
    const query = `?follow=${place}&reactions=review:${review}`
    const fast = await stateOver(query, asBrowser(alice.cookie))
    const viaPayload = await stateViaPayload(query, asBrowser(alice.cookie))
    expect(fast.status).toBe(200)
    expect(fast.headers.get('cache-control')).toBe('private, no-store')
    expect(fast.headers.get('x-request-id')).toBeTruthy()
    expect({ ...fast.body, at: 0 }).toEqual({ ...viaPayload, at: 0 })
    expect(fast.body.user).toMatchObject({ id: alice.id, email: alice.email, role: 'member' })
    expect(fast.body.hidden?.map((h) => h.id)).toEqual([review])
    expect(fast.body.reactions).toEqual({ review: { [review]: 'heart' } })
    expect(fast.body.follow).toEqual({ neighbourhood: place, count: 1, following: true })

    // Bob asks about the same review: his own (none), never Alice's hidden post or emoji.
    const forBob = await stateOver(query, asBrowser(bob.cookie))
    expect(forBob.body.user?.id).toBe(bob.id)
    expect(forBob.body.hidden).toEqual([])
    expect(forBob.body.reactions).toEqual({ review: {} })
    expect(forBob.body.follow?.following).toBe(false)
  })

  it('reads every token as Payload reads it: one it would not take is a visitor, who gets the count only', async () => {
    const visitor = { user: null, follow: { neighbourhood: place, count: 1, following: null } }
    const token = tokenOf(alice.cookie)
    const [head, body] = token.split('.')
    const forged = `${head}.${body}.${createHmac('sha256', 'another secret').update(`${head}.${body}`).digest('base64url')}`
    const cases: [string, Record<string, string>][] = [
      ['nobody', {}],
      ['garbage', asBrowser('payload-token=not-a-token')],
      ['another signature', asBrowser(`payload-token=${forged}`)],
      ['another scheme', { authorization: `Basic ${token}` }],
    ]
    for (const [name, headers] of cases) {
      const res = await stateOver(`?follow=${place}`, headers)
      expect([name, res.status]).toEqual([name, 200])
      expect([name, res.body]).toMatchObject([name, visitor])
      expect([name, res.body.unread, res.body.hidden]).toEqual([name, undefined, undefined])
    }
    // Whether a cookie counts without Sec-Fetch-Site or from another origin is Payload's rule.
    const kinds: Record<string, string>[] = [
      { cookie: alice.cookie },
      { cookie: alice.cookie, origin: 'https://elsewhere.example' },
      { cookie: alice.cookie, origin },
      { ...asBrowser(alice.cookie), origin: 'https://elsewhere.example' },
    ]
    for (const headers of kinds) {
      const fast = await stateOver('', headers)
      const before = await stateViaPayload('', headers)
      expect([headers, { ...fast.body, at: 0 }]).toEqual([headers, { ...before, at: 0 }])
    }
    // The Authorization header is read before the cookie, as Payload reads it.
    const both = await stateOver('', {
      ...asBrowser(alice.cookie),
      authorization: `JWT ${tokenOf(bob.cookie)}`,
    })
    expect(both.body.user?.id).toBe(bob.id)
  })

  it("carries the member's own RSVPs and votes on what a page shows, and only theirs", async () => {
    const event = (
      await send('POST', '/api/events/new', bob, {
        title: 'Picnic',
        description: 'On the green',
        eventDate: '2031-06-01T12:00:00.000Z',
        location: 'Kew Green',
        neighbourhood: place,
      })
    ).doc.id
    await send('POST', `/api/events/${event}/rsvp`, alice, { status: 'interested' })
    const query = `?rsvps=${event},${event + 1000}`
    const mine = await stateOver(query, asBrowser(alice.cookie))
    expect(mine.body.rsvps).toEqual({ [event]: 'interested' })
    expect({ ...mine.body, at: 0 }).toEqual({
      ...(await stateViaPayload(query, asBrowser(alice.cookie))),
      at: 0,
    })
    expect((await stateOver(query, asBrowser(bob.cookie))).body.rsvps).toEqual({})
    expect((await stateOver(query, {})).body.rsvps).toEqual({})
    const poll = (
      await send('POST', '/api/polls/new', bob, {
        question: 'Picnic food?',
        options: [{ text: 'Sandwiches' }, { text: 'Salads' }],
        neighbourhood: place,
      })
    ).doc.id
    await send('POST', `/api/polls/${poll}/vote`, alice, { optionIndex: 1 })
    expect((await stateOver(`?votes=${poll}`, asBrowser(alice.cookie))).body.votes).toEqual({
      [poll]: 1,
    })
    expect((await stateOver(`?votes=${poll}`, asBrowser(bob.cookie))).body.votes).toEqual({})
    const bad = await stateOver('?rsvps=1,x', asBrowser(alice.cookie))
    expect(bad.status).toBe(400)
    expect(bad.body.errors?.[0]?.message).toBe('Event ids are positive whole numbers.')
  })

  it("carries the home's feeds from the neighbourhoods the member follows", async () => {
    const far = (await send('POST', '/api/neighbourhoods/new', bob, placeFields('Bow', 'East'))).doc
      .id
    const near = (
      await send('POST', '/api/discussions/new', bob, {
        title: 'Kew allotments?',
        content: 'Any spaces?',
        neighbourhood: place,
      })
    ).doc.id
    await send('POST', '/api/discussions/new', bob, {
      title: 'Bow market',
      content: 'Saturdays',
      neighbourhood: far,
    })
    await pgPool(site.payload).query('DELETE FROM follows WHERE user_id = $1', [alice.id])
    await send('POST', '/api/follows/toggle', alice, { neighbourhood: place })
    const mine = await stateOver('?home=1', asBrowser(alice.cookie))
    expect(mine.status).toBe(200)
    expect(mine.body.followedFeeds?.discussion.map((c) => c.id)).toEqual([near])
    await pgPool(site.payload).query('DELETE FROM follows WHERE user_id = $1', [bob.id])
    expect((await stateOver('?home=1', asBrowser(bob.cookie))).body.followedFeeds).toBeNull()
    expect((await stateOver('?home=1', {})).body.followedFeeds).toBeNull()
    expect((await stateOver('?home=2', {})).status).toBe(400)
  })

  it('refuses bad asks with a clear 400, never reading anything', async () => {
    const cases: [string, RegExp][] = [
      [`?user=${bob.id}`, /^Unknown parameter: user\.$/],
      ['?reactions=people:1', /^Unknown target kind/],
      ['?reactions=review:1,x', /positive whole numbers/],
      [
        `?reactions=review:${Array.from({ length: 201 }, (_, i) => i + 1).join(',')}`,
        /^At most 200/,
      ],
      ['?follow=99999999999', /^Unknown neighbourhood\.$/],
      ['?follow=%ZZ', /^Unknown neighbourhood\.$/],
    ]
    for (const [query, message] of cases) {
      const res = await stateOver(query, asBrowser(alice.cookie))
      expect([query, res.status]).toEqual([query, 400])
      expect(res.body.errors?.[0]?.message).toMatch(message)
      expect(res.body.user).toBeUndefined()
    }
  })

  it('ends at once with a sign-out, a suspension or a password change, and shows a new role', async () => {
    const admin = await makeUser(site, 'state_admin', 'admin')
    const member = await makeUser(site, 'state_kofi')
    const promoted = await makeUser(site, 'state_ama')
    const other = asBrowser(await signIn(member.email, member.password))
    expect((await stateOver('', other)).body.user?.id).toBe(member.id)

    const patch = (id: number, data: object, cookie: string) =>
      fetch(`${origin}/api/users/${id}`, {
        method: 'PATCH',
        headers: { cookie, origin, 'content-type': 'application/json' },
        body: JSON.stringify(data),
      })
    expect((await patch(promoted.id, { role: 'editor' }, admin.cookie)).status).toBe(200)
    expect((await stateOver('', asBrowser(promoted.cookie))).body.user?.role).toBe('editor')

    const res = await patch(member.id, { password: 'a brand new secret' }, member.cookie)
    expect(res.status).toBe(200)
    expect((await stateOver('', other)).body).toMatchObject({ user: null })
    const kept = asBrowser(
      res.headers
        .getSetCookie()
        .find((c) => c.startsWith('payload-token='))
        ?.split(';')[0] ?? member.cookie,
    )
    expect((await stateOver('', kept)).body.user?.id).toBe(member.id)

    const until = new Date(Date.now() + 86_400_000).toISOString()
    expect((await patch(member.id, { suspendedUntil: until }, admin.cookie)).status).toBe(200)
    const suspended = await stateOver('', kept)
    expect(suspended.body).toMatchObject({ user: null })
    expect(suspended.body.unread).toBeUndefined()

    const out = asBrowser(await signIn(bob.email, bob.password))
    await fetch(`${origin}/api/users/logout`, { method: 'POST', headers: { ...out, origin } })
    expect((await stateOver('', out)).body.user).toBeNull()
    expect((await stateOver('', asBrowser(bob.cookie))).body.user?.id).toBe(bob.id)
  })
})
