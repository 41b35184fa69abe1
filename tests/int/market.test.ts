import { describe, expect, it } from 'vitest'

import { MARKET_TEXT } from '@/rules/market'
import { PRIVATE_DETAIL_MESSAGES } from '@/rules/privateDetails'
import { PROHIBITED_MESSAGES } from '@/rules/prohibitedItems'
import { pgPool } from '@/server/database/db'
import { signRenewToken } from '@/data/marketRenewToken'
import { makeUser, quietPlace, testSiteForFile, type TestUser } from './harness'
import { makeImage, makeLargePng, uploadMedia } from './images'

/** The market's commands over the API, as the island and the no-JavaScript form call them. */
interface ItemAnswer {
  id: number
  status: string
  pricePence: number | null
  condition: string | null
  photos: number[]
  expiresAt: string
  errors?: { message: string; data?: { errors: { path: string }[] } }[]
}
let place: number

const people = { members: ['seller', 'buyer'], staff: { editor: 'marketeddie' } } as const
const { site, seller, buyer, editor } = testSiteForFile(people, async () => {
  place = await quietPlace(site, 'Marketby', 'Things change hands')
  await confirm(seller)
  await confirm(buyer)
})

const db = () => pgPool(site.payload)
const confirm = (user: TestUser) =>
  db().query('UPDATE users SET email_confirmed_at = now() WHERE id = $1', [user.id])
const itemCount = async () =>
  (await db().query('SELECT count(*)::int AS n FROM market_items')).rows[0].n as number

const item = (overrides: Record<string, unknown> = {}) => ({
  neighbourhood: place,
  kind: 'sale',
  title: 'Oak bookcase',
  description: 'Five shelves, collect any evening.',
  price: '25.50',
  condition: 'good',
  street: 'Elm Row',
  ...overrides,
})
const create = (user: TestUser | null, body: Record<string, unknown>) =>
  site.api<ItemAnswer>('POST', '/api/market-items/new', {
    body,
    ...(user ? { cookie: user.cookie } : {}),
  })
const setStatus = (user: TestUser | null, id: number, status: string) =>
  site.api<ItemAnswer>('POST', `/api/market-items/${id}/status`, {
    body: { status },
    ...(user ? { cookie: user.cookie } : {}),
  })
const renew = (user: TestUser | null, id: number, body: Record<string, unknown> = {}) =>
  site.api<ItemAnswer>('POST', `/api/market-items/${id}/renew`, {
    body,
    ...(user ? { cookie: user.cookie } : {}),
  })
const photo = async (user: TestUser, data?: Buffer, type = 'image/png') =>
  uploadMedia<{ doc?: { id: number }; errors?: { message: string }[] }>(
    site,
    { data: data ?? (await makeImage('png')), name: 'photo.png', type },
    { purpose: 'market-photo', alt: 'Bookcase' },
    user.cookie,
  )

/** Refused with 400 and `message` beside `field`, and nothing stored. */
async function expectRefused(
  answer: Promise<{ status: number; body: ItemAnswer }>,
  status: number,
  message: string,
  field?: string,
) {
  const before = await itemCount()
  const { status: got, body } = await answer
  expect([got, body.errors?.[0]?.message]).toEqual([status, message])
  if (field) expect(body.errors?.[0]?.data?.errors[0]?.path).toBe(field)
  expect(await itemCount()).toBe(before)
}

