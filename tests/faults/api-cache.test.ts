import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'

import { startEmbeddedPostgres, type RunningPostgres } from '@/server/database/postgres'
import { reviewsQuery } from '@/views/review'
import { freshDataDir, member, removeDataDir, startSite, type Site } from '@tests/faults/harness'

/**
 * The cache of signed-out API reads (src/server/http/readCache.ts) on two app instances sharing one
 * PostgreSQL: a write through either one refreshes both, answers with the asker's own state are
 * never kept, and every answer of a cached route varies on the session; the reader's own bits
 * (my reactions, my vote) come from their own signed-in reads. Members' other reads share the
 * readers' answers: tests/faults/member-reads.test.ts.
 */

let dataDir = ''
let postgres: RunningPostgres | undefined
let a: Site | undefined
let b: Site | undefined
let who: Awaited<ReturnType<typeof member>>

beforeAll(async () => {
  dataDir = freshDataDir(inject('faultsTemplate'), 'apicache')
  postgres = await startEmbeddedPostgres({ dir: dataDir, databases: ['belong'] })
  const shared = { DATABASE_URL: postgres.url('belong') }
  a = await startSite(dataDir, shared)
  b = await startSite(dataDir, shared)
  who = await member(a.url)
})

afterAll(async () => {
  await a?.stop()
  await b?.stop()
  await postgres?.stop()
  if (dataDir) await removeDataDir(dataDir)
})

