import { describe, expect, it } from 'vitest'

import { quietPlace, streetParty, testSiteForFile, USUAL_PEOPLE } from './harness'

const { site, alice, bob, editor } = testSiteForFile(USUAL_PEOPLE)

const camden = { name: 'Camden Town', slug: 'camden-town', tagline: 'Markets', vibes: ['Creative'] }

describe('REST through the one-origin API', () => {
  it('sets an HttpOnly, SameSite=Lax session cookie on login that later calls accept', async () => {
    const login = await site.api('POST', '/api/users/login', {
      body: { email: alice.email, password: alice.password },
    })
    expect(login.status).toBe(200)
    const me = await site.api<{ user: { userName: string } }>('GET', '/api/users/me', {
      cookie: login.cookie,
    })
    expect(me.body.user.userName).toBe('alice')
  })

  it('refuses a wrong password without a cookie', async () => {
    const login = await site.api('POST', '/api/users/login', {
      body: { email: alice.email, password: 'wrong password' },
    })
    expect(login.status).toBe(401)
    expect(login.cookie).toBeUndefined()
  })

  it('lets visitors read neighbourhoods but not create them', async () => {
    const created = await site.api('POST', '/api/neighbourhoods/new', { body: camden })
    expect(created.status).toBe(401)
    expect((await site.api('POST', '/api/neighbourhoods', { body: camden })).status).toBe(403)
    const list = await site.api<{ totalDocs: number }>('GET', '/api/neighbourhoods')
    expect(list.status).toBe(200)
    expect(list.body.totalDocs).toBe(0)
  })

  it('records the session user as creator, whatever the body says', async () => {
    const created = await site.api<{ doc: { createdBy: number } }>(
      'POST',
      '/api/neighbourhoods/new',
      { body: { ...camden, createdBy: bob.id }, cookie: alice.cookie },
    )
    expect(created.status).toBe(201)
    expect(created.body.doc.createdBy).toBe(alice.id)
  })

  it('shows only the public profile of a populated creator', async () => {
    const read = await site.api<{ docs: { createdBy: Record<string, unknown> }[] }>(
      'GET',
      '/api/neighbourhoods?depth=2',
    )
    const creator = read.body.docs[0]!.createdBy
    expect(creator.userName).toBe('alice')
    expect(creator).not.toHaveProperty('email')
    expect(creator).not.toHaveProperty('sessions')
  })

  it('lets only the creator or staff edit a neighbourhood', async () => {
    const { docs } = await site.payload.find({
      collection: 'neighbourhoods',
      where: { slug: { equals: 'camden-town' } },
    })
    const id = docs[0]!.id
    const byBob = await site.api('PATCH', `/api/neighbourhoods/${id}/details`, {
      body: { ...camden, tagline: 'Bob was here' },
      cookie: bob.cookie,
    })
    expect(byBob.status).toBe(403)
    const byAlice = await site.api<{ doc: { tagline: string } }>(
      'PATCH',
      `/api/neighbourhoods/${id}/details`,
      { body: { ...camden, tagline: 'Markets, music and the lock' }, cookie: alice.cookie },
    )
    expect(byAlice.status).toBe(200)
    expect(byAlice.body.doc.tagline).toBe('Markets, music and the lock')
    const byEditor = await site.api('PATCH', `/api/neighbourhoods/${id}`, {
      body: { tagline: 'Edited by staff' },
      cookie: editor.cookie,
    })
    expect(byEditor.status).toBe(200)
    const reread = await site.payload.findByID({ collection: 'neighbourhoods', id })
    expect(reread.tagline).toBe('Edited by staff')
  })

  it('gives a second neighbourhood with a taken slug a numbered one and keeps the first', async () => {
    const again = await site.api<{ doc: { slug: string } }>('POST', '/api/neighbourhoods/new', {
      body: { ...camden, name: 'Camden Again' },
      cookie: bob.cookie,
    })
    expect(again.status).toBe(201)
    expect(again.body.doc.slug).toBe('camden-town-2')
    const { totalDocs } = await site.payload.count({
      collection: 'neighbourhoods',
      where: { slug: { equals: 'camden-town' } },
    })
    expect(totalDocs).toBe(1)
  })

  it('never shows an e-mail address to visitors or other members', async () => {
    const asVisitor = await site.api<{ docs: { email?: string }[] }>('GET', '/api/users')
    expect(asVisitor.body.docs.length).toBeGreaterThan(0)
    expect(asVisitor.body.docs.every((u) => u.email === undefined)).toBe(true)
    const asBob = await site.api<{ email?: string }>('GET', `/api/users/${alice.id}`, {
      cookie: bob.cookie,
    })
    expect(asBob.body.email).toBeUndefined()
    const asAlice = await site.api<{ email?: string }>('GET', `/api/users/${alice.id}`, {
      cookie: alice.cookie,
    })
    expect(asAlice.body.email).toBe(alice.email)
  })

  it('does not let a member make themselves admin', async () => {
    await site.api('PATCH', `/api/users/${bob.id}`, { body: { role: 'admin' }, cookie: bob.cookie })
    const reread = await site.payload.findByID({ collection: 'users', id: bob.id })
    expect(reread.role).toBe('member')
  })
})

