import { describe, expect, it } from 'vitest'

import { makeUser, testSiteForFile } from './harness'

const { site } = testSiteForFile({})

describe('staff deletes never fail on what depends on the deleted row', () => {
  it('deleting a neighbourhood removes its reviews, stories and spots, and unlinks events', async () => {
    const alice = await makeUser(site, 'alice')
    const editor = await makeUser(site, 'eddie', 'editor')
    const n = await site.api<{ doc: { id: number } }>('POST', '/api/neighbourhoods/new', {
      body: { name: 'Gone Town', slug: 'gone-town', tagline: 'Soon gone', vibes: ['Calm'] },
      cookie: alice.cookie,
    })
    const nid = n.body.doc.id
    const review = await site.api<{ review: { id: number } }>('POST', '/api/reviews/new', {
      body: { neighbourhood: nid, rating: 5, comment: 'Nice while it lasted.' },
      cookie: alice.cookie,
    })
    await site.api('POST', '/api/reactions/toggle', {
      body: { targetKind: 'review', targetId: review.body.review.id, emoji: 'heart' },
      cookie: editor.cookie,
    })
    await site.api('POST', '/api/stories/new', {
      body: { title: 'A story', description: 'Told', neighbourhood: nid },
      cookie: alice.cookie,
    })
    const event = await site.api<{ doc: { id: number } }>('POST', '/api/events/new', {
      body: {
        title: 'Fair',
        description: 'Fun',
        eventDate: '2031-01-01T10:00:00.000Z',
        location: 'Green',
        neighbourhood: nid,
      },
      cookie: alice.cookie,
    })
    const del = await site.api('DELETE', `/api/neighbourhoods/${nid}`, { cookie: editor.cookie })
    expect(del.status).toBe(200)
    const count = async (collection: 'reviews' | 'stories' | 'reactions') =>
      (await site.payload.count({ collection })).totalDocs
    expect(await count('reviews')).toBe(0)
    expect(await count('stories')).toBe(0)
    expect(await count('reactions')).toBe(0)
    const kept = await site.payload.findByID({
      collection: 'events',
      id: event.body.doc.id,
      depth: 0,
    })
    expect(kept.neighbourhood ?? null).toBeNull()
  })

  it('deleting an account removes its private traces and leaves its reviews unclaimed', async () => {
    const bob = await makeUser(site, 'bob')
    const admin = await makeUser(site, 'root', 'admin')
    const n = await site.api<{ doc: { id: number } }>('POST', '/api/neighbourhoods', {
      body: { name: 'Stay Town', slug: 'stay-town', tagline: 'Here to stay', vibes: ['Calm'] },
      cookie: admin.cookie,
    })
    for (let i = 0; i < 3; i++) {
      await site.api('POST', '/api/reviews/new', {
        body: { neighbourhood: n.body.doc.id, rating: 4, comment: `Review number ${i}` },
        cookie: bob.cookie,
      })
    }
    expect((await site.payload.count({ collection: 'user-badges' })).totalDocs).toBe(1)
    const del = await site.api('DELETE', `/api/users/${bob.id}`, { cookie: admin.cookie })
    expect(del.status).toBe(200)
    expect((await site.payload.count({ collection: 'user-badges' })).totalDocs).toBe(0)
    const { docs } = await site.payload.find({
      collection: 'reviews',
      where: { neighbourhood: { equals: n.body.doc.id } },
    })
    expect(docs).toHaveLength(3)
    expect(docs.every((r) => !r.user)).toBe(true)
  })
})
