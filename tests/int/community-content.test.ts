import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { MESSAGES } from '@/rules/messages'
import { pgPool } from '@/server/database/db'
import { fuzzWrites } from './fuzz'
import {
  makeNeighbourhood,
  NO_LIVE,
  placeFields,
  streetParty,
  testSiteForFile,
  type TestUser,
  USUAL_PEOPLE,
} from './harness'

/** Stories, events and discussions: validation with the spec's words, and who may do what. */

type Doc = Record<string, unknown> & { id: number }
type Created = { doc: Doc; errors?: { message: string }[] }
type Refused = { errors: { message: string }[] }
type List = { docs: Doc[]; totalDocs: number }

let camden: number
let peckham: number

const { site, alice, bob, editor } = testSiteForFile(USUAL_PEOPLE, async () => {
  camden = await makeNeighbourhood(site, placeFields('Camden', 'Camden tagline'), NO_LIVE)
  peckham = await makeNeighbourhood(site, placeFields('Peckham', 'Peckham tagline'), NO_LIVE)
})

const post = (collection: string, body: unknown, user?: TestUser) =>
  site.api<Created>('POST', `/api/${collection}/new`, { body, cookie: user?.cookie })
const patch = (collection: string, id: number, body: unknown, user?: TestUser) =>
  site.api<Created>('PATCH', `/api/${collection}/${id}/details`, { body, cookie: user?.cookie })
const remove = (collection: string, id: number, user?: TestUser) =>
  site.api('POST', `/api/${collection}/${id}/delete`, { cookie: user?.cookie })
/** Staff hide in the admin, through Payload's REST route (members have no way to). */
const hide = (collection: string, id: number) =>
  site.api<Created>('PATCH', `/api/${collection}/${id}`, {
    body: { hidden: true },
    cookie: editor.cookie,
  })
const list = (collection: string, user?: TestUser, query = '') =>
  site.api<List>('GET', `/api/${collection}?limit=100&depth=0${query}`, { cookie: user?.cookie })
const idsSeenBy = async (collection: string, user?: TestUser) =>
  (await list(collection, user)).body.docs.map((d) => d.id)
const message = (body: unknown) => (body as Refused).errors?.[0]?.message
const count = async (collection: 'stories' | 'events' | 'discussions') =>
  (await site.payload.count({ collection })).totalDocs
const sqlExec = (text: string) => pgPool(site.payload).query(text)

