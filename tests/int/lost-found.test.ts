import { describe, expect, it } from 'vitest'

import { PHOTO_TEXT } from '@/rules/imageFile'
import { LOST_FOUND_TEXT as TEXT } from '@/rules/lostFound'
import { PRIVATE_DETAIL_MESSAGES } from '@/rules/privateDetails'
import { roughPlace } from '@/rules/roughPlace'
import { pgPool } from '@/server/database/db'
import { answerChecker } from '@tests/support/apiDescription'
import { makeUser, placeFields, QUIET, testSiteForFile, type TestUser } from './harness'
import { makeImage, uploadMedia } from './images'

/** Lost and found over HTTP: the commands the island and the no-JavaScript form both call. */
const HOME = { latitude: 51.539, longitude: -0.1426 }
const DAY = 86_400_000
let place: number
let check: ReturnType<typeof answerChecker>

interface PostAnswer {
  id?: number
  latitude?: number
  longitude?: number
  status?: string
  photos?: number[]
  errors?: { message: string; data?: { errors?: { path: string }[] } }[]
}

const { site, alice, bob, editor } = testSiteForFile(
  { named: { alice: 'lfalice', bob: 'lfbob' }, staff: { editor: 'lfeddie' }, timeout: 120_000 },
  async () => {
    const doc = await site.payload.create({
      collection: 'neighbourhoods',
      data: { ...placeFields('Lostby', 'Kept'), ...HOME },
      context: QUIET,
    })
    place = doc.id
    const description = await site.api<Record<string, unknown>>('GET', '/api/openapi.json')
    check = answerChecker(description.body)
  },
)
const goodPost = (over: Record<string, unknown> = {}) => ({
  neighbourhood: place,
  kind: 'lost',
  what: 'pet',
  title: 'Grey cat, white paws',
  description: 'Answers to Moss. Very shy.',
  seenAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
  latitude: HOME.latitude + 0.0031,
  longitude: HOME.longitude - 0.0042,
  ...over,
})

/** Calls a command and checks its answer against the API's own description. */
async function call(method: 'POST', url: string, user: TestUser | null, body: unknown) {
  const answer = await site.api<PostAnswer>(method, url, {
    body,
    ...(user ? { cookie: user.cookie } : {}),
  })
  expect(check(method, url, answer.status, answer.body).problem).toBeNull()
  return answer
}
const post = (user: TestUser | null, body: unknown) =>
  call('POST', '/api/lost-found-posts/post', user, body)
const setStatus = (user: TestUser | null, id: number, status: string) =>
  call('POST', `/api/lost-found-posts/${id}/status`, user, { status })
const edit = (user: TestUser | null, id: number, body: unknown) =>
  call('POST', `/api/lost-found-posts/${id}/edit`, user, body)

const countPosts = async () =>
  (
    await pgPool(site.payload).query(
      'SELECT count(*)::int AS n FROM lost_found_posts WHERE neighbourhood_id = $1',
      [place],
    )
  ).rows[0].n as number

const message = (answer: { body: PostAnswer }) => answer.body.errors?.[0]?.message
const field = (answer: { body: PostAnswer }) => answer.body.errors?.[0]?.data?.errors?.[0]?.path

async function photo(user: TestUser, purpose = 'lost-found-photo') {
  const uploaded = await uploadMedia<{ doc: { id: number } }>(
    site,
    { data: await makeImage('jpeg'), name: 'moss.jpg', type: 'image/jpeg' },
    { purpose, alt: 'Moss' },
    user.cookie,
  )
  expect(uploaded.status).toBe(201)
  return uploaded.body.doc.id
}

