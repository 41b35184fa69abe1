import { describe, expect, it } from 'vitest'

import { connectPreauthorized, flush, nextEvent, record, subscribe } from '@tests/realtime/helpers'
import { createAs, liveTestSiteForFile, makeUser, placeFields } from './harness'

/**
 * The bell's server side (SPEC §2 Notifications, §4): each user reads and marks only their own
 * notifications, with exactly the queries widgets/NotificationBell makes, and hears of new ones on
 * their private channel. Channel authorisation itself is in rest-and-access and live-updates.
 */
type User = Awaited<ReturnType<typeof makeUser>>
interface Doc {
  id: number
  user: number
  message: string
  link: string | null
  isRead: boolean
  createdAt: string
}
interface List {
  docs: Doc[]
  totalDocs: number
}

let admin: User
let bobsReview: number
const aliceIds: number[] = []

const bellList = (user: User) =>
  `/api/notifications?where[user][equals]=${user.id}&depth=0&sort=-createdAt&limit=20`
const unreadCount = (user: User) =>
  `/api/notifications?where[user][equals]=${user.id}&depth=0&where[isRead][equals]=false&limit=1`
const stored = (id: number) =>
  site.payload.findByID({
    collection: 'notifications',
    id,
    depth: 0,
  }) as Promise<unknown> as Promise<Doc>

async function notification(user: User, message: string, link = '/profile') {
  const doc = await site.payload.create({
    collection: 'notifications',
    data: { user: user.id, type: 'comment', referenceId: '1', link, message },
    context: { disableLive: true },
  })
  return doc.id as number
}

const { site, realtime, alice, bob } = liveTestSiteForFile(async () => {
  admin = await makeUser(site, 'ada', 'admin')
  for (const n of [1, 2, 3]) aliceIds.push(await notification(alice, `Alice note ${n}.`))
  await notification(bob, 'Bob note.')
  await notification(admin, 'Admin note.')

  const place = placeFields('Camberwell', 'Green and art')
  const camberwell = await createAs(site, alice, '/api/neighbourhoods', place)
  bobsReview = await createAs(site, bob, '/api/reviews', {
    neighbourhood: camberwell,
    rating: 5,
    comment: 'Art school energy.',
  })
})

describe('reading notifications', () => {
  it('lists only the caller’s own, newest first, with what the bell shows', async () => {
    const res = await site.api<List>('GET', bellList(alice), { cookie: alice.cookie })
    expect(res.status).toBe(200)
    expect(res.body.docs.map((d) => d.message)).toEqual([
      'Alice note 3.',
      'Alice note 2.',
      'Alice note 1.',
    ])
    expect(res.body.docs[0]).toMatchObject({ link: '/profile', isRead: false })
    expect(res.body.docs[0]!.createdAt).toEqual(expect.any(String))
  })

  it('never shows another user’s notifications, even when asked for them', async () => {
    const res = await site.api<List>('GET', bellList(alice), { cookie: bob.cookie })
    expect(res.status).toBe(200)
    expect(res.body.docs).toEqual([])
    const all = await site.api<List>('GET', '/api/notifications?limit=100', { cookie: bob.cookie })
    expect(all.body.docs.map((d) => d.message)).toEqual(['Bob note.'])
    const one = await site.api('GET', `/api/notifications/${aliceIds[0]}`, { cookie: bob.cookie })
    expect([403, 404]).toContain(one.status)
  })

  it('gives a visitor nothing', async () => {
    const list = await site.api<Partial<List>>('GET', '/api/notifications?limit=100')
    expect(list.status).toBe(403)
    expect(list.body.docs).toBeUndefined()
    const one = await site.api<Partial<Doc>>('GET', `/api/notifications/${aliceIds[0]}`)
    expect([403, 404]).toContain(one.status)
    expect(one.body.message).not.toBe('Alice note 1.')
  })

  it('keeps an admin’s bell to the admin’s own (the bell always names the user)', async () => {
    const res = await site.api<List>('GET', bellList(admin), { cookie: admin.cookie })
    expect(res.body.docs.map((d) => d.message)).toEqual(['Admin note.'])
  })
})

