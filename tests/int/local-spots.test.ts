import { describe, expect, it } from 'vitest'

import { connectClient, nextEvent, subscribe } from '@tests/realtime/helpers'
import { liveTestSiteForFile, makeNeighbourhood, makeUser, placeFields } from './harness'

type User = Awaited<ReturnType<typeof makeUser>>
type Spot = {
  id: number
  name: string
  category: string
  emojis: string[]
  author: { id: number } | number
  reactionCount: number
  createdAt: string
  googleMapsUrl?: string | null
}
type Errors = { errors: { message: string }[] }

let editor: User
let neighbourhood: number

const { site, realtime, alice, bob } = liveTestSiteForFile(async () => {
  editor = await makeUser(site, 'eddie', 'editor')
  neighbourhood = await makeNeighbourhood(site, placeFields('Peckham', 'Rooftops', ['Creative']))
})

const spotBody = (extra: Record<string, unknown> = {}) => ({
  name: 'Rye Lane Roasters',
  category: 'cafe',
  description: 'Flat whites and a sunny back garden.',
  address: '12 Rye Lane, London SE15',
  googleMapsUrl: 'https://www.google.com/maps/place/Rye+Lane/@51.4699,-0.0686,17z',
  emojis: ['coffee', 'cake'],
  neighbourhood,
  ...extra,
})

const createSpot = (user: User | null, extra: Record<string, unknown> = {}) =>
  site.api<{ doc: Spot } & Errors>('POST', '/api/local-businesses/new', {
    body: spotBody(extra),
    cookie: user?.cookie,
  })

const countSpots = async () =>
  (await site.payload.count({ collection: 'local-businesses' })).totalDocs
const idOf = (value: { id: number } | number) => (typeof value === 'object' ? value.id : value)

/** Moves a spot's creation back in time, as if it had been suggested `days` ago. */
const age = (id: number, days: number) =>
  site.payload.update({
    collection: 'local-businesses',
    id,
    data: { createdAt: new Date(Date.now() - days * 86_400_000).toISOString() },
    overrideAccess: true,
  })

describe('suggesting a local spot', () => {
  it('asks visitors to log in and writes nothing', async () => {
    const before = await countSpots()
    const refused = await createSpot(null)
    expect(refused.status).toBe(401)
    expect(refused.body.errors[0]!.message).toBe('Please log in to suggest a local spot.')
    expect(await countSpots()).toBe(before)
  })

  it('records the session user as author and ignores counters and dates in the body', async () => {
    const created = await createSpot(alice, {
      author: bob.id,
      reactionCount: 99,
      createdAt: '2020-01-01T00:00:00.000Z',
      category: '  Cafe ',
    })
    expect(created.status).toBe(201)
    const spot = created.body.doc
    expect(idOf(spot.author)).toBe(alice.id)
    expect(spot.reactionCount).toBe(0)
    expect(spot.category).toBe('cafe')
    expect(spot.emojis).toEqual(['coffee', 'cake'])
    expect(Date.now() - Date.parse(spot.createdAt)).toBeLessThan(60_000)
  })

  it('stores a free-text category written under Other', async () => {
    const created = await createSpot(bob, { name: 'Peckham Vinyl', category: ' Record shop ' })
    expect(created.status).toBe(201)
    expect(created.body.doc.category).toBe('Record shop')
  })

  it.each([
    ['a blank category', { category: '   ' }, 'Please select a category.'],
    ['Other without text', { category: 'other' }, 'Please select a category.'],
    ['no category', { category: undefined }, 'Please select a category.'],
    ['a blank name', { name: ' ' }, 'Please enter the business name.'],
    [
      'a maps link that is not a URL',
      { googleMapsUrl: 'near the station' },
      'The maps link must be a valid URL.',
    ],
    [
      'a javascript: link',
      { googleMapsUrl: 'javascript:alert(1)' },
      'The maps link must be a valid URL.',
    ],
    ['an unknown emoji', { emojis: ['pizza'] }, 'Unknown vibe emoji.'],
    ['no neighbourhood', { neighbourhood: undefined }, 'Please select a neighbourhood'],
    ['an unknown neighbourhood', { neighbourhood: 999_999 }, 'Could not find neighbourhood.'],
  ])('refuses %s with a 400 and writes nothing', async (_, extra, message) => {
    const before = await countSpots()
    const refused = await createSpot(alice, extra)
    expect(refused.status).toBe(400)
    expect(refused.body.errors[0]!.message).toBe(message)
    expect(await countSpots()).toBe(before)
  })

  it('lets a spot have no maps link or image', async () => {
    const created = await createSpot(alice, { googleMapsUrl: '', name: 'No link' })
    expect(created.status).toBe(201)
  })
})

