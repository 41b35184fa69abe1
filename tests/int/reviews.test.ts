import { describe, expect, it } from 'vitest'

import {
  makeNeighbourhood,
  makeUser,
  placeFields,
  testSiteForFile,
  type TestUser,
  USUAL_PEOPLE,
} from './harness'

type Review = {
  id: number
  user: { id: number } | number | null
  authorName: string
  rating: number
  comment: string
  reactionCount: number
  commentCount: number
  neighbourhood: { id: number } | number
}
type Errors = { errors: { message: string }[] }

let neighbourhood: number
let otherNeighbourhood: number

const { site, alice, bob, editor } = testSiteForFile(USUAL_PEOPLE, async () => {
  neighbourhood = await makeNeighbourhood(site, placeFields('Brixton', 'A place'))
  otherNeighbourhood = await makeNeighbourhood(site, placeFields('Kew', 'A place'))
})

const idOf = (value: { id: number } | number | null | undefined) =>
  value !== null && typeof value === 'object' ? value.id : value

const writeReview = (user: TestUser | null, extra: Record<string, unknown> = {}) =>
  site.api<{ review: { id: number } } & Errors>('POST', '/api/reviews/new', {
    body: { neighbourhood, rating: 4, comment: 'Lovely market and friendly neighbours.', ...extra },
    cookie: user?.cookie,
  })

const countReviews = async () => (await site.payload.count({ collection: 'reviews' })).totalDocs

/** An unclaimed review, as imported before its writer signed up. */
const unclaimedReview = (authorName = 'Old Timer') =>
  site.payload.create({
    collection: 'reviews',
    data: { neighbourhood, authorName, rating: 3, comment: 'Written before sign-up.' },
  })

const claim = (id: number, user: TestUser | null) =>
  site.api<{ message: string; doc: Review } & Errors>('POST', `/api/reviews/${id}/claim`, {
    cookie: user?.cookie,
  })

const badgesOf = async (user: TestUser) =>
  (
    await site.payload.find({
      collection: 'user-badges',
      where: { user: { equals: user.id } },
      sort: 'awardedAt',
      pagination: false,
    })
  ).docs.map((b) => b.badgeName)

const badgeNotifications = async (user: TestUser) =>
  (
    await site.payload.find({
      collection: 'notifications',
      where: { user: { equals: user.id }, type: { equals: 'badge' } },
      sort: 'createdAt',
      pagination: false,
    })
  ).docs

describe('writing a review (SPEC §5)', () => {
  it('asks visitors to log in and writes nothing', async () => {
    const before = await countReviews()
    const refused = await writeReview(null)
    expect(refused.status).toBe(401)
    expect(refused.body.errors[0]!.message).toBe('Please login to submit a review')
    expect(await countReviews()).toBe(before)
  })

  it.each([
    ['rating 0', { rating: 0 }, 'Rating must be a whole number from 1 to 5.'],
    ['rating 6', { rating: 6 }, 'Rating must be a whole number from 1 to 5.'],
    ['rating 2.5', { rating: 2.5 }, 'Rating must be a whole number from 1 to 5.'],
    ['rating "five"', { rating: 'five' }, 'Rating must be a whole number from 1 to 5.'],
    ['an empty comment', { comment: '' }, 'Please write your review.'],
    ['a blank comment', { comment: '   ' }, 'Please write your review.'],
    ['no comment', { comment: undefined }, 'Please write your review.'],
    ['no neighbourhood', { neighbourhood: undefined }, 'Please select a neighbourhood'],
  ])('refuses %s with a 400 and writes nothing', async (_, extra, message) => {
    const before = await countReviews()
    const refused = await writeReview(alice, extra)
    expect(refused.status).toBe(400)
    expect(refused.body.errors[0]!.message).toBe(message)
    expect(await countReviews()).toBe(before)
  })

  it('defaults the rating to 5 and writes as the session user, whatever the body says', async () => {
    const created = await writeReview(alice, {
      rating: undefined,
      user: bob.id,
      authorName: 'Somebody Else',
      reactionCount: 10,
      commentCount: 3,
      hidden: true,
    })
    expect(created.status).toBe(201)
    const review = await site.payload.findByID({
      collection: 'reviews',
      id: created.body.review.id,
    })
    expect(review.rating).toBe(5)
    expect(idOf(review.user)).toBe(alice.id)
    expect(review.authorName).toBe('alice')
    expect(review.reactionCount).toBe(0)
    expect(review.commentCount).toBe(0)
    const visible = await site.api('GET', `/api/reviews/${review.id}`)
    expect(visible.status).toBe(200)
  })
})

