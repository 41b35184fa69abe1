import { describe, expect, it } from 'vitest'

import { FOLLOW_TEXT } from '@/rules/follow'
import { pgPool } from '@/server/database/db'
import { makeUser, quietPlace, testSiteForFile, type TestUser } from './harness'

/** Following a neighbourhood through the REST API, as the Follow button and its form use it. */
let place: number
let serial = 0

interface FollowAnswer {
  neighbourhood?: number
  count?: number
  following?: boolean | null
  errors?: { message: string }[]
}
const toggle = (user: TestUser | null, neighbourhood: unknown) =>
  site.api<FollowAnswer>('POST', '/api/follows/toggle', {
    body: { neighbourhood },
    ...(user ? { cookie: user.cookie } : {}),
  })
const state = (user: TestUser | null, neighbourhood: unknown) =>
  site.api<FollowAnswer>(
    'GET',
    `/api/follows/state?neighbourhood=${String(neighbourhood)}`,
    user ? { cookie: user.cookie } : {},
  )
const freshPlace = () => quietPlace(site, `Followby ${++serial}`, 'Kept')
const followers = async (neighbourhood: number) =>
  (
    await pgPool(site.payload).query(
      'SELECT count(*)::int AS n FROM follows WHERE neighbourhood_id = $1',
      [neighbourhood],
    )
  ).rows[0].n as number

const people = { named: { alice: 'followalice', bob: 'followbob' }, timeout: 120_000 } as const
const { site, alice, bob } = testSiteForFile(people, async () => {
  place = await freshPlace()
})

describe('following a neighbourhood', () => {
  it('follows, counts for everyone, and the same press again stops following', async () => {
    const first = await toggle(alice, place)
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ neighbourhood: place, following: true, count: 1 })
    expect((await toggle(bob, place)).body).toMatchObject({ following: true, count: 2 })
    expect((await state(null, place)).body).toMatchObject({ count: 2, following: null })
    expect((await state(alice, place)).body).toMatchObject({ count: 2, following: true })
    expect((await toggle(alice, place)).body).toMatchObject({ following: false, count: 1 })
    expect((await state(alice, place)).body).toMatchObject({ count: 1, following: false })
  })

  it('a visitor is told to sign in; bad or unknown neighbourhoods change nothing', async () => {
    const other = await freshPlace()
    const visitor = await toggle(null, other)
    expect([visitor.status, visitor.body.errors?.[0]?.message]).toEqual([
      401,
      FOLLOW_TEXT.loginToFollow,
    ])
    for (const bad of ['x', -1, 0, 2 ** 40, null, '1e309'])
      expect((await toggle(alice, bad)).status, String(bad)).toBe(400)
    const unknown = await toggle(alice, 2 ** 31 - 1)
    expect([unknown.status, unknown.body.errors?.[0]?.message]).toEqual([404, FOLLOW_TEXT.notFound])
    expect((await state(null, 'x')).status).toBe(400)
    expect(await followers(other)).toBe(0)
  })

  it('ten members following at once are ten followers; one member pressing twice at once ends where they began', async () => {
    const other = await freshPlace()
    const members = await Promise.all(
      Array.from({ length: 10 }, (_, i) => makeUser(site, `crowd${i}x${serial}`)),
    )
    const answers = await Promise.all(members.map((m) => toggle(m, other)))
    expect(answers.every((a) => a.status === 200)).toBe(true)
    expect(await followers(other)).toBe(10)
    expect(Math.max(...answers.map((a) => a.body.count ?? 0))).toBe(10)
    const twice = await Promise.all([toggle(alice, other), toggle(alice, other)])
    expect(twice.map((a) => a.body.following).sort()).toEqual([false, true])
    expect(await followers(other)).toBe(10)
  })

  it('a member reads only their own follows; a suspended member cannot follow', async () => {
    const other = await freshPlace()
    await toggle(bob, other)
    const asAlice = await site.api<{ docs: { user: unknown }[] }>(
      'GET',
      `/api/follows?where[neighbourhood][equals]=${other}&depth=0`,
      { cookie: alice.cookie },
    )
    expect(asAlice.body.docs).toEqual([])
    const asBob = await site.api<{ docs: { user: unknown }[] }>(
      'GET',
      `/api/follows?where[neighbourhood][equals]=${other}&depth=0`,
      { cookie: bob.cookie },
    )
    expect(asBob.body.docs.map((d) => d.user)).toEqual([bob.id])
    const carol = await makeUser(site, `suspendedfollower${serial}`)
    await pgPool(site.payload).query(
      `UPDATE users SET suspended_until = now() + interval '7 days' WHERE id = $1`,
      [carol.id],
    )
    const refused = await toggle(carol, other)
    expect(refused.status).toBe(403)
    expect(refused.body.errors?.[0]?.message).toMatch(/^Your account is suspended until/)
    expect(await followers(other)).toBe(1)
  })

  it('deleting the neighbourhood or the account takes their follows with it', async () => {
    const other = await freshPlace()
    const dave = await makeUser(site, `leaver${serial}`)
    await toggle(dave, other)
    await toggle(alice, other)
    await site.payload.delete({ collection: 'users', id: dave.id })
    expect(await followers(other)).toBe(1)
    await site.payload.delete({ collection: 'neighbourhoods', id: other })
    expect(await followers(other)).toBe(0)
  })

  it('a first review or post there follows the neighbourhood; after stopping, the next post does not follow again', async () => {
    const other = await freshPlace()
    const erin = await makeUser(site, `poster${serial}`)
    const post = (path: string, body: Record<string, unknown>) =>
      site.api('POST', `${path}/new`, {
        body: { neighbourhood: other, ...body },
        cookie: erin.cookie,
      })
    expect((await post('/api/reviews', { rating: 4, comment: 'Lovely.' })).status).toBe(201)
    expect((await state(erin, other)).body).toMatchObject({ following: true, count: 1 })
    expect((await toggle(erin, other)).body).toMatchObject({ following: false, count: 0 })
    const story = await post('/api/stories', { title: 'Again', description: 'Told.' })
    expect(story.status).toBe(201)
    const discussion = await post('/api/discussions', { title: 'Hi', content: 'Said.' })
    expect(discussion.status).toBe(201)
    expect((await state(erin, other)).body).toMatchObject({ following: false, count: 0 })
  })
})