describe('stories', () => {
  const story = () => ({
    title: 'Market day',
    description: 'Stalls everywhere',
    neighbourhood: camden,
  })

  it('refuses visitors and writes nothing', async () => {
    const before = await count('stories')
    const res = await post('stories', story())
    expect(res.status).toBe(401)
    expect(await count('stories')).toBe(before)
  })

  it('asks for a neighbourhood: missing or unknown', async () => {
    const before = await count('stories')
    const missing = await post('stories', { ...story(), neighbourhood: undefined }, alice)
    expect(missing.status).toBe(400)
    expect(message(missing.body)).toBe(MESSAGES.selectNeighbourhood)
    const unknown = await post('stories', { ...story(), neighbourhood: 999_999 }, alice)
    expect(unknown.status).toBe(400)
    expect(message(unknown.body)).toBe(MESSAGES.selectNeighbourhood)
    expect(await count('stories')).toBe(before)
  })

  it('requires a title and a description', async () => {
    const noTitle = await post('stories', { ...story(), title: '   ' }, alice)
    expect(noTitle.status).toBe(400)
    expect(message(noTitle.body)).toBe('Title is required.')
    const noText = await post('stories', { ...story(), description: '' }, alice)
    expect(noText.status).toBe(400)
    expect(message(noText.body)).toBe('Description is required.')
  })

  it('stores trimmed tags from comma-separated text or a list, public by default', async () => {
    const fromText = await post('stories', { ...story(), tags: ' food, ,hidden gem ,' }, alice)
    expect(fromText.status).toBe(201)
    expect(fromText.body.doc.tags).toEqual(['food', 'hidden gem'])
    expect(fromText.body.doc.isPublic).toBe(true)
    const fromList = await post('stories', { ...story(), tags: [' parks', '', 'brunch '] }, alice)
    expect(fromList.body.doc.tags).toEqual(['parks', 'brunch'])
  })

  it('takes the author from the session; counters and hidden are not the client’s', async () => {
    const res = await post(
      'stories',
      { ...story(), author: bob.id, reactionCount: 50, commentCount: 9, hidden: true },
      alice,
    )
    expect(res.status).toBe(201)
    const stored = await site.payload.findByID({ collection: 'stories', id: res.body.doc.id })
    expect((stored.author as { id: number }).id).toBe(alice.id)
    expect(stored.reactionCount).toBe(0)
    expect(stored.commentCount).toBe(0)
    expect(stored.hidden).toBe(false)
  })

  it('shows a private story to its author and staff only', async () => {
    const res = await post('stories', { ...story(), isPublic: false, title: 'Just mine' }, alice)
    const id = res.body.doc.id
    expect(await idsSeenBy('stories')).not.toContain(id)
    expect(await idsSeenBy('stories', bob)).not.toContain(id)
    expect((await site.api('GET', `/api/stories/${id}`)).status).toBe(404)
    expect((await site.api('GET', `/api/stories/${id}`, { cookie: bob.cookie })).status).toBe(404)
    expect(await idsSeenBy('stories', alice)).toContain(id)
    expect(await idsSeenBy('stories', editor)).toContain(id)
  })

  it('lets staff hide a story: it vanishes from public reads', async () => {
    const id = (await post('stories', story(), alice)).body.doc.id
    expect(await idsSeenBy('stories')).toContain(id)
    const byMember = await patch('stories', id, { hidden: true }, alice)
    expect(byMember.status).toBe(200)
    expect(await idsSeenBy('stories')).toContain(id)
    const byStaff = await hide('stories', id)
    expect(byStaff.status).toBe(200)
    expect(await idsSeenBy('stories')).not.toContain(id)
    expect(await idsSeenBy('stories', bob)).not.toContain(id)
    expect(await idsSeenBy('stories', editor)).toContain(id)
    // Hidden means hidden from everyone but staff, the author included.
    expect(await idsSeenBy('stories', alice)).not.toContain(id)
    expect((await site.api('GET', `/api/stories/${id}`, { cookie: alice.cookie })).status).toBe(404)
  })

  it('lets the author and staff edit, nobody else; the neighbourhood stays', async () => {
    const id = (await post('stories', story(), alice)).body.doc.id
    const byBob = await patch('stories', id, { title: 'Bob was here' }, bob)
    expect(byBob.status).toBe(403)
    const byVisitor = await patch('stories', id, { title: 'Visitor' })
    expect(byVisitor.status).toBe(401)
    const byAlice = await patch('stories', id, { title: 'Market day, updated' }, alice)
    expect(byAlice.status).toBe(200)
    const blank = await patch('stories', id, { title: ' ' }, alice)
    expect(blank.status).toBe(400)
    expect(message(blank.body)).toBe('Title is required.')
    const moved = await patch('stories', id, { neighbourhood: peckham, author: bob.id }, alice)
    expect(moved.status).toBe(200)
    const byStaff = await patch('stories', id, { description: 'Tidied by staff' }, editor)
    expect(byStaff.status).toBe(200)
    const stored = await site.payload.findByID({ collection: 'stories', id, depth: 0 })
    expect(stored.title).toBe('Market day, updated')
    expect(stored.description).toBe('Tidied by staff')
    expect(stored.neighbourhood).toBe(camden)
    expect(stored.author).toBe(alice.id)
  })

  it('keeps counters as the SQL recount left them when a story is edited', async () => {
    const id = (await post('stories', story(), alice)).body.doc.id
    await sqlExec(`UPDATE stories SET reaction_count = 7, comment_count = 3 WHERE id = ${id}`)
    await patch('stories', id, { title: 'Edited', reactionCount: 0 }, alice)
    // Even a server-side edit that carries counts read earlier does not write them back.
    await site.payload.update({ collection: 'stories', id, data: { reactionCount: 99 } })
    const stored = await site.payload.findByID({ collection: 'stories', id })
    expect(stored.reactionCount).toBe(7)
    expect(stored.commentCount).toBe(3)
  })

  it('lets the author and staff delete, nobody else', async () => {
    const mine = (await post('stories', story(), alice)).body.doc.id
    const other = (await post('stories', story(), alice)).body.doc.id
    expect((await remove('stories', mine, bob)).status).toBe(403)
    expect((await remove('stories', mine)).status).toBe(401)
    expect((await remove('stories', mine, alice)).status).toBe(200)
    expect((await remove('stories', other, editor)).status).toBe(200)
    const left = await site.payload.find({
      collection: 'stories',
      where: { id: { in: [mine, other] } },
    })
    expect(left.totalDocs).toBe(0)
  })

  it('never answers a careless body with a 5xx, and writes nothing when refusing', async () => {
    const result = await fuzzWrites({
      site,
      method: 'POST',
      path: '/api/stories/new',
      cookie: bob.cookie,
      watch: ['stories'],
      runs: 60,
      body: fc.record({
        title: fc.option(fc.string(), { nil: undefined }),
        description: fc.option(fc.string(), { nil: undefined }),
        neighbourhood: fc.option(fc.constantFrom(camden, String(camden), 0, -1, 'x', 999_999), {
          nil: undefined,
        }),
        isPublic: fc.option(fc.oneof(fc.boolean(), fc.string()), { nil: undefined }),
        tags: fc.option(fc.oneof(fc.string(), fc.array(fc.string())), { nil: undefined }),
        image: fc.option(fc.oneof(fc.integer(), fc.string()), { nil: undefined }),
      }),
    })
    expect(result.refused).toBeGreaterThan(0)
  })
})

