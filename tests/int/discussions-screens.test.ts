import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { loadThreadComments } from '@/loaders/comments'
import { loadDiscussion, loadDiscussionList } from '@/loaders/discussions'
import { loadForumPage } from '@/loaders/forum'
import { pgPool } from '@/server/database/db'
import type { DiscussionListView } from '@/views/discussion'
import { FORUM_TABS, type ForumPage } from '@/views/forum'
import { countQueries } from '@tests/support/queryCounter'
import { makeNeighbourhood, NO_LIVE, placeFields, testSiteForFile, type TestUser } from './harness'

/**
 * The discussion and forum screens' reads (SPEC §2 Discussions, Community forum): the list as
 * the page shows it (reactions then newest, tag filter, neighbourhood, pages of 10, hidden ones
 * left out), the detail loader, the forum pages, in at most 2 SQL queries, never a 5xx.
 */

let camden: number
const ids: Record<string, number> = {}

const make = async (
  key: string,
  data: { title: string; tags?: string[]; neighbourhood?: number; reactionCount?: number },
  author: TestUser,
  createdAt: string,
) => {
  const doc = await site.payload.create({
    collection: 'discussions',
    data: { content: `${data.title} content`, author: author.id, ...data },
    context: { disableLive: true },
    overrideAccess: true,
  })
  await pgPool(site.payload).query(
    'UPDATE discussions SET created_at = $2, reaction_count = $3 WHERE id = $1',
    [doc.id, createdAt, data.reactionCount ?? 0],
  )
  ids[key] = doc.id
}

const people = { members: ['alice', 'bob'], timeout: 300_000 } as const
const { site, alice, bob } = testSiteForFile(people, async () => {
  camden = await makeNeighbourhood(site, placeFields('Camden', 'Markets', ['Creative']), NO_LIVE)
  await make(
    'popular',
    { title: 'Popular', tags: ['Parks'], reactionCount: 5 },
    alice,
    '2026-01-01',
  )
  await make('newer', { title: 'Newer', tags: ['food', 'parks'] }, bob, '2026-03-01')
  await make('older', { title: 'Older', neighbourhood: camden }, alice, '2026-02-01')
  await make('hidden', { title: 'Hidden', tags: ['parks'] }, bob, '2026-04-01')
  await pgPool(site.payload).query('UPDATE discussions SET hidden = true WHERE id = $1', [
    ids.hidden,
  ])
  for (let i = 0; i < 12; i++) {
    await make(`bulk${i}`, { title: `Bulk ${i}`, tags: ['bulk'] }, bob, `2025-06-${10 + i}`)
  }
})

const list = async (query = '') => {
  const res = await site.api<DiscussionListView>('GET', `/api/discussions/list${query}`)
  expect(res.status).toBe(200)
  return res.body
}
const titles = (l: DiscussionListView) => l.cards.map((c) => c.title)

describe('GET /api/discussions/list', () => {
  it('orders by reactions then newest, leaves hidden ones out, pages by 10', async () => {
    const first = await list()
    expect(first.total).toBe(15)
    expect(first.totalPages).toBe(2)
    expect(titles(first).slice(0, 3)).toEqual(['Popular', 'Newer', 'Older'])
    expect(titles(first)).not.toContain('Hidden')
    expect(first.cards).toHaveLength(10)
    const second = await list('?page=2')
    expect(second.cards).toHaveLength(5)
    expect(second.page).toBe(2)
    const popular = first.cards[0]!
    expect(popular.author?.userName).toBe('alice')
    expect(popular.tags).toEqual(['Parks'])
    expect(popular.reactionCount).toBe(5)
    expect(popular.href).toBe(`/discussions/${ids.popular}`)
  })

  it('filters by tag (any case) and by neighbourhood', async () => {
    expect(titles(await list('?tag=parks'))).toEqual(['Popular', 'Newer'])
    expect(titles(await list('?tag=PARKS'))).toEqual(['Popular', 'Newer'])
    expect((await list('?tag=nothing')).cards).toEqual([])
    const inCamden = await list('?neighbourhood=camden')
    expect(titles(inCamden)).toEqual(['Older'])
    expect(inCamden.cards[0]).toMatchObject({
      neighbourhoodSlug: 'camden',
      neighbourhoodName: 'Camden',
    })
    expect((await list('?neighbourhood=nowhere')).total).toBe(0)
  })

  it('answers odd parameters with page 1 or an empty page, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 80 }),
        fc.oneof(fc.string({ maxLength: 12 }), fc.integer().map(String)),
        fc.string({ maxLength: 120 }),
        async (tag, page, slug) => {
          const q = new URLSearchParams({ tag, page, neighbourhood: slug })
          const res = await site.api<DiscussionListView>('GET', `/api/discussions/list?${q}`)
          expect(res.status).toBe(200)
          expect(res.body.page).toBeGreaterThanOrEqual(1)
        },
      ),
      { numRuns: 40 },
    )
    const past = await list('?page=99')
    expect(past.cards).toEqual([])
    expect(past.total).toBe(15)
  })

  it('is one SQL query whatever the page holds (two past the last page)', async () => {
    for (const query of ['?tag=food', '', '?page=2', '?tag=bulk']) {
      const { count } = await countQueries(site.payload, () => list(query))
      expect(count, query).toBeGreaterThan(0)
      expect(count, query).toBeLessThanOrEqual(1)
    }
    const { count } = await countQueries(site.payload, () => list('?page=50'))
    expect(count).toBeLessThanOrEqual(2)
  })
})

