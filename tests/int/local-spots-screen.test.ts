import fc from 'fast-check'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { moveTestClock } from '@/server/config/clock'
import type { LocalSpotPage } from '@/views/localSpot'
import {
  makeNeighbourhood,
  placeFields,
  testSiteForFile,
  type TestUser,
  USUAL_PEOPLE,
} from './harness'
import { countQueries } from '@tests/support/queryCounter'
import { makeImage, uploadMedia } from './images'

/**
 * The local-spots screen's reads and the rules it shows (SPEC §2 Local spots, §4, §5, §9):
 * GET /api/local-businesses/spots (paging by 9, hidden and expired things left out, at most two
 * queries whatever the page size), bad input answered with a 4xx and the spec's words, and the
 * 7-day edit window judged by the server's clock (moved here, not the browser's).
 */
type Errors = { errors: { message: string }[] }

let peckham: number
let empty: number
const DAY = 86_400_000

const people = { ...USUAL_PEOPLE, timeout: 120_000 }
const { site, alice, bob, editor } = testSiteForFile(people, async () => {
  peckham = await makeNeighbourhood(site, placeFields('Peckham', 'Somewhere'))
  empty = await makeNeighbourhood(site, placeFields('Quietville', 'Somewhere'))
})
afterEach(() => moveTestClock(0))

const spot = (user: TestUser, extra: Record<string, unknown> = {}) =>
  site.api<{ doc: { id: number; createdAt: string } } & Errors>(
    'POST',
    '/api/local-businesses/new',
    {
      body: {
        name: 'Rye Lane Roasters',
        category: 'cafe',
        description: 'Flat whites.',
        address: '12 Rye Lane',
        emojis: ['coffee'],
        neighbourhood: peckham,
        ...extra,
      },
      cookie: user.cookie,
    },
  )

const list = (query: string, cookie?: string) =>
  site.api<LocalSpotPage & Errors>('GET', `/api/local-businesses/spots?${query}`, { cookie })