describe('events', () => {
  const event = () => streetParty(camden)

  it('answers visitors 401 with the spec’s words and writes nothing', async () => {
    const before = await count('events')
    const res = await post('events', event())
    expect(res.status).toBe(401)
    expect(message(res.body)).toBe(MESSAGES.mustBeLoggedInToPost)
    expect(await count('events')).toBe(before)
  })

  it.each([
    ['title', 'Title is required.'],
    ['description', 'Description is required.'],
    ['eventDate', 'Date and time are required.'],
    ['location', 'Location is required.'],
  ])('requires %s', async (field, expected) => {
    const before = await count('events')
    const res = await post('events', { ...event(), [field]: undefined }, alice)
    expect(res.status).toBe(400)
    expect(message(res.body)).toBe(expected)
    expect(await count('events')).toBe(before)
  })

  it('refuses an unknown neighbourhood and accepts none', async () => {
    const unknown = await post('events', { ...event(), neighbourhood: 999_999 }, alice)
    expect(unknown.status).toBe(400)
    expect(message(unknown.body)).toBe(MESSAGES.neighbourhoodNotFound)
    const none = await post('events', { ...event(), neighbourhood: null }, alice)
    expect(none.status).toBe(201)
    expect(none.body.doc.neighbourhood).toBeFalsy()
    expect(none.body.doc.isPublic).toBe(true)
  })

  it('starts counters at 0 whatever the body says', async () => {
    const res = await post('events', { ...event(), attendingCount: 40, interestedCount: 2 }, alice)
    expect(res.body.doc.attendingCount).toBe(0)
    expect(res.body.doc.interestedCount).toBe(0)
  })

  it('lists public, visible events soonest first; private ones only for author and staff', async () => {
    const later = (await post('events', { ...event(), eventDate: '2032-01-01T10:00:00Z' }, bob))
      .body.doc.id
    const sooner = (await post('events', { ...event(), eventDate: '2030-01-01T10:00:00Z' }, bob))
      .body.doc.id
    const secret = (await post('events', { ...event(), isPublic: false }, bob)).body.doc.id
    const hidden = (await post('events', event(), bob)).body.doc.id
    await hide('events', hidden)

    const asVisitor = await idsSeenBy('events')
    expect(asVisitor.indexOf(sooner)).toBeLessThan(asVisitor.indexOf(later))
    expect(asVisitor).not.toContain(secret)
    expect(asVisitor).not.toContain(hidden)
    expect(await idsSeenBy('events', alice)).not.toContain(secret)
    expect(await idsSeenBy('events', bob)).toContain(secret)
    expect(await idsSeenBy('events', editor)).toEqual(expect.arrayContaining([secret, hidden]))
  })

  it('finds events by title or tag, whatever the case (the events search)', async () => {
    const party = (await post('events', { ...event(), title: 'Jazz Night', tags: 'Music' }, bob))
      .body.doc.id
    const tagged = (await post('events', { ...event(), title: 'Picnic', tags: 'jazz, food' }, bob))
      .body.doc.id
    const found = await list(
      'events',
      undefined,
      '&where[or][0][title][like]=JAZZ&where[or][1][tags][like]=JAZZ',
    )
    expect(found.body.docs.map((d) => d.id).sort()).toEqual([party, tagged].sort())
  })

  it('lets the author edit everything but neighbourhood and author; staff too', async () => {
    const id = (await post('events', event(), alice)).body.doc.id
    expect((await patch('events', id, { title: 'Hijacked' }, bob)).status).toBe(403)
    const edit = await patch(
      'events',
      id,
      {
        title: 'Street party (moved)',
        location: 'Oak Lane',
        eventDate: '2031-07-02T19:30:00.000Z',
        tags: 'music, food',
        isPublic: false,
        neighbourhood: peckham,
        author: bob.id,
      },
      alice,
    )
    expect(edit.status).toBe(200)
    const blank = await patch('events', id, { location: '' }, alice)
    expect(blank.status).toBe(400)
    expect(message(blank.body)).toBe('Location is required.')
    expect((await patch('events', id, { isPublic: true }, editor)).status).toBe(200)
    const stored = await site.payload.findByID({ collection: 'events', id, depth: 0 })
    expect(stored).toMatchObject({
      title: 'Street party (moved)',
      location: 'Oak Lane',
      eventDate: '2031-07-02T19:30:00.000Z',
      tags: ['music', 'food'],
      isPublic: true,
      neighbourhood: camden,
      author: alice.id,
    })
  })

  it('lets the author and staff delete, nobody else', async () => {
    const id = (await post('events', event(), alice)).body.doc.id
    expect((await remove('events', id, bob)).status).toBe(403)
    expect((await remove('events', id, alice)).status).toBe(200)
    const other = (await post('events', event(), alice)).body.doc.id
    expect((await remove('events', other, editor)).status).toBe(200)
    expect(
      (await site.payload.count({ collection: 'events', where: { id: { in: [id, other] } } }))
        .totalDocs,
    ).toBe(0)
  })

  it('never answers a careless body with a 5xx', async () => {
    await fuzzWrites({
      site,
      method: 'POST',
      path: '/api/events/new',
      cookie: bob.cookie,
      watch: ['events'],
      runs: 60,
      body: fc.record({
        title: fc.option(fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 4 })), {
          nil: undefined,
        }),
        description: fc.option(fc.string(), { nil: undefined }),
        eventDate: fc.option(
          fc.oneof(
            fc.string(),
            fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
            fc.integer(),
          ),
          { nil: undefined },
        ),
        location: fc.option(fc.string(), { nil: undefined }),
        neighbourhood: fc.option(fc.constantFrom(camden, null, 'x', 999_999), { nil: undefined }),
        tags: fc.option(fc.oneof(fc.string(), fc.array(fc.string())), { nil: undefined }),
      }),
    })
  })
})