describe('page loaders', () => {
  it('lists with popular tags in at most 2 queries, and knows unknown neighbourhoods', async () => {
    const { result: page, count } = await countQueries(site.payload, () =>
      loadDiscussionList(site.payload, new URL('http://x/discussions?tag=parks'), null),
    )
    expect(count).toBeLessThanOrEqual(2)
    if (page.kind !== 'list') throw new Error('expected a list')
    expect(page.tags.map((t) => t.toLowerCase())).toEqual(['bulk', 'parks', 'food'])
    expect(titles(page.list)).toEqual(['Popular', 'Newer'])
    const local = await loadDiscussionList(site.payload, new URL('http://x/'), 'camden')
    expect(local.kind === 'list' && local.neighbourhood?.slug).toBe('camden')
    expect((await loadDiscussionList(site.payload, new URL('http://x/'), 'nowhere')).kind).toBe(
      'no-neighbourhood',
    )
  })

  it('reads one discussion; hidden, missing and odd ids are not found', async () => {
    const d = await loadDiscussion(site.payload, String(ids.older))
    expect(d).toMatchObject({
      title: 'Older',
      neighbourhoodSlug: 'camden',
      neighbourhoodName: 'Camden',
      tags: [],
    })
    expect(d?.author).toMatchObject({ id: alice.id, userName: 'alice' })
    expect(await loadDiscussion(site.payload, String(ids.hidden))).toBeNull()
    expect(await loadDiscussion(site.payload, '99999999')).toBeNull()
    expect(await loadDiscussion(site.payload, 'abc')).toBeNull()
    expect(await loadDiscussion(site.payload, '1.5')).toBeNull()
  })

  it('renders a thread with authors, hidden comments left out, in a few queries', async () => {
    const say = async (content: string, user: TestUser, parent?: number) =>
      (
        await site.api<{ comment: { id: number } }>('POST', '/api/comments/new', {
          body: { targetKind: 'discussion', targetId: ids.newer, content, parent },
          cookie: user.cookie,
        })
      ).body.comment.id
    const top = await say('Top', alice)
    const reply = await say('Reply', bob, top)
    const hidden = await say('Hidden one', bob)
    await pgPool(site.payload).query('UPDATE comments SET hidden = true WHERE id = $1', [hidden])
    const { result: thread, count } = await countQueries(site.payload, () =>
      loadThreadComments(site.payload, 'discussion', ids.newer!),
    )
    expect(count).toBeLessThanOrEqual(4)
    expect(thread.map((c) => [c.content, c.parent, c.author?.userName])).toEqual([
      ['Top', null, 'alice'],
      ['Reply', top, 'bob'],
    ])
    expect(thread[1]!.id).toBe(reply)
  })

  it('reads the forum pages of every tab in 2 queries', async () => {
    for (const tab of FORUM_TABS) {
      const { result: page, count } = await countQueries(site.payload, (): Promise<ForumPage> =>
        loadForumPage(site.payload, tab, new URL('http://x/?page=2')),
      )
      expect(count, tab.label).toBeLessThanOrEqual(2)
      expect(page.page).toBe(2)
      if (tab.type) expect(page.cards.every((c) => c.type === tab.type)).toBe(true)
    }
    const all = await loadForumPage(site.payload, FORUM_TABS[0]!, new URL('http://x/?page=x'))
    expect(all.page).toBe(1)
    expect(all.cards).toHaveLength(10)
    expect(all.cards.map((c) => c.title)).not.toContain('Hidden')
    expect(all.totalPages).toBe(2)
  })

  it('forum endpoint refuses an unknown type with 400 and reads odd pages as page 1', async () => {
    expect((await site.api('GET', '/api/forum?type=poem')).status).toBe(400)
    const odd = await site.api<ForumPage>('GET', '/api/forum?page=-4')
    expect(odd.status).toBe(200)
    expect(odd.body.page).toBe(1)
  })
})
