import fc from 'fast-check'
import type { CollectionSlug } from 'payload'
import { describe, expect, it } from 'vitest'

import { loadComparePage } from '@/loaders/compare'
import { COMPARE_MAX, compareRedirect, MAX_VALUE_CHARS, readCompareQuery } from '@/rules/compare'
import { pgPool } from '@/server/database/db'
import type { ComparePage } from '@/views/compare'
import { createAs, makeNeighbourhood, placeFields, QUIET, testSiteForFile } from './harness'

/**
 * The Compare page's read (src/loaders/compare.ts) and its address rules (src/rules/compare.ts):
 * one sorted order (other spellings redirect there), every section as a signed-out reader sees
 * it, and any address at all answered with a page or a message, never an error.
 */
const DAY = 86_400_000
let alpha = 0
let beta = 0

const { site, alice, bob } = testSiteForFile(
  { members: ['alice', 'bob'], timeout: 120_000 },
  async () => {
    alpha = await makeNeighbourhood(site, placeFields('Alpha Vale', 'Quiet lanes'), QUIET)
    beta = await makeNeighbourhood(site, placeFields('Beta Park', 'Busy markets'), QUIET)
    await makeNeighbourhood(site, placeFields('Gamma Hill', 'Long views'), QUIET)
    const create = async (collection: CollectionSlug, data: Record<string, unknown>) => {
      const doc = (await site.payload.create({ collection, data, context: QUIET } as never)) as {
        id: number
      }
      return doc.id
    }
    // As the population look-up writes it (staff-only fields, no look-up in tests).
    await pgPool(site.payload).query(
      `UPDATE neighbourhoods SET population_estimate = 12345.4, population_year = 2023 WHERE id = $1`,
      [alpha],
    )
    // Reviews 5, 4, 4 and a hidden 1, the newest visible one last.
    for (const [rating, comment] of [
      [5, 'First review.'],
      [4, 'Second review.'],
      [4, `Newest visible review.\n${'Very long text. '.repeat(30)}`],
    ] as const) {
      await create('reviews', { neighbourhood: alpha, authorName: 'Ann', rating, comment })
    }
    await create('reviews', {
      neighbourhood: alpha,
      authorName: 'Hid',
      rating: 1,
      comment: 'Hidden review.',
      hidden: true,
    })
    await pgPool(site.payload).query(
      `UPDATE reviews SET created_at = now() - make_interval(secs => 1000 - id)`,
    )
    const spot = (name: string, category: string) =>
      createAs(site, alice, '/api/local-businesses', { name, category, neighbourhood: alpha })
    await spot('Bean There', 'cafe')
    await spot('Grind', 'cafe')
    await spot('Lift', 'gym')
    const future = (days: number) => new Date(Date.now() + days * DAY).toISOString()
    const event = (title: string, extra: Record<string, unknown> = {}) =>
      create('events', {
        title,
        description: 'An event.',
        eventDate: future(10),
        location: 'Hall',
        neighbourhood: alpha,
        author: bob.id,
        tags: ['Parks'],
        ...extra,
      })
    await event('Later fair', { eventDate: future(20) })
    await event('Soon fair', { eventDate: future(5) })
    const past = await event('Past fair')
    await event('Private party', { isPublic: false })
    await event('Hidden gig', { hidden: true })
    await pgPool(site.payload).query(
      `UPDATE events SET event_date = now() - interval '2 days' WHERE id = $1`,
      [past],
    )
    const story = (title: string, extra: Record<string, unknown> = {}) =>
      create('stories', {
        title,
        description: 'A story.',
        neighbourhood: alpha,
        author: alice.id,
        tags: ['parks', 'food'],
        ...extra,
      })
    await story('Morning walk')
    await story('Evening walk')
    await story('My diary', { isPublic: false })
    await story('Taken down', { hidden: true })
    const old = await story('Last year', { tags: [] })
    await pgPool(site.payload).query(
      `UPDATE stories SET created_at = now() - interval '120 days' WHERE id = $1`,
      [old],
    )
    await create('discussions', {
      title: 'Best park?',
      content: 'Which one?',
      neighbourhood: alpha,
      author: bob.id,
      tags: ['parks'],
    })
  },
)