describe('editing and deleting (SPEC §6 local-spot owner)', () => {
  it('lets the owner edit within 7 days, but no one else', async () => {
    const { id } = (await createSpot(alice)).body.doc
    const ownEdit = await site.api<{ doc: Spot }>('PATCH', `/api/local-businesses/${id}/details`, {
      body: { name: 'Rye Lane Roasters & Bakery' },
      cookie: alice.cookie,
    })
    expect(ownEdit.status).toBe(200)
    expect(ownEdit.body.doc.name).toBe('Rye Lane Roasters & Bakery')

    const byBob = await site.api('PATCH', `/api/local-businesses/${id}/details`, {
      body: { name: 'Bob’s now' },
      cookie: bob.cookie,
    })
    expect(byBob.status).toBe(403)
    const byVisitor = await site.api('PATCH', `/api/local-businesses/${id}/details`, {
      body: { name: 'Visitor’s now' },
    })
    // The command asks a signed-out caller to log in first.
    expect(byVisitor.status).toBe(401)
    const deleteByBob = await site.api('POST', `/api/local-businesses/${id}/delete`, {
      cookie: bob.cookie,
    })
    expect(deleteByBob.status).toBe(403)
    const reread = await site.payload.findByID({ collection: 'local-businesses', id })
    expect(reread.name).toBe('Rye Lane Roasters & Bakery')
  })

  it('refuses a bad maps link on edit too', async () => {
    const { id } = (await createSpot(alice)).body.doc
    const refused = await site.api<Errors>('PATCH', `/api/local-businesses/${id}/details`, {
      body: { googleMapsUrl: 'maps' },
      cookie: alice.cookie,
    })
    expect(refused.status).toBe(400)
    expect(refused.body.errors[0]!.message).toBe('The maps link must be a valid URL.')
  })

  it('does not let the owner move the creation date to stretch the window', async () => {
    const { id, createdAt } = (await createSpot(alice)).body.doc
    const edit = await site.api<{ doc: Spot }>('PATCH', `/api/local-businesses/${id}/details`, {
      body: { createdAt: '2099-01-01T00:00:00.000Z', reactionCount: 50 },
      cookie: alice.cookie,
    })
    expect(edit.status).toBe(200)
    const reread = await site.payload.findByID({ collection: 'local-businesses', id })
    expect(reread.createdAt).toBe(createdAt)
    expect(reread.reactionCount).toBe(0)
  })

  it('refuses the owner’s edit after 7 days with the spec message; staff and delete still work', async () => {
    const { id } = (await createSpot(alice, { name: 'Old Spot' })).body.doc
    await age(id, 8)

    const late = await site.api<Errors>('PATCH', `/api/local-businesses/${id}/details`, {
      body: { name: 'Too late' },
      cookie: alice.cookie,
    })
    expect(late.status).toBe(403)
    expect(late.body.errors[0]!.message).toBe('Editing period has expired.')
    expect((await site.payload.findByID({ collection: 'local-businesses', id })).name).toBe(
      'Old Spot',
    )

    const byStaff = await site.api('PATCH', `/api/local-businesses/${id}/details`, {
      body: { description: 'Checked by the team.' },
      cookie: editor.cookie,
    })
    expect(byStaff.status).toBe(200)

    const deleted = await site.api('POST', `/api/local-businesses/${id}/delete`, {
      cookie: alice.cookie,
    })
    expect(deleted.status).toBe(200)
    const gone = await site.payload.count({
      collection: 'local-businesses',
      where: { id: { equals: id } },
    })
    expect(gone.totalDocs).toBe(0)
  })

  it('still lets the owner edit on day 6', async () => {
    const { id } = (await createSpot(alice)).body.doc
    await age(id, 6)
    const edit = await site.api('PATCH', `/api/local-businesses/${id}/details`, {
      body: { address: '14 Rye Lane' },
      cookie: alice.cookie,
    })
    expect(edit.status).toBe(200)
  })

  it('lets staff delete anyone’s spot', async () => {
    const { id } = (await createSpot(bob)).body.doc
    const deleted = await site.api('POST', `/api/local-businesses/${id}/delete`, {
      cookie: editor.cookie,
    })
    expect(deleted.status).toBe(200)
  })
})

