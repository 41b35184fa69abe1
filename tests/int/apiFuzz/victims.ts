import type { CollectionSlug } from 'payload'
import { expect } from 'vitest'

import { pgPool } from '@/server/database/db'
import type { HttpSite } from '@tests/support/httpSite'
import { QUIET, type TestSite, type TestUser } from '@tests/int/harness'
import type { Call } from './calls'

/** Fields that others' reactions, comments and RSVPs move (counters), and the write time. */
const MOVING = new Set([
  'updatedAt',
  'reactionCount',
  'commentCount',
  'attendingCount',
  'interestedCount',
])

/** Tables whose rows a refused write must leave as they were (count and last change). */
const WATCHED = [
  'reviews',
  'stories',
  'discussions',
  'events',
  'polls',
  'comments',
  'reactions',
  'follows',
  'event_rsvps',
  'poll_votes',
  'local_businesses',
  'neighbourhoods',
  'reports',
  'media',
]

/**
 * The owner's documents (one of each kind members post, and the owner's account), which the
 * fuzzing members must never change: every write to one is refused, and each reads the same
 * after the run (but for the counters others move).
 */
export class Victims {
  private before = new Map<string, string>()
  private constructor(
    private site: TestSite,
    private docs: { collection: CollectionSlug; id: number }[],
    readonly neighbourhood: number,
  ) {}

  static async make(site: TestSite, http: HttpSite, owner: TestUser): Promise<Victims> {
    const place = await site.payload.create({
      collection: 'neighbourhoods',
      data: {
        name: 'Victimton',
        slug: 'victimton',
        tagline: 'Hands off',
        vibes: ['Calm'],
        createdBy: owner.id,
      },
      context: QUIET,
    })
    const post = (path: string, body: Record<string, unknown>) => postAs(http, owner, path, body)
    const neighbourhood = place.id
    const discussion = await post('/api/discussions', {
      title: 'Mine',
      content: 'Hands off',
      neighbourhood,
    })
    const event = await post('/api/events', {
      title: 'Party',
      description: 'Mine',
      eventDate: '2031-05-01T18:00:00.000Z',
      location: 'Hall',
      neighbourhood,
    })
    const poll = await post('/api/polls', {
      question: 'Mine?',
      options: [{ text: 'a' }, { text: 'b' }],
    })
    const docs: { collection: CollectionSlug; id: number }[] = [
      { collection: 'users', id: owner.id },
      { collection: 'neighbourhoods', id: neighbourhood },
      {
        collection: 'reviews',
        id: await post('/api/reviews', { neighbourhood, rating: 5, comment: 'Mine.' }),
      },
      {
        collection: 'stories',
        id: await post('/api/stories', { title: 'Mine', description: 'Hands off', neighbourhood }),
      },
      { collection: 'discussions', id: discussion },
      { collection: 'events', id: event },
      { collection: 'polls', id: poll },
      {
        collection: 'local-businesses',
        id: await post('/api/local-businesses', { name: 'Mine', category: 'cafe', neighbourhood }),
      },
      {
        collection: 'comments',
        id: await post('/api/comments', {
          targetKind: 'discussion',
          targetId: discussion,
          content: 'Mine',
        }),
      },
    ]
    return new Victims(site, docs, neighbourhood)
  }

  /** Reads every document as it is before the run (after the fixtures are all made). */
  async remember() {
    for (const doc of this.docs) this.before.set(this.key(doc), await this.read(doc))
  }

  get ids(): number[] {
    return this.docs.map((doc) => doc.id)
  }

  private key = (doc: { collection: string; id: number }) => `${doc.collection}/${doc.id}`

  private async read(doc: { collection: CollectionSlug; id: number }): Promise<string> {
    const found = await this.site.payload.findByID({
      ...doc,
      depth: 0,
      overrideAccess: true,
      disableErrors: true,
    })
    return JSON.stringify(found, (key, value: unknown) => (MOVING.has(key) ? undefined : value))
  }

  /** An update or delete of one of the owner's documents (every fuzzing actor is someone else). */
  isWriteToOne(call: Call): boolean {
    if (!['PATCH', 'PUT', 'DELETE'].includes(call.method)) return false
    const path = call.url.split('?')[0]!
    return this.docs.some((doc) => path === `/api/${doc.collection}/${doc.id}`)
  }

  /** Every watched table's row count and last change, in one statement. */
  async fingerprint(): Promise<string[]> {
    const columns = WATCHED.map(
      (t) => `(SELECT count(*) || '/' || coalesce(max(updated_at)::text, '') FROM ${t})`,
    )
    const { rows } = await pgPool(this.site.payload).query<{ f: string[] }>(
      `SELECT ARRAY[${columns.join(', ')}] AS f`,
    )
    return rows[0]!.f
  }

  async expectUnchanged() {
    for (const doc of this.docs)
      expect(await this.read(doc), this.key(doc)).toBe(this.before.get(this.key(doc)))
  }
}

/**
 * A document written over HTTP as `user`'s browser writes it, through its kind's command
 * (`/api/reviews` → POST /api/reviews/new); answers its id.
 */
export async function postAs(
  http: HttpSite,
  user: { cookie: string },
  path: string,
  body: Record<string, unknown>,
): Promise<number> {
  const res = await http.call<Partial<Record<'doc' | 'review' | 'comment', { id: number }>>>(
    'POST',
    `${path}/new`,
    { body, cookie: user.cookie },
  )
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return (res.body.doc ?? res.body.review ?? res.body.comment)!.id
}