/** What a request for /compare{search} answers: the page's redirect, else the loader's page. */
async function answer(
  search: string,
): Promise<{ status: number; target?: string; page?: ComparePage }> {
  const url = new URL(`http://belong.test/compare${search}`)
  const query = readCompareQuery(url.searchParams)
  const target = compareRedirect(`${url.pathname}${url.search}`, query)
  if (target) return { status: 301, target }
  const page = await loadComparePage(site.payload, query)
  return { status: page.status, page }
}

const columnsOf = (page?: ComparePage) => (page?.kind === 'compare' ? page.columns : [])

describe('one canonical order', () => {
  it('redirects other orders, duplicates, case and repeated n to the sorted address', async () => {
    for (const search of [
      '?n=gamma-hill,alpha-vale',
      '?n=alpha-vale,gamma-hill,alpha-vale',
      '?n=Alpha-Vale,%20gamma-hill',
      '?n=gamma-hill&n=alpha-vale',
      '?n=alpha-vale,,gamma-hill,',
      '?add=Gamma Hill&n=alpha-vale',
    ]) {
      expect(await answer(search), search).toEqual({
        status: 301,
        target: '/compare?n=alpha-vale,gamma-hill',
      })
    }
    const { status, page } = await answer('?n=alpha-vale,gamma-hill')
    expect(status).toBe(200)
    expect(columnsOf(page).map((c) => c.slug)).toEqual(['alpha-vale', 'gamma-hill'])
  })
})

describe('the sections', () => {
  it('shows what a signed-out reader sees, side by side', async () => {
    const { page } = await answer('?n=alpha-vale,beta-park')
    const [a, b] = columnsOf(page).sort((x, y) => x.id - y.id)
    expect(a!.id).toBe(alpha)
    expect(a!.rating.count).toBe(3)
    expect(a!.rating.averageLabel).toBe('4.3')
    expect(a!.rating.rows.map((r) => r.percent)).toEqual([33, 67, 0, 0, 0])
    // 12,345 people in the 0.64 km² square: 19,289 per km².
    expect(a!.population).toMatchObject({
      estimate: 12345,
      year: 2023,
      about: 'About 12,300',
      perSquareKm: '19,300',
    })
    expect(a!.spots).toEqual([
      { category: 'cafe', label: 'Cafe', count: 2 },
      { category: 'gym', label: 'Gym', count: 1 },
    ])
    expect(a!.events.total).toBe(2)
    expect(a!.events.items.map((e) => e.title)).toEqual(['Soon fair', 'Later fair'])
    expect(a!.stories.total).toBe(2)
    expect(a!.stories.items.map((s) => s.title).sort()).toEqual(['Evening walk', 'Morning walk'])
    expect(a!.discussions.total).toBe(1)
    expect(a!.discussions.items[0]!.href).toMatch(/^\/discussions\/\d+$/)
    // Two public stories, three public events (past ones too) and a discussion; 'Parks' = 'parks'.
    expect(a!.tags[0]).toEqual({ tag: expect.stringMatching(/^parks$/i), uses: 6 })
    expect(a!.tags.map((t) => t.tag.toLowerCase())).toEqual(['parks', 'food'])
    expect(a!.newestReview?.excerpt).toMatch(/^Newest visible review\. Very long text\./)
    expect(a!.newestReview!.excerpt.length).toBeLessThanOrEqual(181)
    expect(a!.newestReview!.excerpt.endsWith('…')).toBe(true)

    expect(b!.id).toBe(beta)
    expect(b!.rating).toMatchObject({ count: 0, average: null, averageLabel: '–' })
    expect(b!.population).toBeNull()
    expect(b!.spots).toEqual([])
    expect([b!.events.total, b!.stories.total, b!.discussions.total]).toEqual([0, 0, 0])
    expect(b!.tags).toEqual([])
    expect(b!.newestReview).toBeNull()
  })

  it('never shows hidden reviews, private or hidden stories, past or private events', async () => {
    const { page } = await answer('?n=alpha-vale,beta-park')
    const text = JSON.stringify(page)
    for (const secret of [
      'Hidden review',
      'My diary',
      'Taken down',
      'Private party',
      'Hidden gig',
      'Past fair',
      'Last year',
    ]) {
      expect(text, secret).not.toContain(secret)
    }
  })
})