describe('discussions', () => {
  const discussion = () => ({ title: 'Best pub?', content: 'Go on, tell me.' })

  it('refuses visitors; requires title and content on create and on edit', async () => {
    expect((await post('discussions', discussion())).status).toBe(401)
    const noTitle = await post('discussions', { ...discussion(), title: '' }, alice)
    expect(noTitle.status).toBe(400)
    expect(message(noTitle.body)).toBe('Title is required.')
    const noContent = await post('discussions', { ...discussion(), content: ' \n ' }, alice)
    expect(message(noContent.body)).toBe('Content is required.')
    const id = (await post('discussions', discussion(), alice)).body.doc.id
    const blank = await patch('discussions', id, { content: '' }, alice)
    expect(blank.status).toBe(400)
    expect(message(blank.body)).toBe('Content is required.')
  })

  it('accepts an optional neighbourhood that exists', async () => {
    const ok = await post('discussions', { ...discussion(), neighbourhood: peckham }, alice)
    expect(ok.status).toBe(201)
    const unknown = await post('discussions', { ...discussion(), neighbourhood: 999_999 }, alice)
    expect(unknown.status).toBe(400)
    expect(message(unknown.body)).toBe(MESSAGES.neighbourhoodNotFound)
  })

  it('lets the author edit title and content and delete; staff too; others not', async () => {
    const id = (await post('discussions', discussion(), alice)).body.doc.id
    expect((await patch('discussions', id, { title: 'Mine now' }, bob)).status).toBe(403)
    expect((await remove('discussions', id, bob)).status).toBe(403)
    const edit = await patch('discussions', id, { title: 'Best pub in Camden?' }, alice)
    expect(edit.status).toBe(200)
    expect(edit.body.doc.title).toBe('Best pub in Camden?')
    expect((await patch('discussions', id, { content: 'Moderated.' }, editor)).status).toBe(200)
    expect((await remove('discussions', id, alice)).status).toBe(200)
    const other = (await post('discussions', discussion(), bob)).body.doc.id
    expect((await remove('discussions', other, editor)).status).toBe(200)
  })

  it('hides discussions staff hid from everyone but staff, the author included', async () => {
    const id = (await post('discussions', discussion(), bob)).body.doc.id
    await hide('discussions', id)
    expect(await idsSeenBy('discussions')).not.toContain(id)
    expect(await idsSeenBy('discussions', alice)).not.toContain(id)
    expect(await idsSeenBy('discussions', bob)).not.toContain(id)
    expect(await idsSeenBy('discussions', editor)).toContain(id)
  })

  it('lists the most reacted first, then the newest', async () => {
    const make = async (title: string) =>
      (await post('discussions', { ...discussion(), title }, alice)).body.doc.id
    const quiet = await make('quiet')
    const popular = await make('popular')
    const newerQuiet = await make('newer quiet')
    await sqlExec(`UPDATE discussions SET reaction_count = 0`)
    await sqlExec(`UPDATE discussions SET reaction_count = 5 WHERE id = ${popular}`)
    const order = await idsSeenBy('discussions')
    expect(order[0]).toBe(popular)
    expect(order.indexOf(newerQuiet)).toBeLessThan(order.indexOf(quiet))
  })
})