describe('marking notifications read', () => {
  it('refuses another user’s and a visitor’s PATCH and changes nothing', async () => {
    const target = aliceIds[0]!
    const byBob = await site.api('PATCH', `/api/notifications/${target}`, {
      body: { isRead: true },
      cookie: bob.cookie,
    })
    expect([403, 404]).toContain(byBob.status)
    const byVisitor = await site.api('PATCH', `/api/notifications/${target}`, {
      body: { isRead: true },
    })
    expect([401, 403, 404]).toContain(byVisitor.status)
    expect((await stored(target)).isRead).toBe(false)
  })

  it('lets a bulk “mark all as read” touch only the caller’s own', async () => {
    const res = await site.api('PATCH', '/api/notifications?where[isRead][equals]=false', {
      body: { isRead: true },
      cookie: bob.cookie,
    })
    expect(res.status).toBe(200)
    for (const id of aliceIds) expect((await stored(id)).isRead).toBe(false)
    const bobs = await site.api<List>('GET', unreadCount(bob), { cookie: bob.cookie })
    expect(bobs.body.totalDocs).toBe(0)
  })

  it('lets the owner mark one read, which the unread count then leaves out', async () => {
    const before = await site.api<List>('GET', unreadCount(alice), { cookie: alice.cookie })
    expect(before.body.totalDocs).toBe(3)
    const res = await site.api<{ doc: Doc }>('PATCH', `/api/notifications/${aliceIds[1]}?depth=0`, {
      body: { isRead: true },
      cookie: alice.cookie,
    })
    expect(res.status).toBe(200)
    expect(res.body.doc.isRead).toBe(true)
    expect((await stored(aliceIds[1]!)).isRead).toBe(true)
    const after = await site.api<List>('GET', unreadCount(alice), { cookie: alice.cookie })
    expect(after.body.totalDocs).toBe(2)
  })

  it('does not let the owner rewrite where a notification leads', async () => {
    await site.api('PATCH', `/api/notifications/${aliceIds[2]}`, {
      body: { link: 'https://evil.example/', message: 'Changed.' },
      cookie: alice.cookie,
    })
    expect(await stored(aliceIds[2]!)).toMatchObject({ link: '/profile', message: 'Alice note 3.' })
  })
})

describe('live notifications', () => {
  it('pushes a new notification to its recipient only, then its read state', async () => {
    const client = await connectPreauthorized(realtime)
    const bobs = await subscribe(client, `private-user-${bob.id}`)
    const alices = await subscribe(client, `private-user-${alice.id}`)
    const toAlice = record(alices, 'notification.created')
    const created = nextEvent(bobs, 'notification.created')

    const react = await site.api('POST', '/api/reactions/toggle', {
      body: { targetKind: 'review', targetId: bobsReview, emoji: 'heart' },
      cookie: alice.cookie,
    })
    expect(react.status).toBe(200)
    const { data } = (await created) as { data: Doc & { type: string } }
    expect(data).toMatchObject({
      type: 'reaction',
      message: 'alice reacted to your review.',
      link: `/neighbourhood/camberwell#review-${bobsReview}`,
      isRead: false,
    })
    const list = await site.api<List>('GET', bellList(bob), { cookie: bob.cookie })
    expect(list.body.docs[0]).toMatchObject({ id: data.id, message: data.message })

    const updated = nextEvent(bobs, 'notification.updated')
    await site.api('PATCH', `/api/notifications/${data.id}`, {
      body: { isRead: true },
      cookie: bob.cookie,
    })
    expect((await updated).data).toMatchObject({ id: data.id, isRead: true })

    await flush(realtime, [alices])
    expect(toAlice).toEqual([])
  })

  it('pushes nothing when a PATCH is refused', async () => {
    const client = await connectPreauthorized(realtime)
    const alices = await subscribe(client, `private-user-${alice.id}`)
    const updates = record(alices, 'notification.updated')
    await site.api('PATCH', `/api/notifications/${aliceIds[0]}`, {
      body: { isRead: true },
      cookie: bob.cookie,
    })
    await flush(realtime, [alices])
    expect(updates).toEqual([])
  })
})