describe('hidden spots', () => {
  it('vanish from public reads once staff hide them; members cannot hide', async () => {
    const { id } = (await createSpot(bob, { name: 'Hidden Gem', hidden: true })).body.doc
    const asVisitor = () =>
      site.api<{ docs: Spot[] }>('GET', `/api/local-businesses?where[id][equals]=${id}`)
    expect((await asVisitor()).body.docs).toHaveLength(1)

    const hide = await site.api('PATCH', `/api/local-businesses/${id}`, {
      body: { hidden: true },
      cookie: editor.cookie,
    })
    expect(hide.status).toBe(200)
    expect((await asVisitor()).body.docs).toHaveLength(0)
    expect((await site.api('GET', `/api/local-businesses/${id}`)).status).toBe(404)
    const byAlice = await site.api<{ docs: Spot[] }>(
      'GET',
      `/api/local-businesses?where[id][equals]=${id}`,
      { cookie: alice.cookie },
    )
    expect(byAlice.body.docs).toHaveLength(0)
    const byAuthor = await site.api<{ docs: Spot[] }>(
      'GET',
      `/api/local-businesses?where[id][equals]=${id}`,
      { cookie: bob.cookie },
    )
    // Hidden means hidden from everyone but staff, the author included (as for every kind).
    expect(byAuthor.body.docs).toHaveLength(0)
  })
})

describe('business badges (SPEC §4: only unexpired ones show)', () => {
  it('shows visitors badges without expiry or with a future one; staff see all', async () => {
    const { id } = (await createSpot(alice, { name: 'Badged Cafe' })).body.doc
    const badge = (label: string, expiresAt?: string) =>
      site.api('POST', '/api/business-badges', {
        body: { business: id, label, colour: '#0f766e', expiresAt },
        cookie: editor.cookie,
      })
    const day = 86_400_000
    expect((await badge('Neighbours’ pick')).status).toBe(201)
    expect(
      (await badge('New this month', new Date(Date.now() + 30 * day).toISOString())).status,
    ).toBe(201)
    expect((await badge('Summer special', new Date(Date.now() - day).toISOString())).status).toBe(
      201,
    )

    const url = `/api/business-badges?where[business][equals]=${id}&sort=label`
    const publicRead = await site.api<{ docs: { label: string }[] }>('GET', url)
    expect(publicRead.body.docs.map((b) => b.label)).toEqual(['Neighbours’ pick', 'New this month'])
    const memberRead = await site.api<{ docs: { label: string }[] }>('GET', url, {
      cookie: bob.cookie,
    })
    expect(memberRead.body.docs).toHaveLength(2)
    const staffRead = await site.api<{ docs: { label: string }[] }>('GET', url, {
      cookie: editor.cookie,
    })
    expect(staffRead.body.docs).toHaveLength(3)
  })

  it('lets only staff manage badges, with hex colours', async () => {
    const { id } = (await createSpot(alice, { name: 'Owner Badge Try' })).body.doc
    const byOwner = await site.api('POST', '/api/business-badges', {
      body: { business: id, label: 'Best in town', colour: '#ff0000' },
      cookie: alice.cookie,
    })
    expect(byOwner.status).toBe(403)
    const badColour = await site.api<Errors>('POST', '/api/business-badges', {
      body: { business: id, label: 'Red', colour: 'red' },
      cookie: editor.cookie,
    })
    expect(badColour.status).toBe(400)
    expect(badColour.body.errors[0]!.message).toBe('Colours must be hex, like #2563eb.')
    const count = await site.payload.count({
      collection: 'business-badges',
      where: { business: { equals: id } },
    })
    expect(count.totalDocs).toBe(0)
  })

  it('removes a spot’s badges with the spot', async () => {
    const { id } = (await createSpot(alice, { name: 'Short-lived' })).body.doc
    await site.payload.create({
      collection: 'business-badges',
      data: { business: id, label: 'Pop-up', colour: '#123456' },
    })
    const deleted = await site.api('POST', `/api/local-businesses/${id}/delete`, {
      cookie: alice.cookie,
    })
    expect(deleted.status).toBe(200)
    const left = await site.payload.count({
      collection: 'business-badges',
      where: { business: { equals: id } },
    })
    expect(left.totalDocs).toBe(0)
  })
})

describe('live local spots', () => {
  it('pushes business.created, updated and deleted on local-spots-{neighbourhood}', async () => {
    const reader = await connectClient(realtime)
    const channel = await subscribe(reader, `local-spots-${neighbourhood}`)

    const created = nextEvent(channel, 'business.created')
    const { id } = (await createSpot(alice, { name: 'Live Bakery' })).body.doc
    expect((await created).data).toMatchObject({ id, name: 'Live Bakery', author: alice.id })

    const updated = nextEvent(channel, 'business.updated')
    await site.api('PATCH', `/api/local-businesses/${id}/details`, {
      body: { name: 'Live Bakery & Deli' },
      cookie: alice.cookie,
    })
    expect((await updated).data).toMatchObject({ id, name: 'Live Bakery & Deli' })

    const deleted = nextEvent(channel, 'business.deleted')
    await site.api('POST', `/api/local-businesses/${id}/delete`, { cookie: alice.cookie })
    expect((await deleted).data).toEqual({ id })
  })
})
