import { describe, expect, it } from 'vitest'

import { PAGE_STATE_MAX_IDS } from '@/schemas/pageState'
import { createAs, placeFields, testSiteForFile, type TestUser } from './harness'

/**
 * GET /api/users/state: a page's personal state in one request (widgets/lib/pageState.ts). Only
 * ever the asker's own; bad asks are refused with a 400 and read nothing.
 */
let place = 0
let reviewIds: number[] = []

const people = { members: ['alice', 'bob'] } as const
const { site, alice, bob } = testSiteForFile(people, async () => {
  place = await createAs(
    site,
    alice,
    '/api/neighbourhoods',
    placeFields('Kew', 'Gardens', ['Calm']),
  )
  reviewIds = [
    await createAs(site, alice, '/api/reviews', {
      neighbourhood: place,
      rating: 5,
      comment: 'Kew!',
    }),
    await createAs(site, bob, '/api/reviews', {
      neighbourhood: place,
      rating: 3,
      comment: 'Fine.',
    }),
  ]
})

interface State {
  at: number
  user: { id: number; email?: string } | null
  unread?: number
  follow?: { neighbourhood: number; count: number; following: boolean | null }
  hidden?: { kind: string; id: number }[]
  reactions?: Record<string, Record<string, string>>
  errors?: { message: string }[]
}

const notify = (user: TestUser) =>
  site.payload.create({
    collection: 'notifications',
    data: { user: user.id, type: 'comment', message: 'Someone replied', isRead: false },
    context: { disableLive: true },
  })
const unreadOf = async (user: TestUser) => {
  const { totalDocs } = await site.payload.count({
    collection: 'notifications',
    where: { user: { equals: user.id }, isRead: { equals: false } },
  })
  return totalDocs
}

const stateOf = (user: TestUser | null, query = '') =>
  site.api<State>('GET', `/api/users/state${query}`, user ? { cookie: user.cookie } : {})

describe("a page's personal state", () => {
  it("answers the asker's session, follow, reactions, unread count and hidden posts, never another's", async () => {
    // Both follow the place they posted in; Bob stops.
    await site.api('POST', '/api/follows/toggle', {
      body: { neighbourhood: place },
      cookie: bob.cookie,
    })
    const react = async (who: TestUser, id: number, emoji: string) => {
      const answer = await site.api('POST', '/api/reactions/toggle', {
        body: { targetKind: 'review', targetId: id, emoji },
        cookie: who.cookie,
      })
      expect(answer.status).toBe(200)
    }
    await react(bob, reviewIds[0]!, 'thumbs-up')
    await react(alice, reviewIds[1]!, 'heart')
    await notify(alice)
    await notify(alice)
    await notify(bob)
    const query = `?follow=${place}&reactions=review:${reviewIds.join(',')}`

    const forBob = await stateOf(bob, query)
    expect(forBob.status).toBe(200)
    expect(forBob.body.user?.id).toBe(bob.id)
    expect(forBob.body.follow).toEqual({ neighbourhood: place, count: 1, following: false })
    expect(forBob.body.reactions).toEqual({ review: { [reviewIds[0]!]: 'thumbs-up' } })
    expect(forBob.body.unread).toBe(await unreadOf(bob))
    expect(forBob.body.hidden).toEqual([])

    const forAlice = await stateOf(alice, query)
    expect(forAlice.body.user?.id).toBe(alice.id)
    expect(forAlice.body.follow).toEqual({ neighbourhood: place, count: 1, following: true })
    expect(forAlice.body.reactions).toEqual({ review: { [reviewIds[1]!]: 'heart' } })
    expect(forAlice.body.unread).toBe(await unreadOf(alice))

    const visitor = await stateOf(null, query)
    expect(visitor.body).toMatchObject({
      user: null,
      follow: { count: 1, following: null },
      reactions: { review: {} },
    })
    expect(visitor.body.unread).toBeUndefined()
    expect(visitor.body.hidden).toBeUndefined()
  })

  it('refuses unknown, malformed or too many ids, and anything that names someone, with a 400', async () => {
    const tooMany = Array.from({ length: PAGE_STATE_MAX_IDS + 1 }, (_, i) => i + 1).join(',')
    const cases: [string, RegExp][] = [
      [`?user=${alice.id}`, /^Unknown parameter: user\.$/],
      ['?reactions=people:1', /^Unknown target kind/],
      ['?reactions=review:1,x', /positive whole numbers/],
      ['?reactions=review:', /positive whole numbers/],
      [`?reactions=review:${tooMany}`, /^At most 200 targets/],
      ['?reactions=review:1&reactions=review:2', /once/],
      ['?follow=-1', /^Unknown neighbourhood\.$/],
      ['?follow=99999999999', /^Unknown neighbourhood\.$/],
      [`?follow=${place}&follow=${place}`, /once/],
    ]
    for (const [query, message] of cases) {
      const answer = await stateOf(bob, query)
      expect([query, answer.status]).toEqual([query, 400])
      expect(answer.body.errors?.[0]?.message).toMatch(message)
      expect(answer.body.user).toBeUndefined()
    }
    // Ids that name nothing are simply not reacted to.
    const unknown = await stateOf(bob, '?reactions=review:2147483647')
    expect(unknown.body.reactions).toEqual({ review: {} })
  })
})