describe('realtime channel authorisation (the app signs, the realtime server checks)', () => {
  const socketId = '1234.5678'

  it('signs a private channel only for its own signed-in user', async () => {
    const own = await site.api<{ auth: string }>('POST', '/api/realtime/auth', {
      form: { socket_id: socketId, channel_name: `private-user-${alice.id}` },
      cookie: alice.cookie,
    })
    expect(own.status).toBe(200)
    expect(own.body.auth).toMatch(/^belong-key:[0-9a-f]{64}$/)

    const other = await site.api('POST', '/api/realtime/auth', {
      form: { socket_id: socketId, channel_name: `private-user-${alice.id}` },
      cookie: bob.cookie,
    })
    expect(other.status).toBe(403)

    const visitor = await site.api('POST', '/api/realtime/auth', {
      form: { socket_id: socketId, channel_name: `private-user-${alice.id}` },
    })
    expect(visitor.status).toBe(401)
  })

  it('answers 400 to a malformed socket id', async () => {
    const bad = await site.api('POST', '/api/realtime/auth', {
      form: { socket_id: 'x', channel_name: `private-user-${alice.id}` },
      cookie: alice.cookie,
    })
    expect(bad.status).toBe(400)
  })
})

describe("a member's write goes through its command alone", () => {
  let place = 0
  const reviewsOf = (neighbourhood: number) =>
    site.payload.count({
      collection: 'reviews',
      where: { neighbourhood: { equals: neighbourhood } },
    })

  it("refuses a member's POST /api/reviews, changes nothing, and takes the same review through reviews.post", async () => {
    place = await quietPlace(site, 'Kentish Town', 'Pubs')
    const review = { neighbourhood: place, rating: 4, comment: 'Good pubs.' }
    const rest = await site.api('POST', '/api/reviews', { body: review, cookie: alice.cookie })
    expect(rest.status).toBe(403)
    expect((await reviewsOf(place)).totalDocs).toBe(0)
    const command = await site.api('POST', '/api/reviews/new', {
      body: review,
      cookie: alice.cookie,
    })
    expect(command.status).toBe(201)
    expect((await reviewsOf(place)).totalDocs).toBe(1)
  })

  it("refuses an author's PATCH and DELETE of their event through REST; the commands do both; staff keep REST", async () => {
    const posted = await site.api<{ doc: { id: number } }>('POST', '/api/events/new', {
      body: streetParty(place),
      cookie: alice.cookie,
    })
    expect(posted.status).toBe(201)
    const id = posted.body.doc.id
    const title = async () => (await site.payload.findByID({ collection: 'events', id })).title
    const asAlice = { cookie: alice.cookie }

    const patch = await site.api('PATCH', `/api/events/${id}`, {
      ...asAlice,
      body: { title: 'Moved' },
    })
    expect(patch.status).toBe(403)
    expect(await title()).toBe('Street party')
    expect((await site.api('DELETE', `/api/events/${id}`, asAlice)).status).toBe(403)
    expect(await title()).toBe('Street party')

    const byStaff = await site.api('PATCH', `/api/events/${id}`, {
      body: { title: 'Street party (staff)' },
      cookie: editor.cookie,
    })
    expect(byStaff.status).toBe(200)
    expect(await title()).toBe('Street party (staff)')

    const edited = await site.api('PATCH', `/api/events/${id}/details`, {
      ...asAlice,
      body: { title: 'Moved' },
    })
    expect(edited.status).toBe(200)
    expect(await title()).toBe('Moved')
    expect(
      (await site.api('POST', `/api/events/${id}/delete`, { ...asAlice, body: {} })).status,
    ).toBe(200)
    expect(
      (await site.payload.count({ collection: 'events', where: { id: { equals: id } } })).totalDocs,
    ).toBe(0)
  })

  it('answers a write naming a missing image with a 400 naming it, through REST and the command alike', async () => {
    const posted = await site.api<{ doc: { id: number } }>('POST', '/api/events/new', {
      body: streetParty(place),
      cookie: alice.cookie,
    })
    const id = posted.body.doc.id
    const missing = { message: 'No such image: it may have been deleted.' }
    const byStaff = await site.api<{ errors: { message: string }[] }>(
      'PATCH',
      `/api/events/${id}`,
      {
        body: { title: 'With a lost photo', image: 987654 },
        cookie: editor.cookie,
      },
    )
    expect(byStaff.status).toBe(400)
    expect(byStaff.body.errors[0]).toMatchObject(missing)
    const byAuthor = await site.api<{ errors: { message: string }[] }>(
      'PATCH',
      `/api/events/${id}/details`,
      { body: { title: 'With a lost photo', image: 987654 }, cookie: alice.cookie },
    )
    expect(byAuthor.status).toBe(400)
    expect(byAuthor.body.errors[0]).toMatchObject(missing)
    expect((await site.payload.findByID({ collection: 'events', id })).title).toBe('Street party')
  })
})
