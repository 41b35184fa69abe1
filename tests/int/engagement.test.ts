import { describe, expect, it } from 'vitest'

import { pgPool } from '@/server/database/db'
import { answerChecker } from '@tests/support/apiDescription'
import { createAs, makeUser, placeFields, testSiteForFile, type TestUser } from './harness'

let reviewId: number

const people = { members: ['alice', 'bob', 'carol'], staff: { editor: 'eddie' } } as const
const { site, alice, bob, carol, editor } = testSiteForFile(people, async () => {
  const place = placeFields('Deptford', 'Creek and market', ['Creative'])
  const deptford = await createAs(site, alice, '/api/neighbourhoods', place)
  reviewId = await createAs(site, alice, '/api/reviews', {
    neighbourhood: deptford,
    rating: 4,
    comment: 'Lovely market on Saturdays.',
  })
})

interface Toggle {
  mine: string | null
  counts: Record<string, number>
  total: number
}
const toggle = (user: TestUser | null, body: Record<string, unknown>) =>
  site.api<Toggle & { errors?: { message: string }[] }>('POST', '/api/reactions/toggle', {
    body,
    cookie: user?.cookie,
  })
const rowsFor = async (kind: string, id: number, user?: number) =>
  (
    await site.payload.find({
      collection: 'reactions',
      where: {
        targetKind: { equals: kind },
        targetId: { equals: id },
        ...(user ? { user: { equals: user } } : {}),
      },
    })
  ).docs
const notificationsOf = async (user: TestUser) =>
  (
    await site.payload.find({
      collection: 'notifications',
      where: { user: { equals: user.id } },
      sort: '-createdAt',
    })
  ).docs