describe('posting in lost and found', () => {
  it('stores the place rounded to about 100 m, never the exact point, with the photos', async () => {
    const photos = [await photo(alice), await photo(alice)]
    const answer = await post(alice, goodPost({ photos }))
    expect(answer.status).toBe(201)
    const rounded = roughPlace({
      latitude: HOME.latitude + 0.0031,
      longitude: HOME.longitude - 0.0042,
    })
    expect(answer.body).toMatchObject({ ...rounded, status: 'open', photos })
    const row = (
      await pgPool(site.payload).query(
        'SELECT latitude, longitude, author_id FROM lost_found_posts WHERE id = $1',
        [answer.body.id],
      )
    ).rows[0]
    expect({ latitude: Number(row.latitude), longitude: Number(row.longitude) }).toEqual(rounded)
    expect(row.author_id).toBe(alice.id)
  })

  it('a visitor is told to sign in', async () => {
    const before = await countPosts()
    const answer = await post(null, goodPost())
    expect([answer.status, message(answer)]).toEqual([401, TEXT.signIn])
    expect(await countPosts()).toBe(before)
  })

  it('refuses bad input with its message beside its field, and stores nothing', async () => {
    const before = await countPosts()
    const refusals: [Record<string, unknown>, number, string, string][] = [
      [{ seenAt: new Date(Date.now() + DAY).toISOString() }, 400, TEXT.future, 'seenAt'],
      [{ seenAt: new Date(Date.now() - 61 * DAY).toISOString() }, 400, TEXT.tooOld, 'seenAt'],
      [{ seenAt: 'yesterday-ish' }, 400, TEXT.seenAt, 'seenAt'],
      [{ latitude: HOME.latitude + 0.03 }, 422, TEXT.tooFar, 'latitude'],
      [{ latitude: 'north' }, 400, TEXT.place, 'latitude'],
      [{ photos: [1, 2, 3] }, 400, TEXT.tooManyPhotos, 'photos'],
      [{ title: 'Call 07700 900123' }, 400, PRIVATE_DETAIL_MESSAGES.phone, 'title'],
      [
        { description: 'Mail moss.owner@example.com please' },
        400,
        PRIVATE_DETAIL_MESSAGES.email,
        'description',
      ],
      [{ title: 'Hi' }, 400, TEXT.title, 'title'],
      [{ what: 'car' }, 400, TEXT.what, 'what'],
      [{ kind: 'stolen' }, 400, TEXT.kind, 'kind'],
    ]
    for (const [over, status, words, name] of refusals) {
      const answer = await post(alice, goodPost(over))
      expect([answer.status, message(answer), field(answer)], JSON.stringify(over)).toEqual([
        status,
        words,
        name,
      ])
    }
    expect(await countPosts()).toBe(before)
  })

  it("refuses someone else's photo and a file that is not an image", async () => {
    const before = await countPosts()
    const bobs = await photo(bob)
    const answer = await post(alice, goodPost({ photos: [bobs] }))
    expect([answer.status, message(answer)]).toEqual([400, TEXT.notYourPhoto])
    const reviewPhoto = await photo(alice, 'review-photo')
    expect(message(await post(alice, goodPost({ photos: [reviewPhoto] })))).toBe(TEXT.notYourPhoto)
    const text = await uploadMedia(
      site,
      { data: Buffer.from('not an image at all'), name: 'cat.jpg', type: 'image/jpeg' },
      { purpose: 'lost-found-photo', alt: 'Moss' },
      alice.cookie,
    )
    expect(text.status).toBe(400)
    expect(JSON.stringify(text.body)).toContain(PHOTO_TEXT.notImage)
    expect(await countPosts()).toBe(before)
  })
})

describe('changing a post', () => {
  it('the poster marks it reunited; someone else cannot; an editor can reopen it', async () => {
    const { body } = await post(
      alice,
      goodPost({ title: 'Found keys on a red fob', kind: 'found' }),
    )
    const id = body.id!
    const refused = await setStatus(bob, id, 'reunited')
    expect([refused.status, message(refused)]).toEqual([403, TEXT.notYours])
    const row = async () =>
      (await pgPool(site.payload).query('SELECT status FROM lost_found_posts WHERE id = $1', [id]))
        .rows[0].status as string
    expect(await row()).toBe('open')
    expect((await setStatus(null, id, 'reunited')).status).toBe(401)
    expect((await setStatus(alice, id, 'gone')).status).toBe(400)
    expect((await setStatus(alice, 2 ** 31 - 1, 'reunited')).status).toBe(404)
    const done = await setStatus(alice, id, 'reunited')
    expect([done.status, done.body.status]).toEqual([200, 'reunited'])
    expect(await row()).toBe('reunited')
    expect((await setStatus(editor, id, 'open')).body.status).toBe('open')
  })

  it('the poster edits under the same rules; someone else cannot', async () => {
    const { body } = await post(alice, goodPost())
    const id = body.id!
    const { neighbourhood: _, ...fields } = goodPost()
    const byBob = await edit(bob, id, { ...fields, title: 'Not mine' })
    expect([byBob.status, message(byBob)]).toEqual([403, TEXT.notYours])
    const far = await edit(alice, id, { ...fields, longitude: HOME.longitude + 0.05 })
    expect([far.status, message(far)]).toEqual([422, TEXT.tooFar])
    const phone = await edit(alice, id, { ...fields, description: 'ring +44 20 7946 0958' })
    expect(message(phone)).toBe(PRIVATE_DETAIL_MESSAGES.phone)
    const saved = await edit(alice, id, { ...fields, title: 'Grey cat, one white paw' })
    expect(saved.status).toBe(200)
    const title = (
      await pgPool(site.payload).query('SELECT title FROM lost_found_posts WHERE id = $1', [id])
    ).rows[0].title
    expect(title).toBe('Grey cat, one white paw')
  })

  it('members cannot write posts through the plain REST routes', async () => {
    const answer = await site.api('POST', '/api/lost-found-posts', {
      body: { ...goodPost(), author: alice.id },
      cookie: alice.cookie,
    })
    expect(answer.status).toBe(403)
  })

  it("'Download my data' holds the member's posts; deleting the account deletes them", async () => {
    const leaver = await makeUser(site, 'lfleaver')
    const { body } = await post(leaver, goodPost({ photos: [await photo(leaver)] }))
    expect(body.id).toBeTypeOf('number')
    const exported = await site.api<{ data: { lostFound: { id: number }[] } }>(
      'GET',
      '/api/users/me/export',
      { cookie: leaver.cookie },
    )
    expect(exported.body.data.lostFound.map((p) => p.id)).toEqual([body.id])
    await site.payload.delete({ collection: 'users', id: leaver.id })
    const left = await pgPool(site.payload).query(
      'SELECT count(*)::int AS n FROM lost_found_posts WHERE author_id IS NULL OR id = $1',
      [body.id],
    )
    expect(left.rows[0].n).toBe(0)
  })
})

