import { createLocalReq } from 'payload'
import { afterAll, describe, expect, it } from 'vitest'

import { loadMarketItem, loadMarketList, marketCount } from '@/loaders/market'
import { loadModerationLog } from '@/loaders/moderationLog'
import { PRIVATE_MESSAGE_TEXT as TEXT } from '@/rules/privateMessages'
import { pgPool } from '@/server/database/db'
import { pagesPastTimeBoundaries } from '@collections/shared/stalePages'
import { answerChecker } from '@tests/support/apiDescription'
import { serveOverHttp, type HttpSite } from '@tests/support/httpSite'
import { makeUser, quietPlace, testSiteForFile, type TestUser } from './harness'

/**
 * The market item where the rest of the house meets it, over HTTP against the site's own server:
 * 'Message the seller' (a conversation about the item, shown to both), reports that hide it, site
 * search, and the neighbourhood's 'Market (n)' count when an item expires.
 */
const env: Record<string, string> = {
  RATE_LIMITS: JSON.stringify({ write: { max: 5000 }, newAccountWrite: { max: 5000 } }),
}
let http: HttpSite
let check: ReturnType<typeof answerChecker>
let place: number
let serial = 0
afterAll(() => http?.close())

const people = { members: ['seller', 'buyer'], env, timeout: 120_000 } as const
const { site, seller, buyer } = testSiteForFile(people, async () => {
  http = await serveOverHttp(site.payload)
  place = await quietPlace(site, 'Sellby', 'Things change hands')
  await established(seller)
  await established(buyer)
  check = answerChecker((await http.call('GET', '/api/openapi.json')).body)
})

const sql = (text: string, values: unknown[] = []) => pgPool(site.payload).query(text, values)

/** Older than a day, e-mail confirmed: may list items, and counts fully when reporting. */
async function established(user: TestUser) {
  await sql(
    `UPDATE users SET created_at = now() - interval '2 days', email_confirmed_at = now() WHERE id = $1`,
    [user.id],
  )
}
const member = async (prefix: string) => {
  const user = await makeUser(site, `${prefix}${++serial}`)
  await established(user)
  return user
}

/** A request as the islands send it, its answer checked against the API's own description. */
async function call<T = Record<string, unknown>>(
  method: 'GET' | 'POST',
  path: string,
  user: TestUser | null,
  body?: unknown,
) {
  const answer = await http.call<T & { errors?: { message: string }[] }>(method, path, {
    ...(body === undefined ? {} : { body }),
    ...(user ? { cookie: user.cookie } : {}),
  })
  expect(check(method, path, answer.status, answer.body).problem).toBeNull()
  return answer
}
/** A read the description does not cover (site search, the collection's own REST route). */
const get = <T>(path: string, user: TestUser | null = null) =>
  http.call<T>('GET', path, user ? { cookie: user.cookie } : {})