describe('reactions: one toggle for every target kind', () => {
  it('creates, replaces and removes (same emoji again removes)', async () => {
    const review = { targetKind: 'review', targetId: reviewId }
    const first = await toggle(bob, { ...review, emoji: 'heart' })
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ mine: 'heart', counts: { heart: 1, 'thumbs-up': 0 } })
    const replaced = await toggle(bob, { ...review, emoji: 'thumbs-up' })
    expect(replaced.body).toMatchObject({ mine: 'thumbs-up', counts: { heart: 0, 'thumbs-up': 1 } })
    expect(await rowsFor('review', reviewId, bob.id)).toHaveLength(1)
    const removed = await toggle(bob, { ...review, emoji: 'thumbs-up' })
    expect(removed.body).toMatchObject({ mine: null, total: 0 })
    expect(await rowsFor('review', reviewId, bob.id)).toHaveLength(0)
  })

  it('keeps exactly one row per user and target under parallel toggles', async () => {
    const body = { targetKind: 'review', targetId: reviewId, emoji: 'heart' }
    const results = await Promise.all(Array.from({ length: 5 }, () => toggle(carol, body)))
    expect(results.every((r) => r.status === 200)).toBe(true)
    // Five serialised toggles of one emoji: on, off, on, off, on.
    expect(await rowsFor('review', reviewId, carol.id)).toHaveLength(1)
    const mixed = await Promise.all(
      ['heart', 'thumbs-up', 'thumbs-down', 'heart', 'thumbs-up', 'thumbs-down'].map((emoji) =>
        toggle(bob, { targetKind: 'review', targetId: reviewId, emoji }),
      ),
    )
    expect(mixed.every((r) => r.status === 200)).toBe(true)
    expect((await rowsFor('review', reviewId, bob.id)).length).toBeLessThanOrEqual(1)
    const review = await site.payload.findByID({ collection: 'reviews', id: reviewId })
    expect(review.reactionCount).toBe((await rowsFor('review', reviewId)).length)
  })

  it('keeps the stored count right when many people react and comment at once', async () => {
    const n = await site.payload.find({ collection: 'neighbourhoods', limit: 1 })
    const fresh = await site.api<{ doc: { id: number } }>('POST', '/api/reviews', {
      body: { neighbourhood: n.docs[0]!.id, rating: 3, comment: 'Busy review.' },
      cookie: editor.cookie,
    })
    const id = fresh.body.doc.id
    const crowd = [
      alice,
      bob,
      carol,
      ...(await Promise.all(['dan', 'erin'].map((u) => makeUser(site, u)))),
    ]
    await Promise.all([
      ...crowd.map((u) => toggle(u, { targetKind: 'review', targetId: id, emoji: 'heart' })),
      ...crowd.map((u) =>
        site.api('POST', '/api/comments/new', {
          body: { targetKind: 'review', targetId: id, content: `From ${u.email}` },
          cookie: u.cookie,
        }),
      ),
    ])
    const review = await site.payload.findByID({ collection: 'reviews', id })
    expect(review.reactionCount).toBe(crowd.length)
    expect(review.commentCount).toBe(crowd.length)
  })

  it('refuses visitors, foreign emojis, unknown kinds and missing targets, writing nothing', async () => {
    const before = (await rowsFor('review', reviewId)).length
    const visitor = await toggle(null, { targetKind: 'review', targetId: reviewId, emoji: 'heart' })
    expect(visitor.status).toBe(401)
    expect(visitor.body.errors![0]!.message).toBe('Login to react')
    const fire = await toggle(bob, { targetKind: 'review', targetId: reviewId, emoji: 'fire' })
    expect(fire.status).toBe(400)
    expect(fire.body.errors![0]!.message).toBe('That emoji is not available here.')
    const kind = await toggle(bob, { targetKind: 'poem', targetId: reviewId, emoji: 'heart' })
    expect(kind.status).toBe(400)
    const missing = await toggle(bob, { targetKind: 'review', targetId: 999999, emoji: 'heart' })
    expect(missing.status).toBe(404)
    expect((await rowsFor('review', reviewId)).length).toBe(before)
  })

  it('cannot be written around the toggle through plain REST', async () => {
    const direct = await site.api('POST', '/api/reactions', {
      body: { targetKind: 'review', targetId: reviewId, user: bob.id, emoji: 'heart' },
      cookie: bob.cookie,
    })
    expect(direct.status).toBe(403)
  })

  it('notifies the owner when someone else reacts, never for your own', async () => {
    const before = (await notificationsOf(alice)).length
    await toggle(alice, { targetKind: 'review', targetId: reviewId, emoji: 'heart' })
    expect((await notificationsOf(alice)).length).toBe(before)
    await toggle(editor, { targetKind: 'review', targetId: reviewId, emoji: 'heart' })
    const [latest] = await notificationsOf(alice)
    expect(latest).toMatchObject({ type: 'reaction', message: 'eddie reacted to your review.' })
    expect(latest!.link).toBe(`/neighbourhood/deptford#review-${reviewId}`)
  })

  it('summarises counts and the caller’s own emoji for many targets at once', async () => {
    const res = await site.api<{ summaries: { targetId: number; mine: string | null }[] }>(
      'GET',
      `/api/reactions/summary?targetKind=review&ids=${reviewId},999999`,
      { cookie: alice.cookie },
    )
    expect(res.status).toBe(200)
    expect(res.body.summaries).toHaveLength(2)
    expect(res.body.summaries[0]).toMatchObject({ targetId: reviewId, mine: 'heart' })
    expect(res.body.summaries[1]).toMatchObject({ targetId: 999999, mine: null })
  })

  it('rewrites the top reviewers page when a review gains or loses a reaction', async () => {
    const stale = async () =>
      (
        await pgPool(site.payload).query<{ path: string }>('SELECT path FROM site_stale_pages')
      ).rows.map((r) => r.path)
    await pgPool(site.payload).query('DELETE FROM site_stale_pages')
    expect(
      (await toggle(carol, { targetKind: 'review', targetId: reviewId, emoji: 'fire' })).status,
    ).toBe(400)
    expect(await stale()).not.toContain('/top-reviewers')
    const heart = { targetKind: 'review', targetId: reviewId, emoji: 'heart' }
    expect((await toggle(carol, heart)).status).toBe(200)
    expect(await stale()).toContain('/top-reviewers')
    await pgPool(site.payload).query('DELETE FROM site_stale_pages')
    expect((await toggle(carol, heart)).status).toBe(200)
    expect(await stale()).toContain('/top-reviewers')
  })

  it('answers as the API description says', async () => {
    const check = answerChecker((await site.api('GET', '/api/openapi.json')).body as never)
    const heart = { targetKind: 'review', targetId: reviewId, emoji: 'heart' }
    const on = `targetKind=review&ids=${reviewId}`
    const calls = [
      ['POST', '/api/reactions/toggle', await toggle(carol, heart)],
      ['POST', '/api/reactions/toggle', await toggle(carol, heart)],
      ['POST', '/api/reactions/toggle', await toggle(null, heart)],
      ['POST', '/api/reactions/toggle', await toggle(carol, { ...heart, emoji: 'fire' })],
      ['POST', '/api/reactions/toggle', await toggle(carol, { ...heart, targetId: 999999 })],
      ['GET', '/api/reactions/summary', await site.api('GET', `/api/reactions/summary?${on}`)],
      [
        'GET',
        '/api/reactions/mine',
        await site.api('GET', `/api/reactions/mine?${on}`, { cookie: alice.cookie }),
      ],
      ['GET', '/api/reactions/mine', await site.api('GET', '/api/reactions/mine?targetKind=x')],
    ] as const
    expect(calls.map(([, , c]) => c.status)).toEqual([200, 200, 401, 400, 404, 200, 200, 400])
    const problems = calls.map(([method, url, c]) => check(method, url, c.status, c.body).problem)
    expect(problems).toEqual(calls.map(() => null))
  })
})