describe('editing, hiding and deleting a review', () => {
  it('lets the author change their own text and rating, but no one else', async () => {
    const { id } = (await writeReview(bob)).body.review
    const edit = (user: TestUser, body: Record<string, unknown>) =>
      site.api<{ review: { rating: number } } & Errors>('PATCH', `/api/reviews/${id}/details`, {
        body,
        cookie: user.cookie,
      })
    const own = await edit(bob, {
      rating: 2,
      comment: 'Changed my mind.',
      neighbourhood: otherNeighbourhood,
    })
    expect(own.status).toBe(200)
    expect(own.body.review.rating).toBe(2)
    const moved = await site.payload.findByID({ collection: 'reviews', id, depth: 0 })
    expect(idOf(moved.neighbourhood)).toBe(neighbourhood)

    const badRating = await edit(bob, { rating: 7 })
    expect(badRating.status).toBe(400)
    expect(badRating.body.errors[0]!.message).toBe('Rating must be a whole number from 1 to 5.')

    expect((await edit(alice, { comment: 'Alice was here' })).status).toBe(403)
    const reread = await site.payload.findByID({ collection: 'reviews', id })
    expect(reread).toMatchObject({ rating: 2, comment: 'Changed my mind.' })
  })

  it('lets only staff delete (the product offers no review delete)', async () => {
    const { id } = (await writeReview(bob)).body.review
    expect((await site.api('DELETE', `/api/reviews/${id}`, { cookie: bob.cookie })).status).toBe(
      403,
    )
    expect((await site.api('DELETE', `/api/reviews/${id}`, { cookie: editor.cookie })).status).toBe(
      200,
    )
  })

  it('hides a review from public reads once staff hide it', async () => {
    const { id } = (await writeReview(bob)).body.review
    const hide = await site.api('PATCH', `/api/reviews/${id}`, {
      body: { hidden: true },
      cookie: editor.cookie,
    })
    expect(hide.status).toBe(200)
    expect((await site.api('GET', `/api/reviews/${id}`)).status).toBe(404)
    const list = await site.api<{ docs: Review[] }>('GET', `/api/reviews?limit=100`)
    expect(list.body.docs.some((r) => r.id === id)).toBe(false)
    const asStaff = await site.api('GET', `/api/reviews/${id}`, { cookie: editor.cookie })
    expect(asStaff.status).toBe(200)
  })
})

describe('claiming an unclaimed review (SPEC §4)', () => {
  it('gives the review to the signed-in claimer, once', async () => {
    const review = await unclaimedReview()
    expect((await claim(review.id, null)).status).toBe(401)

    const claimed = await claim(review.id, alice)
    expect(claimed.status).toBe(200)
    expect(claimed.body.message).toBe('Review claimed successfully!')
    expect(idOf(claimed.body.doc.user)).toBe(alice.id)
    expect(claimed.body.doc.authorName).toBe('alice')

    const again = await claim(review.id, bob)
    expect(again.status).toBe(409)
    expect(again.body.errors[0]!.message).toBe('This review has already been claimed.')
    const reread = await site.payload.findByID({ collection: 'reviews', id: review.id })
    expect(idOf(reread.user as number)).toBe(alice.id)
    expect(reread.authorName).toBe('alice')
  })

  it('answers 404 for a review that does not exist or is hidden', async () => {
    expect((await claim(999_999, alice)).status).toBe(404)
    const hidden = await unclaimedReview()
    await site.payload.update({ collection: 'reviews', id: hidden.id, data: { hidden: true } })
    expect((await claim(hidden.id, alice)).status).toBe(404)
  })

  it('lets exactly one of several simultaneous claimers win', async () => {
    const review = await unclaimedReview('Contested')
    const claimers = [alice, bob, editor]
    const results = await Promise.all(claimers.map((u) => claim(review.id, u)))
    const statuses = results.map((r) => r.status).sort()
    expect(statuses).toEqual([200, 409, 409])
    const winner = claimers[results.findIndex((r) => r.status === 200)]!
    const reread = await site.payload.findByID({ collection: 'reviews', id: review.id })
    expect(idOf(reread.user as number)).toBe(winner.id)
  })
})