describe('GET /api/local-businesses/spots', () => {
  let ids: number[] = []

  beforeAll(async () => {
    ids = []
    for (let i = 1; i <= 11; i++) {
      const created = await spot(i % 2 ? alice : bob, { name: `Spot ${i}` })
      expect(created.status).toBe(201)
      ids.push(created.body.doc.id)
    }
  })

  it('answers 9 newest first, then the rest; pages=2 answers both at once', async () => {
    const first = await list(`neighbourhood=${peckham}&page=1`)
    expect(first.status).toBe(200)
    expect(first.body.spots.map((s) => s.name)).toEqual(
      Array.from({ length: 9 }, (_, i) => `Spot ${11 - i}`),
    )
    expect(first.body).toMatchObject({ total: 11, hasMore: true, pages: 1 })
    const second = await list(`neighbourhood=${peckham}&page=2`)
    expect(second.body.spots.map((s) => s.name)).toEqual(['Spot 2', 'Spot 1'])
    expect(second.body).toMatchObject({ hasMore: false, pages: 2 })
    const both = await list(`neighbourhood=${peckham}&page=1&pages=2`)
    expect(both.body.spots).toHaveLength(11)
    expect(both.body.hasMore).toBe(false)
  })

  it('carries the card: author, category label, emojis, reactions and only unexpired badges', async () => {
    const id = ids[10]!
    const badge = (label: string, expiresAt?: string) =>
      site.api('POST', '/api/business-badges', {
        body: { business: id, label, colour: '#0f766e', expiresAt },
        cookie: editor.cookie,
      })
    expect((await badge('Forever')).status).toBe(201)
    expect((await badge('This month', new Date(Date.now() + 30 * DAY).toISOString())).status).toBe(
      201,
    )
    expect((await badge('Last summer', new Date(Date.now() - DAY).toISOString())).status).toBe(201)
    const react = (user: TestUser, emoji: string) =>
      site.api('POST', '/api/reactions/toggle', {
        body: { targetKind: 'local-business', targetId: id, emoji },
        cookie: user.cookie,
      })
    expect((await react(bob, 'fire')).status).toBe(200)
    expect((await react(editor, 'fire')).status).toBe(200)
    expect((await react(alice, 'heart')).status).toBe(200)

    const card = (await list(`neighbourhood=${peckham}`)).body.spots.find((s) => s.id === id)!
    expect(card).toMatchObject({
      name: 'Spot 11',
      category: 'cafe',
      categoryLabel: 'Cafe',
      emojis: ['coffee'],
      address: '12 Rye Lane',
      author: { id: alice.id, userName: 'alice', avatarUrl: null },
      reactionCounts: { fire: 2, heart: 1 },
    })
    expect(card.badges.map((b) => b.label)).toEqual(['Forever', 'This month'])

    // The owner is told when someone else reacts (not when she reacts herself).
    const notes = await site.payload.find({
      collection: 'notifications',
      where: { user: { equals: alice.id }, type: { equals: 'reaction' } },
      overrideAccess: true,
    })
    expect(notes.docs).toHaveLength(2)
    expect(notes.docs[0]!.message).toMatch(/reacted to your local spot\.$/)
    expect(notes.docs[0]!.link).toBe('/neighbourhood/peckham/local-spots')
  })

  it('leaves hidden spots out and says when a neighbourhood has none', async () => {
    await site.api('PATCH', `/api/local-businesses/${ids[9]}`, {
      body: { hidden: true },
      cookie: editor.cookie,
    })
    const read = await list(`neighbourhood=${peckham}&pages=2`)
    expect(read.body.spots.map((s) => s.id)).not.toContain(ids[9])
    expect(read.body.total).toBe(10)
    const none = await list(`neighbourhood=${empty}`)
    expect(none.status).toBe(200)
    expect(none.body).toMatchObject({ spots: [], total: 0, hasMore: false })
  })

  it('shows an image uploaded for a spot', async () => {
    const upload = await uploadMedia<{ doc: { id: number } }>(
      site,
      { data: await makeImage('png'), name: 'shop.png', type: 'image/png' },
      { purpose: 'business-image', alt: 'Shop' },
      alice.cookie,
    )
    expect(upload.status).toBe(201)
    const { id } = (await spot(alice, { name: 'With photo', image: upload.body.doc.id })).body.doc
    const card = (await list(`neighbourhood=${peckham}`)).body.spots.find((s) => s.id === id)!
    expect(card.imageId).toBe(upload.body.doc.id)
    expect(card.imageUrl).toMatch(/^\/api\/media\/file\/.+\.webp$/)
  })

  it.each([
    ['no neighbourhood', '', 400, 'Please select a neighbourhood'],
    ['a word', 'neighbourhood=peckham', 400, 'Please select a neighbourhood'],
    ['a negative id', 'neighbourhood=-1', 400, 'Please select a neighbourhood'],
    ['zero', 'neighbourhood=0', 400, 'Please select a neighbourhood'],
    ['an exponent', 'neighbourhood=1e3', 400, 'Please select a neighbourhood'],
    ['a huge number', 'neighbourhood=99999999999999999999', 400, 'Please select a neighbourhood'],
    ['an unknown id', 'neighbourhood=999999', 404, 'Could not find neighbourhood.'],
  ])('refuses %s with the message', async (_name, query, status, message) => {
    const refused = await list(query)
    expect(refused.status).toBe(status)
    expect(refused.body.errors[0]!.message).toBe(message)
  })

  it('reads odd paging leniently (page 1), never a 5xx', async () => {
    for (const q of ['page=abc', 'page=-3', 'page=0', 'pages=999', 'pages=x', 'page=1.5']) {
      const read = await list(`neighbourhood=${peckham}&${q}`)
      expect(read.status, q).toBe(200)
    }
    const far = await list(`neighbourhood=${peckham}&page=500`)
    expect(far.body).toMatchObject({ spots: [], hasMore: false })
  })

  it('never answers a 5xx to generated query strings (property-based)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 12 }),
          fc.integer().map(String),
          fc.constant(String(peckham)),
        ),
        fc.oneof(fc.string({ maxLength: 6 }), fc.integer().map(String)),
        fc.oneof(fc.string({ maxLength: 6 }), fc.integer().map(String)),
        async (n, page, pages) => {
          const q = new URLSearchParams({ neighbourhood: n, page, pages }).toString()
          const read = await list(q)
          expect(read.status).toBeLessThan(500)
          if (read.status >= 400) expect(read.body.errors[0]!.message).toBeTruthy()
        },
      ),
      { numRuns: 150 },
    )
  })
})