describe('listing an item', () => {
  it('lists an item for sale with a photo, in whole pence, for 30 days', async () => {
    const uploaded = await photo(seller)
    expect(uploaded.status).toBe(201)
    const answer = await create(seller, item({ photos: [uploaded.body.doc!.id] }))
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({
      status: 'available',
      pricePence: 2550,
      condition: 'good',
      photos: [uploaded.body.doc!.id],
    })
    const days = (new Date(answer.body.expiresAt).getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(29.9)
    expect(days).toBeLessThanOrEqual(30)
    const free = await create(seller, item({ kind: 'free', price: '', title: 'Garden chairs' }))
    expect(free.body).toMatchObject({ pricePence: null, condition: 'good' })
  })

  it('refuses a price out of bounds, not a number, or on a Free or Wanted item', async () => {
    await expectRefused(
      create(seller, item({ price: '0.99' })),
      400,
      MARKET_TEXT.priceRange,
      'price',
    )
    await expectRefused(
      create(seller, item({ price: '100000.01' })),
      400,
      MARKET_TEXT.priceRange,
      'price',
    )
    await expectRefused(
      create(seller, item({ price: 'ten pounds' })),
      400,
      MARKET_TEXT.priceNotNumber,
      'price',
    )
    await expectRefused(create(seller, item({ price: '' })), 400, MARKET_TEXT.priceNeeded, 'price')
    await expectRefused(
      create(seller, item({ kind: 'free', price: '5' })),
      400,
      MARKET_TEXT.priceNotForKind,
      'price',
    )
    await expectRefused(
      create(seller, item({ kind: 'wanted', price: '', condition: 'good' })),
      400,
      MARKET_TEXT.conditionNotForWanted,
      'condition',
    )
    await expectRefused(create(seller, item({ title: 'ab' })), 400, MARKET_TEXT.title, 'title')
    expect((await create(seller, item({ price: '100000' }))).status).toBe(201)
    expect((await create(seller, item({ price: 1 }))).body.pricePence).toBe(100)
  })

  it('refuses five photos, a photo that is not the member’s, a file that is not an image or over 10 MB', async () => {
    // Counted before any photo is looked at.
    await expectRefused(
      create(seller, item({ photos: [1, 2, 3, 4, 5] })),
      400,
      MARKET_TEXT.tooManyPhotos,
      'photos',
    )
    const theirs = (await photo(buyer)).body.doc!.id
    await expectRefused(
      create(seller, item({ photos: [theirs] })),
      400,
      MARKET_TEXT.photoNotYours,
      'photos',
    )
    const text = await photo(seller, Buffer.from('not an image at all'), 'image/png')
    expect([text.status, text.body.errors?.[0]?.message]).toEqual([400, MARKET_TEXT.photoNotImage])
    const huge = await photo(seller, await makeLargePng(10 * 1024 * 1024 + 4096))
    expect(huge.status).toBeGreaterThanOrEqual(400)
    expect(huge.body.errors?.[0]?.message).toBe(MARKET_TEXT.photoTooLarge)
  })

  it('refuses prohibited things, saying why, and a phone number or e-mail address', async () => {
    await expectRefused(
      create(seller, item({ title: 'Air rifle and ammo' })),
      400,
      PROHIBITED_MESSAGES.weapons,
    )
    await expectRefused(
      create(seller, item({ description: 'Two bottles of vodka, unopened' })),
      400,
      PROHIBITED_MESSAGES.alcohol,
    )
    await expectRefused(
      create(seller, item({ title: 'Labrador puppies' })),
      400,
      PROHIBITED_MESSAGES.animals,
    )
    await expectRefused(
      create(seller, item({ description: 'Call me on 07700 900123' })),
      400,
      PRIVATE_DETAIL_MESSAGES.phone,
      'description',
    )
    await expectRefused(
      create(seller, item({ title: 'Desk, mail jo@example.com' })),
      400,
      PRIVATE_DETAIL_MESSAGES.email,
      'title',
    )
    expect((await create(seller, item({ title: 'Ginger jar' }))).status).toBe(201)
  })

  it('refuses a visitor, an unconfirmed member and an eleventh live item', async () => {
    await expectRefused(create(null, item()), 401, MARKET_TEXT.signIn)
    const fresh = await makeUser(site, 'unconfirmedseller')
    await expectRefused(create(fresh, item()), 403, MARKET_TEXT.confirmEmail)
    const busy = await makeUser(site, 'busyseller')
    await confirm(busy)
    const listed = await Promise.all(
      Array.from({ length: 11 }, (_, i) => create(busy, item({ title: `Thing ${i}` }))),
    )
    expect(listed.map((a) => a.status).sort()).toEqual([...Array(10).fill(201), 409])
    await expectRefused(create(busy, item()), 409, MARKET_TEXT.tooMany)
    const first = listed.find((a) => a.status === 201)!.body.id
    expect((await setStatus(busy, first, 'gone')).status).toBe(200)
    expect((await create(busy, item({ title: 'One more' }))).status).toBe(201)
  })
})

describe('status and renewal', () => {
  it('only the seller or staff change the status', async () => {
    const { id } = (await create(seller, item({ title: 'Bike rack' }))).body
    await expectRefused(setStatus(buyer, id, 'gone'), 403, MARKET_TEXT.notSeller)
    await expectRefused(setStatus(null, id, 'gone'), 401, MARKET_TEXT.signIn)
    await expectRefused(setStatus(seller, id, 'sold'), 400, MARKET_TEXT.status, 'status')
    expect((await setStatus(seller, id, 'reserved')).body.status).toBe('reserved')
    expect((await setStatus(editor, id, 'gone')).body.status).toBe('gone')
    expect((await setStatus(seller, 2 ** 31 - 1, 'gone')).status).toBe(404)
    const stored = await db().query('SELECT status FROM market_items WHERE id = $1', [id])
    expect(stored.rows[0].status).toBe('gone')
  })

  it('the seller edits; a member may not edit someone else’s item', async () => {
    const { id } = (await create(seller, item({ title: 'Lamp' }))).body
    const edit = (user: TestUser, body: Record<string, unknown>) =>
      site.api<ItemAnswer>('PATCH', `/api/market-items/${id}/details`, {
        body,
        cookie: user.cookie,
      })
    expect((await edit(buyer, item({ title: 'Mine now' }))).status).toBe(403)
    const edited = await edit(seller, item({ title: 'Brass lamp', price: '12' }))
    expect(edited.body).toMatchObject({ title: 'Brass lamp', pricePence: 1200 })
    expect((await edit(seller, item({ kind: 'wanted', price: '3' }))).status).toBe(400)
  })

  it('the mailed link renews once; a forged or reused link is refused; others may not renew', async () => {
    const { id, expiresAt } = (await create(seller, item({ title: 'Old sofa' }))).body
    const soon = new Date(Date.now() + 36 * 3600 * 1000).toISOString()
    await db().query('UPDATE market_items SET expires_at = $2 WHERE id = $1', [id, soon])
    const token = signRenewToken(site.payload.secret, id, soon, Date.now())
    await expectRefused(renew(null, id, { token: `${token}x` }), 403, MARKET_TEXT.renewRefused)
    const wrongItem = signRenewToken(site.payload.secret, id + 1, soon, Date.now())
    await expectRefused(renew(null, id, { token: wrongItem }), 403, MARKET_TEXT.renewRefused)
    const renewed = await renew(null, id, { token })
    expect(renewed.status).toBe(200)
    expect(new Date(renewed.body.expiresAt).getTime()).toBeGreaterThan(new Date(soon).getTime())
    expect(new Date(renewed.body.expiresAt).getTime()).toBeGreaterThanOrEqual(
      new Date(expiresAt).getTime(),
    )
    await expectRefused(renew(null, id, { token }), 403, MARKET_TEXT.renewRefused)
    await expectRefused(renew(buyer, id), 403, MARKET_TEXT.notSeller)
    expect((await renew(seller, id)).status).toBe(200)
  })

  it('members cannot write items through the collection’s own REST routes', async () => {
    const { id } = (await create(seller, item({ title: 'Kettle' }))).body
    const patched = await site.api('PATCH', `/api/market-items/${id}`, {
      body: { status: 'gone', pricePence: 1 },
      cookie: seller.cookie,
    })
    expect(patched.status).toBe(403)
    const posted = await site.api('POST', '/api/market-items', {
      body: item(),
      cookie: seller.cookie,
    })
    expect(posted.status).toBe(403)
  })
})

describe('a member’s items and their account', () => {
  it('the export holds the member’s items; deleting the account deletes them and their photos', async () => {
    const leaver = await makeUser(site, 'leavingseller')
    await confirm(leaver)
    const uploaded = (await photo(leaver)).body.doc!.id
    const { id } = (await create(leaver, item({ title: 'Desk lamp', photos: [uploaded] }))).body
    const exported = await site.api<{ data: { marketItems: { id: number; title: string }[] } }>(
      'GET',
      '/api/users/me/export',
      { cookie: leaver.cookie },
    )
    expect(exported.body.data.marketItems.map((i) => [i.id, i.title])).toEqual([[id, 'Desk lamp']])
    await site.payload.delete({ collection: 'users', id: leaver.id })
    const left = await db().query('SELECT id FROM market_items WHERE id = $1', [id])
    expect(left.rows).toEqual([])
    const media = await db().query('SELECT id FROM media WHERE id = $1', [uploaded])
    expect(media.rows).toEqual([])
  })
})