describe('pins for the map', () => {
  it('answers open, shown posts at their rounded place; reunited and hidden ones are left out', async () => {
    const open = (await post(alice, goodPost({ title: 'Pinned lost bag', what: 'bag' }))).body
    const done = (await post(alice, goodPost({ title: 'Pinned then reunited' }))).body
    await setStatus(alice, done.id!, 'reunited')
    const hidden = (await post(bob, goodPost({ title: 'Pinned then hidden' }))).body
    await site.payload.update({
      collection: 'lost-found-posts',
      id: hidden.id!,
      data: { hidden: true },
    })
    const url = `/api/lost-found-posts/pins?neighbourhood=${place}`
    const answer = await site.api<{ pins: { id: number; latitude: number; href: string }[] }>(
      'GET',
      url,
    )
    expect(answer.status).toBe(200)
    expect(check('GET', url, answer.status, answer.body).problem).toBeNull()
    const ids = answer.body.pins.map((p) => p.id)
    expect(ids).toContain(open.id)
    expect(ids).not.toContain(done.id)
    expect(ids).not.toContain(hidden.id)
    const pin = answer.body.pins.find((p) => p.id === open.id)!
    expect([pin.latitude, pin.href]).toEqual([open.latitude, `/lost-found/${open.id}`])
  })
})

describe("the 'Lost and found' notification kind", () => {
  it('reaches followers who turned it on, never the poster; it is off by default', async () => {
    const carol = await makeUser(site, 'lfcarol')
    const dave = await makeUser(site, 'lfdave')
    for (const member of [alice, carol, dave])
      await site.api('POST', '/api/follows/toggle', {
        body: { neighbourhood: place },
        cookie: member.cookie,
      })
    const db = pgPool(site.payload)
    await db.query(`UPDATE users SET notify_lost_found = 'bell' WHERE id = ANY($1)`, [
      [alice.id, carol.id],
    ])
    const { body } = await post(alice, goodPost({ title: 'Lost blue scarf', what: 'other' }))
    const { rows } = await db.query(
      `SELECT user_id, link, message FROM notifications WHERE type = 'lost-found'
        AND reference_id = $1`,
      [String(body.id)],
    )
    expect(rows.map((r) => r.user_id)).toEqual([carol.id])
    expect(rows[0].link).toBe(`/lost-found/${body.id}`)
    expect(rows[0].message).toContain('Lost blue scarf')
  })
})

describe('site search', () => {
  it('finds a post by its title, leading to its page; a hidden one is not found', async () => {
    const { body } = await post(alice, goodPost({ title: 'Zebrafinch escaped from aviary' }))
    const suggest = () =>
      site.api<{ suggestions: { kind: string; id: number; href: string }[] }>(
        'GET',
        '/api/search/suggest?q=Zebrafinch',
      )
    expect((await suggest()).body.suggestions).toContainEqual(
      expect.objectContaining({ kind: 'lost-found', id: body.id, href: `/lost-found/${body.id}` }),
    )
    await site.payload.update({
      collection: 'lost-found-posts',
      id: body.id!,
      data: { hidden: true },
    })
    expect((await suggest()).body.suggestions).toEqual([])
  })
})

describe('the sitemap', () => {
  it('lists shown posts, reunited ones too, and never a hidden one', async () => {
    const { sitemapEntries } = await import('@/loaders/sitemap')
    const shown = (await post(alice, goodPost({ title: 'Mapped wallet', what: 'wallet' }))).body
    await setStatus(alice, shown.id!, 'reunited')
    const hidden = (await post(alice, goodPost({ title: 'Unmapped wallet' }))).body
    await site.payload.update({
      collection: 'lost-found-posts',
      id: hidden.id!,
      data: { hidden: true },
    })
    const paths = (await sitemapEntries(site.payload)).map((e) => e.path)
    expect(paths).toContain(`/lost-found/${shown.id}`)
    expect(paths).not.toContain(`/lost-found/${hidden.id}`)
  })
})

describe('reports', () => {
  it('a reported post goes to the queue; the poster cannot report their own', async () => {
    const { body } = await post(alice, goodPost({ title: 'Reported lost hat', what: 'other' }))
    const report = (user: TestUser) =>
      site.api('POST', '/api/reports/send', {
        body: { targetKind: 'lost-found', targetId: body.id, reason: 'spam' },
        cookie: user.cookie,
      })
    expect((await report(alice)).status).toBe(403)
    expect((await report(bob)).status).toBe(201)
    const queued = await pgPool(site.payload).query(
      `SELECT count(*)::int AS n FROM reports WHERE target_kind = 'lost-found' AND target_id = $1`,
      [body.id],
    )
    expect(queued.rows[0].n).toBe(1)
  })
})