/** Lists an item through market.create and answers its id. */
async function list(user: TestUser, over: Record<string, unknown> = {}, neighbourhood = place) {
  const answer = await call<{ id: number }>('POST', '/api/market-items/new', user, {
    neighbourhood,
    kind: 'sale',
    title: 'Oak bookcase',
    description: 'Five shelves, collect any evening.',
    price: '25.50',
    condition: 'good',
    ...over,
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return answer.body.id
}
const setStatus = (user: TestUser, id: number, status: string) =>
  call('POST', `/api/market-items/${id}/status`, user, { status })
const hide = (id: number) =>
  site.payload.update({ collection: 'market-items', id, data: { hidden: true } })
/**
 * The clock passing an item's expiry: the item and its search entry hold an expiry a minute ago,
 * as if it had been listed 30 days before (no write tells the site: only time).
 */
async function expire(id: number) {
  await sql(`UPDATE market_items SET expires_at = now() - interval '1 minute' WHERE id = $1`, [id])
  await sql(
    `UPDATE search_index s SET event_date = i.expires_at FROM market_items i
      WHERE s.kind = 'market' AND s.doc_id = i.id AND i.id = $1`,
    [id],
  )
}

interface About {
  kind: string
  id: number
  item: { title: string; price: string; statusLabel: string } | null
  href: string | null
}
const start = (from: TestUser, to: number, text: string, about: Record<string, unknown> = {}) =>
  call<{ id: number; created: boolean }>('POST', '/api/conversations/start', from, {
    to,
    text,
    ...about,
  })
const read = (user: TestUser, id: number) =>
  call<{ title: string | null; about: About | null }>(
    'GET',
    `/api/conversations/${id}/messages`,
    user,
  )
const aboutItem = (id: number) => ({ aboutKind: 'market-item', aboutId: id })

const counted = async () =>
  (
    await sql(
      `SELECT (SELECT count(*) FROM conversations)::int AS conversations,
              (SELECT count(*) FROM messages)::int AS messages`,
    )
  ).rows[0]

describe('Message the seller', () => {
  it('starts a conversation about the item, titled with it, showing it to both sides', async () => {
    const item = await list(seller)
    // 'Only about my reviews and items': a plain message is refused, one about the item is not.
    await sql(`UPDATE users SET messages_from = 'about' WHERE id = $1`, [seller.id])
    const plain = await start(buyer, seller.id, 'Hello')
    expect([plain.status, plain.message]).toEqual([403, TEXT.onlyAbout])
    const started = await start(buyer, seller.id, 'Is it still there?', aboutItem(item))
    expect(started.status).toBe(200)
    expect(started.body.created).toBe(true)
    const shown = {
      title: 'Oak bookcase',
      about: {
        kind: 'market-item',
        id: item,
        item: { title: 'Oak bookcase', price: '£25.50', statusLabel: 'Available' },
        href: `/market/${item}`,
      },
    }
    expect((await read(buyer, started.body.id)).body).toMatchObject(shown)
    expect((await read(seller, started.body.id)).body).toMatchObject(shown)
    // Both see the item as it is now.
    expect((await setStatus(seller, item, 'reserved')).status).toBe(200)
    expect((await read(buyer, started.body.id)).body.about?.item?.statusLabel).toBe('Reserved')
    // Asking again about the same item adds to the same conversation.
    const again = await start(buyer, seller.id, 'Could I come on Friday?', aboutItem(item))
    expect(again.body).toMatchObject({ id: started.body.id, created: false })
    // Gone since: the conversation stays, saying so; hidden since, it says the item is not there.
    expect((await setStatus(seller, item, 'gone')).status).toBe(200)
    expect((await read(seller, started.body.id)).body.about?.item?.statusLabel).toBe('Gone')
    await hide(item)
    expect((await read(buyer, started.body.id)).body.about).toEqual({
      kind: 'market-item',
      id: item,
      item: null,
      href: null,
    })
    await sql(`UPDATE users SET messages_from = NULL WHERE id = $1`, [seller.id])
  })

  it('refuses an item gone, hidden, expired, unknown or not theirs, and the seller themselves; nothing changes', async () => {
    const refusedWithoutChange = async (
      answer: () => ReturnType<typeof start>,
      status: number,
      message: string,
    ) => {
      const before = await counted()
      const got = await answer()
      expect([got.status, got.message]).toEqual([status, message])
      expect(await counted()).toEqual(before)
    }
    const asker = await member('asker')
    const [gone, hidden, expired, live] = [
      await list(seller, { title: 'Gone lamp' }),
      await list(seller, { title: 'Hidden lamp' }),
      await list(seller, { title: 'Expired lamp' }),
      await list(seller, { title: 'Live lamp' }),
    ]
    await setStatus(seller, gone, 'gone')
    await hide(hidden)
    await expire(expired)
    for (const id of [gone, hidden, expired, 2 ** 30])
      await refusedWithoutChange(
        () => start(asker, seller.id, 'Still there?', aboutItem(id)),
        404,
        TEXT.unknownItem,
      )
    const theirs = await list(buyer, { title: 'Bike pump' })
    await refusedWithoutChange(
      () => start(asker, seller.id, 'Hi', aboutItem(theirs)),
      422,
      TEXT.notTheirItem,
    )
    await refusedWithoutChange(
      () => start(seller, seller.id, 'Note to self', aboutItem(live)),
      422,
      TEXT.yourself,
    )
    await refusedWithoutChange(
      () => start(asker, seller.id, 'Hi', { aboutKind: 'market-item' }),
      400,
      TEXT.unknownAbout,
    )
  })
})

/** What a neighbour finds of an item: its page, its neighbourhood's list and count, search. */
async function findable(id: number, title: string) {
  const list = await loadMarketList(
    site.payload,
    new URL('http://site/neighbourhood/sellby/market'),
    'sellby',
  )
  const listed = list.kind === 'list' && list.list.cards.some((i) => i.id === id)
  const found = await get<{ hits: { kind: string; id: number; href: string }[] }>(
    `/api/search?q=${encodeURIComponent(title)}&type=market`,
  )
  return {
    page: (await loadMarketItem(site.payload, String(id))) !== null,
    listed,
    searched: found.body.hits.some((h) => h.id === id && h.href === `/market/${id}`),
  }
}

describe('reports', () => {
  it('three members’ reports hide an item: it leaves its list, its page and search, and the log says so', async () => {
    const item = await list(seller, { title: 'Quartz mantel clock' })
    const report = (user: TestUser) =>
      call('POST', '/api/reports/send', user, {
        targetKind: 'market-item',
        targetId: item,
        reason: 'spam',
      })
    expect((await report(seller)).status).toBe(403)
    const count = await marketCount(site.payload, place)
    expect(await findable(item, 'Quartz mantel clock')).toEqual({
      page: true,
      listed: true,
      searched: true,
    })
    for (let i = 0; i < 3; i++) expect((await report(await member('reporter'))).status).toBe(201)
    expect(await findable(item, 'Quartz mantel clock')).toEqual({
      page: false,
      listed: false,
      searched: false,
    })
    expect(await marketCount(site.payload, place)).toBe(count - 1)
    expect((await get(`/api/market-items/${item}`, buyer)).status).toBe(404)
    const { entries } = await loadModerationLog(site.payload, 1)
    expect(entries[0]).toMatchObject({ action: 'hidden', kind: 'market-item', automatic: true })
  })
})

describe('site search', () => {
  it('finds a live item under the Market chip, and suggests it, leading to its page', async () => {
    const item = await list(seller, { title: 'Zebrawood chess set', price: '40' })
    const found = await get<{
      counts: Record<string, number>
      hits: { kind: string; id: number; href: string }[]
    }>('/api/search?q=zebrawood')
    expect(found.body.counts.market).toBe(1)
    expect(found.body.hits[0]).toMatchObject({ kind: 'market', id: item, href: `/market/${item}` })
    const suggested = await call<{ suggestions: { kind: string; href: string }[] }>(
      'GET',
      '/api/search/suggest?q=zebraw',
      null,
    )
    expect(suggested.body.suggestions).toContainEqual(
      expect.objectContaining({ kind: 'market', href: `/market/${item}` }),
    )
    // Reserved is still listed, so still found.
    await setStatus(seller, item, 'reserved')
    expect((await findable(item, 'Zebrawood chess set')).searched).toBe(true)
  })

  it('does not find gone, expired or hidden items', async () => {
    const [gone, expired, hidden] = [
      await list(seller, { title: 'Walnut gone stool' }),
      await list(seller, { title: 'Walnut expired stool' }),
      await list(seller, { title: 'Walnut hidden stool' }),
    ]
    const walnut = async () =>
      (await get<{ counts: Record<string, number> }>('/api/search?q=walnut+stool')).body.counts
        .market ?? 0
    expect(await walnut()).toBe(3)
    await setStatus(seller, gone, 'gone')
    await expire(expired)
    await hide(hidden)
    expect(await walnut()).toBe(0)
    // Marked available again, a gone item is found again.
    await setStatus(seller, gone, 'available')
    expect(await walnut()).toBe(1)
  })
})

describe("the neighbourhood's Market count", () => {
  it('an item expiring makes its neighbourhood page stale, and the count leaves it out', async () => {
    const [expiring, quiet] = [
      await quietPlace(site, 'Expiryby', 'Clocks run out'),
      await quietPlace(site, 'Goneby', 'Nothing left'),
    ]
    const item = await list(seller, { title: 'Kettle' }, expiring)
    const gone = await list(seller, { title: 'Toaster' }, quiet)
    await setStatus(seller, gone, 'gone')
    expect(await marketCount(site.payload, expiring)).toBe(1)
    await expire(item)
    await expire(gone)
    const { rows } = await sql(`SELECT expires_at FROM market_items WHERE id = $1`, [item])
    const at = new Date(rows[0].expires_at).getTime()
    // The regenerator's sweep over the minute the item expired in finds its neighbourhood's page
    // (a gone item left the count when it was marked, so its page is not rewritten again).
    const swept = await pagesPastTimeBoundaries(
      await createLocalReq({}, site.payload),
      new Date(at - 60_000),
      new Date(at + 60_000),
    )
    expect(swept.paths).toContain('/neighbourhood/expiryby')
    expect(swept.paths).not.toContain('/neighbourhood/goneby')
    expect(await marketCount(site.payload, expiring)).toBe(0)
  })
})

describe('what an open list missed (GET /api/new-posts)', () => {
  it('answers the items listed after a moment, and none hidden, gone or elsewhere', async () => {
    const before = Date.now() - 1000
    const since = (after: number, kind = 'market-item', neighbourhood = place) =>
      call<{ ids: number[] }>(
        'GET',
        `/api/new-posts?neighbourhood=${neighbourhood}&kind=${kind}&after=${after}`,
        null,
      )
    const lamps = await member('lamps')
    const listed = await list(lamps, { title: 'Missed lamp' })
    const hidden = await list(lamps, { title: 'Hidden lamp' })
    await hide(hidden)
    const gone = await list(lamps, { title: 'Gone lamp' })
    await setStatus(lamps, gone, 'gone')
    const other = await quietPlace(site, 'Elsewhere Lane', 'Not this list')
    await list(lamps, { title: 'Lamp elsewhere' }, other)

    const missed = await since(before)
    expect(missed.status).toBe(200)
    expect(missed.body.ids).toContain(listed)
    expect(missed.body.ids).not.toContain(hidden)
    expect(missed.body.ids).not.toContain(gone)
    expect((await since(Date.now() + 60_000)).body.ids).toEqual([])
    expect((await since(before, 'lost-found')).body.ids).toEqual([])

    const unknown = await since(before, 'pets')
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors?.[0]?.message).toBe('Unknown kind of post.')
  })
})