describe('bad input', () => {
  it('names an unknown slug (404) and keeps links to the known ones', async () => {
    const { status, page } = await answer('?n=alpha-vale,nowhere')
    expect(status).toBe(404)
    expect(page).toMatchObject({ kind: 'unknown', unknown: ['nowhere'] })
    expect(page?.kind === 'unknown' && page.known.map((n) => n.slug)).toEqual(['alpha-vale'])
    const odd = await answer(`?n=${encodeURIComponent('alpha-vale,<b>x</b>')}`)
    expect(odd).toMatchObject({ status: 404, page: { unknown: ['<b>x</b>'] } })
  })

  it('says more than three do not fit (400) and offers the first three', async () => {
    const { status, page } = await answer('?n=gamma-hill,beta-park,alpha-vale,delta')
    expect(status).toBe(400)
    expect(page).toMatchObject({
      kind: 'too-many',
      count: 4,
      firstThree: ['gamma-hill', 'beta-park', 'alpha-vale'],
    })
  })

  it('explains how to add with none or one', async () => {
    expect((await answer('')).page).toMatchObject({ kind: 'too-few', known: [] })
    const one = await answer('?n=beta-park')
    expect(one).toMatchObject({ status: 200, page: { kind: 'too-few' } })
    expect((await answer('?n=')).status).toBe(301)
  })

  const value = fc.oneof(
    fc.constantFrom('alpha-vale', 'beta-park', 'gamma-hill', 'Beta-Park', 'nowhere', ''),
    fc.string({ maxLength: 20 }),
    fc.string({ unit: 'grapheme', maxLength: 30 }),
    fc.constantFrom(',', ',,', '%', '%2C', '../', '<script>', "'", '\u0000', 'a'.repeat(500)),
  )
  const request = fc.record({
    values: fc.array(value, { maxLength: 120 }),
    repeated: fc.boolean(),
    add: fc.option(value, { nil: undefined }),
  })

  it('answers any address with a page or a message, never an error', async () => {
    await fc.assert(
      fc.asyncProperty(request, async ({ values, repeated, add }) => {
        const params = new URLSearchParams()
        if (repeated) for (const v of values) params.append('n', v)
        else if (values.length) params.set('n', values.join(','))
        if (add !== undefined) params.set('add', add)
        const search = params.size ? `?${params}` : ''
        const first = await answer(search)
        expect([200, 301, 400, 404]).toContain(first.status)
        if (first.status === 301) {
          // The target reads back as itself: no loop, and a page or a message there.
          const again = await answer(first.target!.slice('/compare'.length))
          expect([200, 400, 404]).toContain(again.status)
        }
        const page = first.page
        if (page?.kind === 'compare') {
          const slugs = page.columns.map((c) => c.slug)
          expect(slugs).toEqual([...slugs].sort())
          expect(slugs.length).toBeGreaterThanOrEqual(2)
          expect(slugs.length).toBeLessThanOrEqual(COMPARE_MAX)
        }
        if (page?.kind === 'unknown') {
          for (const u of page.unknown) expect(u.length).toBeLessThanOrEqual(MAX_VALUE_CHARS + 1)
        }
      }),
      { numRuns: 200 },
    )
  })
})