describe('comments: one threaded mechanism', () => {
  const post = (user: TestUser | null, body: Record<string, unknown>) =>
    site.api<{ comment: { id: number; author: { id: number } | null } }>(
      'POST',
      '/api/comments/new',
      { body, cookie: user?.cookie },
    )
  const depthOf = async (id: number) =>
    (await site.payload.findByID({ collection: 'comments', id })).depth
  const on = (extra: Record<string, unknown> = {}) => ({
    targetKind: 'review',
    targetId: reviewId,
    ...extra,
  })

  it('threads replies two levels deep, notifying the right people', async () => {
    const top = await post(bob, on({ content: 'Agree about the market!', author: carol.id }))
    expect(top.status).toBe(201)
    expect(top.body.comment.author?.id).toBe(bob.id)
    expect((await notificationsOf(alice))[0]).toMatchObject({
      type: 'comment',
      message: 'bob commented on your review.',
    })

    const reply = await post(alice, on({ content: 'Thanks Bob', parent: top.body.comment.id }))
    expect(reply.status).toBe(201)
    expect(await depthOf(reply.body.comment.id)).toBe(1)
    expect((await notificationsOf(bob))[0]).toMatchObject({
      type: 'reply',
      message: 'alice replied to your comment.',
    })

    const deeper = await post(carol, on({ content: 'Me too', parent: reply.body.comment.id }))
    expect(await depthOf(deeper.body.comment.id)).toBe(2)
    const tooDeep = await post(bob, on({ content: 'And me', parent: deeper.body.comment.id }))
    expect(tooDeep.status).toBe(400)
    expect(JSON.stringify(tooDeep.body)).toContain('Replies can only be nested 2 deep.')

    const review = await site.payload.findByID({ collection: 'reviews', id: reviewId })
    expect(review.commentCount).toBe(3)
  })

  it('refuses empty text, visitors, foreign parents and missing targets', async () => {
    const count = async () => (await site.payload.count({ collection: 'comments' })).totalDocs
    const before = await count()
    const empty = await post(bob, on({ content: '   ' }))
    expect(empty.status).toBe(400)
    expect(JSON.stringify(empty.body)).toContain('Write something first.')
    const visitor = await post(null, on({ content: 'hi' }))
    expect(visitor.status).toBe(401)
    expect(JSON.stringify(visitor.body)).toContain('Please login to comment')
    expect((await post(bob, on({ content: 'hi', targetId: 999999 }))).status).toBe(404)
    expect((await post(bob, on({ content: 'hi', targetKind: 'essay' }))).status).toBe(400)
    expect(await count()).toBe(before)
  })

  it('lets only the author (or staff) edit, and staff hide it from everyone else', async () => {
    const mine = await post(bob, on({ content: 'Original words' }))
    const id = mine.body.comment.id
    const edit = (user: TestUser, content: string) =>
      site.api<{ comment: { content: string } }>('PATCH', `/api/comments/${id}/details`, {
        body: { content },
        cookie: user.cookie,
      })
    expect((await edit(carol, 'Hijacked')).status).toBe(403)
    expect((await edit(bob, 'Edited words')).body.comment.content).toBe('Edited words')
    await site.api('PATCH', `/api/comments/${id}/details`, {
      body: { hidden: true },
      cookie: bob.cookie,
    })
    expect((await site.payload.findByID({ collection: 'comments', id })).hidden).toBe(false)
    await site.api('PATCH', `/api/comments/${id}`, {
      body: { hidden: true },
      cookie: editor.cookie,
    })
    expect((await site.api('GET', `/api/comments/${id}`)).status).toBe(404)
    expect((await site.api('GET', `/api/comments/${id}`, { cookie: editor.cookie })).status).toBe(
      200,
    )
  })

  it('deletes replies with their comment and keeps the count right', async () => {
    const top = await post(carol, on({ content: 'A thread to delete' }))
    await post(bob, on({ content: 'reply', parent: top.body.comment.id }))
    const before = (await site.payload.findByID({ collection: 'reviews', id: reviewId }))
      .commentCount
    const deleteAs = (user: TestUser) =>
      site.api('POST', `/api/comments/${top.body.comment.id}/delete`, { cookie: user.cookie })
    expect((await deleteAs(bob)).status).toBe(403)
    const del = await deleteAs(carol)
    expect(del.status).toBe(200)
    const after = (await site.payload.findByID({ collection: 'reviews', id: reviewId }))
      .commentCount
    expect(after).toBe((before ?? 0) - 2)
  })

  it('takes reactions on review comments, with the comment emoji set', async () => {
    const c = await post(carol, on({ content: 'React to me' }))
    const res = await toggle(bob, {
      targetKind: 'review-comment',
      targetId: c.body.comment.id,
      emoji: 'thumbs-down',
    })
    expect(res.status).toBe(200)
    expect((await notificationsOf(carol))[0]).toMatchObject({
      type: 'reaction',
      message: 'bob reacted to your comment.',
    })
    const wrongKind = await toggle(bob, {
      targetKind: 'story-comment',
      targetId: c.body.comment.id,
      emoji: 'heart',
    })
    expect(wrongKind.status).toBe(404)
  })
})