describe('query counts', () => {
  it('reads a list in at most two queries whatever the page size', async () => {
    const counts: number[] = []
    for (const q of [`${peckham}&pages=1`, `${peckham}&pages=2`, `${peckham}&pages=20`, empty]) {
      const { result: read, count } = await countQueries(site.payload, () =>
        list(`neighbourhood=${q}`),
      )
      expect(read.status).toBe(200)
      counts.push(count)
    }
    expect(Math.min(...counts)).toBeGreaterThan(0)
    expect(Math.max(...counts)).toBeLessThanOrEqual(2)
  })
})

describe('the 7-day edit window, by the server’s clock', () => {
  it('lets the owner edit on day 6 and refuses on day 8 with the spec message, changing nothing', async () => {
    const { id } = (await spot(alice, { name: 'Clockwork Cafe' })).body.doc
    const edit = (name: string, cookie = alice.cookie) =>
      site.api<Errors>('PATCH', `/api/local-businesses/${id}/details`, { body: { name }, cookie })

    moveTestClock(6 * DAY)
    expect((await edit('Clockwork Cafe (day 6)')).status).toBe(200)

    moveTestClock(8 * DAY)
    const late = await edit('Too late')
    expect(late.status).toBe(403)
    expect(late.body.errors[0]!.message).toBe('Editing period has expired.')
    const stored = await site.payload.findByID({ collection: 'local-businesses', id })
    expect(stored.name).toBe('Clockwork Cafe (day 6)')
    // The list tells the page the server's time, so the form can show the window as closed.
    const read = await list(`neighbourhood=${peckham}`)
    expect(Date.parse(read.body.now) - Date.now()).toBeGreaterThan(7 * DAY)

    // Staff may still edit; the owner may still delete.
    expect((await edit('Checked by staff', editor.cookie)).status).toBe(200)
    expect(
      (await site.api('POST', `/api/local-businesses/${id}/delete`, { cookie: alice.cookie }))
        .status,
    ).toBe(200)
  })

  it('does not move outside tests', () => {
    vi.stubEnv('NODE_ENV', 'production')
    try {
      expect(() => moveTestClock(DAY)).toThrow()
    } finally {
      vi.unstubAllEnvs()
    }
  })
})

describe('who may do what to a spot (matrix)', () => {
  const roles = ['visitor', 'other member', 'owner', 'editor'] as const
  const cookieOf = (role: (typeof roles)[number]) =>
    ({
      visitor: undefined,
      'other member': bob.cookie,
      owner: alice.cookie,
      editor: editor.cookie,
    })[role]
  const expected = {
    create: { visitor: 401, 'other member': 201, owner: 201, editor: 201 },
    update: { visitor: 401, 'other member': 403, owner: 200, editor: 200 },
    delete: { visitor: 401, 'other member': 403, owner: 200, editor: 200 },
    'update after 7 days': { visitor: 401, 'other member': 403, owner: 403, editor: 200 },
  } as const

  it.each(roles)('%s', async (role) => {
    const cookie = cookieOf(role)
    const before = (await site.payload.count({ collection: 'local-businesses' })).totalDocs
    const created = await site.api('POST', '/api/local-businesses/new', {
      body: { name: 'Matrix Deli', category: 'store', neighbourhood: peckham },
      cookie,
    })
    expect(created.status).toBe(expected.create[role])
    const after = (await site.payload.count({ collection: 'local-businesses' })).totalDocs
    expect(after - before).toBe(created.status === 201 ? 1 : 0)

    const target = (await spot(alice, { name: `Target for ${role}` })).body.doc.id
    const update = await site.api('PATCH', `/api/local-businesses/${target}/details`, {
      body: { name: `Renamed by ${role}` },
      cookie,
    })
    expect(update.status).toBe(expected.update[role])

    moveTestClock(8 * DAY)
    const late = await site.api('PATCH', `/api/local-businesses/${target}/details`, {
      body: { description: `Late edit by ${role}` },
      cookie,
    })
    expect(late.status).toBe(expected['update after 7 days'][role])
    const stored = await site.payload.findByID({ collection: 'local-businesses', id: target })
    expect(stored.description === `Late edit by ${role}`).toBe(late.status === 200)
    moveTestClock(0)

    const removed = await site.api('POST', `/api/local-businesses/${target}/delete`, { cookie })
    expect(removed.status).toBe(expected.delete[role])
    const left = await site.payload.count({
      collection: 'local-businesses',
      where: { id: { equals: target } },
    })
    expect(left.totalDocs).toBe(removed.status === 200 ? 0 : 1)
  })
})