describe('dates', () => {
  const backdated = '2020-01-01T00:00:00.000Z'
  const bodies = {
    stories: () => ({ title: 'Old news', description: 'Long ago', neighbourhood: camden }),
    events: () => streetParty(camden),
    discussions: () => ({ title: 'Then', content: 'Back then', neighbourhood: camden }),
  }

  it.each(Object.keys(bodies) as (keyof typeof bodies)[])(
    'a member cannot backdate %s: the server keeps the time it was written',
    async (collection) => {
      const created = await post(
        collection,
        { ...bodies[collection](), createdAt: backdated },
        alice,
      )
      expect(created.status).toBe(201)
      const written = Date.parse(String(created.body.doc.createdAt))
      expect(Date.now() - written).toBeLessThan(10 * 60_000)
      const moved = await patch(collection, created.body.doc.id, { createdAt: backdated }, alice)
      expect(moved.status).toBe(200)
      expect(Date.parse(String(moved.body.doc.createdAt))).toBe(written)
    },
  )

  it('a comment cannot be backdated either', async () => {
    const on = (await post('discussions', bodies.discussions(), bob)).body.doc.id
    const created = await site.api<{ comment: { createdAt: string } }>(
      'POST',
      '/api/comments/new',
      {
        body: {
          targetKind: 'discussion',
          targetId: on,
          content: 'Late reply',
          createdAt: backdated,
        },
        cookie: alice.cookie,
      },
    )
    expect(created.status).toBe(201)
    expect(Date.now() - Date.parse(created.body.comment.createdAt)).toBeLessThan(10 * 60_000)
  })
})