describe('review badges (SPEC §9: 3 → Frequent Explorer, 5 → Top Local, each once)', () => {
  it('awards each badge at its threshold, once, and tells the user', async () => {
    const carol = await makeUser(site, 'carol')
    for (let i = 1; i <= 2; i++) expect((await writeReview(carol)).status).toBe(201)
    expect(await badgesOf(carol)).toEqual([])

    expect((await writeReview(carol)).status).toBe(201)
    expect(await badgesOf(carol)).toEqual(['Frequent Explorer'])
    const [first] = await badgeNotifications(carol)
    expect(first).toMatchObject({
      type: 'badge',
      message: 'You earned the "Frequent Explorer" badge!',
      link: '/profile',
      isRead: false,
    })

    expect((await writeReview(carol)).status).toBe(201)
    expect(await badgesOf(carol)).toEqual(['Frequent Explorer'])
    expect((await writeReview(carol)).status).toBe(201)
    expect(await badgesOf(carol)).toEqual(['Frequent Explorer', 'Top Local'])
    expect((await writeReview(carol)).status).toBe(201)
    expect(await badgesOf(carol)).toEqual(['Frequent Explorer', 'Top Local'])

    const messages = (await badgeNotifications(carol)).map((n) => n.message)
    expect(messages).toEqual([
      'You earned the "Frequent Explorer" badge!',
      'You earned the "Top Local" badge!',
    ])
    const own = await site.api<{ docs: { message: string }[] }>(
      'GET',
      '/api/notifications?where[type][equals]=badge',
      { cookie: carol.cookie },
    )
    expect(own.body.docs).toHaveLength(2)
  })

  it('awards both badges exactly once when five reviews each arrive at the same moment', async () => {
    const users = [
      await makeUser(site, 'dave'),
      await makeUser(site, 'dina'),
      await makeUser(site, 'dev'),
    ]
    const results = await Promise.all(
      users.flatMap((user) => Array.from({ length: 5 }, () => writeReview(user))),
    )
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: 15 }, () => 201))
    for (const user of users) {
      expect((await badgesOf(user)).sort()).toEqual(['Frequent Explorer', 'Top Local'])
      expect(await badgeNotifications(user)).toHaveLength(2)
    }
  })

  it('reaches the threshold when two reviews arrive together after two earlier ones', async () => {
    const erin = await makeUser(site, 'erin')
    await writeReview(erin)
    await writeReview(erin)
    await Promise.all([writeReview(erin), writeReview(erin)])
    expect(await badgesOf(erin)).toEqual(['Frequent Explorer'])
    expect(await badgeNotifications(erin)).toHaveLength(1)
  })

  it('counts a claimed review towards the claimer’s badges', async () => {
    const finn = await makeUser(site, 'finn')
    await writeReview(finn)
    await writeReview(finn)
    const review = await unclaimedReview('Finn before sign-up')
    expect((await claim(review.id, finn)).status).toBe(200)
    expect(await badgesOf(finn)).toEqual(['Frequent Explorer'])
    expect(await badgeNotifications(finn)).toHaveLength(1)
  })
})

describe('user badges', () => {
  it('are public, but expired ones show to staff only', async () => {
    const gina = await makeUser(site, 'gina')
    const award = (badgeName: string, expiresAt?: string) =>
      site.api('POST', '/api/user-badges', {
        body: { user: gina.id, badgeName, colour: '#7c3aed', icon: '🎉', expiresAt },
        cookie: editor.cookie,
      })
    const day = 86_400_000
    expect((await award('Founding Member')).status).toBe(201)
    expect((await award('Festival Helper', new Date(Date.now() - day).toISOString())).status).toBe(
      201,
    )
    expect((await award('Spring Guide', new Date(Date.now() + day).toISOString())).status).toBe(201)

    const url = `/api/user-badges?where[user][equals]=${gina.id}&sort=badgeName`
    const visitor = await site.api<{ docs: { badgeName: string }[] }>('GET', url)
    expect(visitor.body.docs.map((b) => b.badgeName)).toEqual(['Founding Member', 'Spring Guide'])
    const staffView = await site.api<{ docs: unknown[] }>('GET', url, { cookie: editor.cookie })
    expect(staffView.body.docs).toHaveLength(3)
  })

  it('cannot be given or changed by members, nor twice by staff', async () => {
    const byMember = await site.api('POST', '/api/user-badges', {
      body: { user: alice.id, badgeName: 'Self-made', colour: '#000000' },
      cookie: alice.cookie,
    })
    expect(byMember.status).toBe(403)

    const first = await site.api<{ doc: { id: number } }>('POST', '/api/user-badges', {
      body: { user: alice.id, badgeName: 'Mapper', colour: '#059669' },
      cookie: editor.cookie,
    })
    expect(first.status).toBe(201)
    const patch = await site.api('PATCH', `/api/user-badges/${first.body.doc.id}`, {
      body: { badgeName: 'Top Local' },
      cookie: alice.cookie,
    })
    expect(patch.status).toBe(403)

    const twice = await site.api('POST', '/api/user-badges', {
      body: { user: alice.id, badgeName: 'Mapper', colour: '#059669' },
      cookie: editor.cookie,
    })
    expect(twice.status).toBe(400)
    const count = await site.payload.count({
      collection: 'user-badges',
      where: { user: { equals: alice.id }, badgeName: { equals: 'Mapper' } },
    })
    expect(count.totalDocs).toBe(1)
  })
})