const get = async (site: Site, path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${site.url}${path}`, { headers })
  return {
    status: res.status,
    cache: res.headers.get('x-belong-cache'),
    vary: res.headers.get('vary'),
    type: res.headers.get('content-type'),
    setCookie: res.headers.get('set-cookie'),
    body: await res.text(),
  }
}

const post = async (site: Site, path: string, body: unknown) => {
  const res = await fetch(`${site.url}${path}`, {
    method: 'POST',
    headers: { ...who.headers, origin: site.url },
    body: JSON.stringify(body),
  })
  expect(res.status, await res.clone().text()).toBeLessThan(300)
  return res.json() as Promise<{ doc?: { id: number }; review?: { id: number } }>
}

describe('signed-out reads', () => {
  test('a kept answer is refreshed by a write, on the writing instance at once and on the other', async () => {
    const reviews = `/api/reviews?${reviewsQuery(who.neighbourhood, '-createdAt', 1)}`
    for (const site of [a!, b!]) {
      const first = await get(site, reviews)
      expect(first.status).toBe(200)
      const second = await get(site, reviews)
      expect(second.cache).toBe('hit')
      expect(second.body).toBe(first.body)
      expect(second.type).toBe(first.type)
      expect(second.vary).toMatch(/Cookie, Authorization/)
      expect(second.setCookie).toBeNull()
    }

    const comment = `Cache test review ${Date.now()}: the corner bakery opens at seven.`
    const { review: doc } = await post(a!, '/api/reviews/new', {
      neighbourhood: who.neighbourhood,
      rating: 5,
      authorName: 'Cache tester',
      comment,
    })
    // The writing instance drops its entries before the answer goes out.
    expect((await get(a!, reviews)).body).toContain(comment)
    // The other one when the NOTIFY of the commit arrives.
    await expect.poll(async () => (await get(b!, reviews)).body).toContain(comment)

    // Reactions: toggled through B, the summary kept by A changes.
    const summary = `/api/reactions/summary?targetKind=review&ids=${doc!.id}`
    await get(a!, summary)
    expect((await get(a!, summary)).cache).toBe('hit')
    await post(b!, '/api/reactions/toggle', {
      targetKind: 'review',
      targetId: doc!.id,
      emoji: 'heart',
    })
    await expect
      .poll(async () => JSON.parse((await get(a!, summary)).body).summaries[0].counts.heart)
      .toBe(1)
    // The kept summary knows no reader; the member's own emoji is their own signed-in read.
    expect(JSON.parse((await get(a!, summary)).body).summaries[0].mine).toBeNull()
    const mine = `/api/reactions/mine?targetKind=review&ids=${doc!.id}`
    const own = await get(a!, mine, { authorization: who.headers.authorization! })
    expect(own.cache).toBe('bypass')
    expect(JSON.parse(own.body).mine).toEqual([{ targetId: doc!.id, emoji: 'heart' }])
    expect(JSON.parse((await get(a!, mine)).body).mine).toEqual([])
  })

  test("answers with the asker's own state are never kept", async () => {
    const { doc: poll } = await post(a!, '/api/polls/new', {
      question: 'Best bakery?',
      options: ['North', 'South'],
      neighbourhood: who.neighbourhood,
    })
    const summary = `/api/polls/${poll!.id}/summary`
    await post(a!, `/api/polls/${poll!.id}/vote`, { optionIndex: 1 })

    // Signed in (token or cookie): answered fresh, with the member's own vote, and not kept.
    for (let i = 0; i < 2; i++) {
      const mine = await get(a!, summary, { authorization: who.headers.authorization! })
      expect(mine.cache).toBe('bypass')
      expect(mine.vary).toMatch(/Cookie, Authorization/)
      expect(JSON.parse(mine.body).myVote).toBe(1)
    }
    const token = who.headers.authorization!.replace(/^JWT /, '')
    const withCookie = await get(a!, summary, { cookie: `payload-token=${token}` })
    expect(withCookie.cache).toBe('bypass')

    // The first signed-out read is a miss (nothing was kept for the member), and has no vote.
    const anonymous = await get(a!, summary)
    expect(anonymous.cache).toBe('miss')
    expect(JSON.parse(anonymous.body).myVote).toBeNull()
    expect(JSON.parse(anonymous.body).total).toBe(1)
    const again = await get(a!, summary)
    expect(again.cache).toBe('hit')
    expect(JSON.parse(again.body).myVote).toBeNull()
    // A signed-in read after it still gets its own answer, not the kept one.
    const mineAfter = await get(a!, summary, { authorization: who.headers.authorization! })
    expect(JSON.parse(mineAfter.body).myVote).toBe(1)

    // What islands ask (widgets/lib/api.ts `shared`): the counts without the session, from the
    // cache, and only the member's own vote signed in, from its own read.
    const myVote = `/api/polls/${poll!.id}/mine`
    const own = await get(a!, myVote, { authorization: who.headers.authorization! })
    expect(own.cache).toBe('bypass')
    expect(JSON.parse(own.body)).toEqual({ pollId: poll!.id, myVote: 1 })
    expect(JSON.parse((await get(a!, myVote)).body).myVote).toBeNull()

    // Private collections are not cached routes at all.
    for (const path of ['/api/notifications?limit=5', '/api/users/me', '/api/event-rsvps']) {
      for (const headers of [{}, { authorization: who.headers.authorization! }] as Record<
        string,
        string
      >[]) {
        const res = await get(a!, path, headers)
        expect(res.cache, path).toBeNull()
      }
    }
  })
})

describe('searches', () => {
  test('members share the public answer; a private story reaches only its author, and a change every instance', async () => {
    const other = await member(a!.url)
    // A word nothing in this file's own database holds until the story below.
    const word = 'quincunx'
    const search = async (site: Site, as?: { headers: Record<string, string> }) => {
      const headers: Record<string, string> = as ? { authorization: as.headers.authorization! } : {}
      const res = await get(site, `/api/search?q=${word}`, headers)
      expect(res.status).toBe(200)
      const { hits } = JSON.parse(res.body) as { hits: { kind: string; id: number }[] }
      return hits.map(({ kind, id }) => ({ kind, id }))
    }
    // Worked out once for every reader without private entries, signed in or not.
    expect(await search(b!, other)).toEqual([])
    expect(await search(a!)).toEqual([])

    const { doc } = await post(a!, '/api/stories/new', {
      title: `${word} allotment diary`,
      description: 'Tomatoes again.',
      tags: [],
      neighbourhood: who.neighbourhood,
      isPublic: false,
    })
    const story = { kind: 'story', id: doc!.id }
    // Its author finds it at once on either instance; nobody else does.
    expect(await search(b!, who)).toEqual([story])
    expect(await search(a!, who)).toEqual([story])
    expect(await search(b!, other)).toEqual([])
    expect(await search(a!)).toEqual([])

    const res = await fetch(`${a!.url}/api/stories/${doc!.id}/details`, {
      method: 'PATCH',
      headers: { ...who.headers, origin: a!.url },
      body: JSON.stringify({ isPublic: true }),
    })
    expect(res.status, await res.text()).toBe(200)
    // Public now: the writing instance answers everyone with it at once, the other one when
    // the NOTIFY of the commit arrives.
    expect(await search(a!, other)).toEqual([story])
    expect(await search(a!)).toEqual([story])
    await expect.poll(() => search(b!, other)).toEqual([story])
    expect(await search(b!)).toEqual([story])
  })

  test('a market item marked gone leaves the kept search answers of every instance', async () => {
    const seller = await member(a!.url)
    const me = await fetch(`${a!.url}/api/users/me`, { headers: seller.headers })
    const { user } = (await me.json()) as { user: { id: number } }
    const db = new pg.Client({ connectionString: postgres!.url('belong') })
    await db.connect()
    await db.query('UPDATE users SET email_confirmed_at = now() WHERE id = $1', [user.id])
    await db.end()
    const send = async (site: Site, path: string, body: unknown) => {
      const res = await fetch(`${site.url}${path}`, {
        method: 'POST',
        headers: { ...seller.headers, origin: site.url },
        body: JSON.stringify(body),
      })
      expect(res.status, await res.clone().text()).toBeLessThan(300)
      return (await res.json()) as { id: number }
    }
    const path = '/api/search?q=ottoman&type=market'
    const found = async (site: Site) =>
      (JSON.parse((await get(site, path)).body) as { hits: { id: number }[] }).hits.map((h) => h.id)
    const { id } = await send(a!, '/api/market-items/new', {
      neighbourhood: seller.neighbourhood,
      kind: 'free',
      title: 'Velvet ottoman',
    })
    await expect.poll(() => found(b!)).toEqual([id])
    expect(await found(a!)).toEqual([id])
    expect((await get(b!, path)).cache).toBe('hit')
    await send(b!, `/api/market-items/${id}/status`, { status: 'gone' })
    expect(await found(b!)).toEqual([])
    await expect.poll(() => found(a!)).toEqual([])
  })

  test("a member with nothing private gets the readers' kept answer; a token that is not the author's session never finds their private story", async () => {
    const other = await member(a!.url)
    const word = 'zarzuela'
    const path = `/api/search?q=${word}`
    const hitsOf = (body: string) =>
      (JSON.parse(body) as { hits: { id: number }[] }).hits.map(({ id }) => id)
    const otherToken = other.headers.authorization!.replace(/^JWT /, '')
    expect((await get(a!, path)).cache).toBe('miss')
    // By token or by cookie: the kept answer, with no session check.
    for (const headers of [
      { authorization: other.headers.authorization! },
      { cookie: `theme=dark; payload-token=${otherToken}` },
    ] as Record<string, string>[]) {
      const res = await get(a!, path, headers)
      expect(res.cache).toBe('hit')
      expect(res.vary).toMatch(/Cookie, Authorization/)
      expect(hitsOf(res.body)).toEqual([])
    }

    const { doc } = await post(a!, '/api/stories/new', {
      title: `${word} rehearsal notes`,
      description: 'Second act.',
      tags: [],
      neighbourhood: who.neighbourhood,
      isPublic: false,
    })
    // The author is answered after the session check, with their story, kept for that session.
    const own = await get(a!, path, { authorization: who.headers.authorization! })
    expect(own.cache).toBe('miss')
    expect(hitsOf(own.body)).toEqual([doc!.id])
    // A token without the site's signature is nobody's session, and is not read as naming
    // anyone (else its answer would tell whether that account has private entries).
    const unsigned = (token: string) =>
      `${token.slice(0, -4)}${token.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`
    const forged = unsigned(who.headers.authorization!.replace(/^JWT /, ''))
    for (const headers of [
      { authorization: `JWT ${forged}` },
      { cookie: `payload-token=${forged}` },
      { authorization: `JWT ${unsigned(otherToken)}` },
      // Two tokens, one the author's forged: still checked, never the readers' answer taken blind.
      { authorization: other.headers.authorization!, cookie: `payload-token=${forged}` },
    ] as Record<string, string>[]) {
      const res = await get(a!, path, headers)
      expect(res.cache, JSON.stringify(headers)).toBe('bypass')
      expect(hitsOf(res.body)).toEqual([])
    }
    // Everyone else still shares the public answer.
    expect(
      hitsOf((await get(a!, path, { authorization: other.headers.authorization! })).body),
    ).toEqual([])
  })

  test("a member with private entries is answered from their session's kept answers until that session signs out, on every instance", async () => {
    const author = await member(a!.url)
    const auth = { authorization: author.headers.authorization! }
    const word = 'vellichor'
    const path = `/api/search?q=${word}`
    const hitsOf = (body: string) =>
      (JSON.parse(body) as { hits: { id: number }[] }).hits.map(({ id }) => id)
    const created = await fetch(`${a!.url}/api/stories/new`, {
      method: 'POST',
      headers: author.headers,
      body: JSON.stringify({
        title: `${word} in the bookshop`,
        description: 'Old paper.',
        tags: [],
        neighbourhood: author.neighbourhood,
        isPublic: false,
      }),
    })
    expect(created.status, await created.clone().text()).toBe(201)
    const { doc } = (await created.json()) as { doc: { id: number } }
    for (const site of [a!, b!]) {
      const first = await get(site, path, auth)
      expect(first.cache).toBe('miss')
      expect(hitsOf(first.body)).toEqual([doc.id])
      const again = await get(site, path, auth)
      expect(again.cache).toBe('hit')
      expect(again.vary).toMatch(/Cookie, Authorization/)
      expect(hitsOf(again.body)).toEqual([doc.id])
    }
    // Nobody else is given the author's kept answer.
    expect(hitsOf((await get(a!, path)).body)).toEqual([])
    expect(
      hitsOf((await get(b!, path, { authorization: who.headers.authorization! })).body),
    ).toEqual([])

    const out = await fetch(`${a!.url}/api/users/logout`, {
      method: 'POST',
      headers: { ...author.headers, origin: a!.url },
    })
    expect(out.status, await out.text()).toBe(200)
    // The signed-out token finds nothing private on either instance, at once: Payload's check
    // answers it, not the kept answer.
    for (const site of [a!, b!]) {
      const res = await get(site, path, auth)
      expect(res.cache).toBe('bypass')
      expect(hitsOf(res.body)).toEqual([])
    }
  })
})
