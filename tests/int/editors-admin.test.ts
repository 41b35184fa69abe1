import { describe, expect, it } from 'vitest'

import { pgPool } from '@/server/database/db'
import { lexicalDoc } from '@/seed/pages'
import { homeFeedQueries } from '@/views/home'
import { quietPlace, testSiteForFile } from './harness'

/**
 * What the admin gives editors beyond Payload's defaults: versions of pages and neighbourhoods
 * that restore through the same hooks as any change, featured stories, and 'since your last
 * visit' on the dashboard.
 */
let neighbourhood: number

const sql = (text: string, values: unknown[] = []) => pgPool(site.payload).query(text, values)
const stalePaths = async () =>
  (await sql('SELECT path FROM site_stale_pages')).rows.map((r: { path: string }) => r.path)

const people = {
  named: { member: 'plainmember' },
  staff: { editor: 'versioner' },
  timeout: 120_000,
} as const
const { site, editor, member } = testSiteForFile(people, async () => {
  neighbourhood = await quietPlace(site, 'Versionby', 'First words')
})

describe('versions', () => {
  it("a neighbourhood's earlier tagline comes back by restoring its version, and its page is rewritten", async () => {
    const changed = await site.api('PATCH', `/api/neighbourhoods/${neighbourhood}`, {
      body: { tagline: 'Vandalised words' },
      cookie: editor.cookie,
    })
    expect(changed.status).toBe(200)
    const versions = await site.api<{
      docs: { id: number; version: { tagline: string } }[]
    }>(
      'GET',
      `/api/neighbourhoods/versions?where[parent][equals]=${neighbourhood}&sort=createdAt`,
      {
        cookie: editor.cookie,
      },
    )
    expect(versions.body.docs.map((v) => v.version.tagline)).toEqual([
      'First words',
      'Vandalised words',
    ])
    await sql('DELETE FROM site_stale_pages')
    const restored = await site.api(
      'POST',
      `/api/neighbourhoods/versions/${versions.body.docs[0]!.id}`,
      { cookie: editor.cookie },
    )
    expect(restored.status).toBe(200)
    const now = await site.api<{ tagline: string }>('GET', `/api/neighbourhoods/${neighbourhood}`)
    expect(now.body.tagline).toBe('First words')
    expect(await stalePaths()).toContain('/neighbourhood/versionby')
  })

  it('a page keeps who changed what; members read no versions and restore none', async () => {
    const page = await site.payload.create({
      collection: 'pages',
      data: { title: 'Terms', slug: 'terms-test', body: lexicalDoc([{ p: 'Old terms.' }]) },
    })
    await site.api('PATCH', `/api/pages/${page.id}`, {
      body: { body: lexicalDoc([{ p: 'New terms.' }]) },
      cookie: editor.cookie,
    })
    const versions = await site.api<{ docs: { id: number }[] }>(
      'GET',
      `/api/pages/versions?where[parent][equals]=${page.id}&sort=createdAt`,
      { cookie: editor.cookie },
    )
    expect(versions.body.docs).toHaveLength(2)
    const asMember = await site.api('GET', `/api/pages/versions?where[parent][equals]=${page.id}`, {
      cookie: member.cookie,
    })
    expect(asMember.status).toBe(403)
    const restore = await site.api('POST', `/api/pages/versions/${versions.body.docs[0]!.id}`, {
      cookie: member.cookie,
    })
    expect(restore.status).toBe(403)
    const text = JSON.stringify((await site.api('GET', `/api/pages/${page.id}`)).body)
    expect(text).toContain('New terms.')
  })
})

describe('featured stories', () => {
  const story = (title: string, cookie: string, extra: Record<string, unknown> = {}) =>
    site.api<{ doc: { id: number } }>('POST', '/api/stories/new', {
      body: { neighbourhood, title, description: 'Told.', ...extra },
      cookie,
    })

  it('only editors feature a story; a featured one leads the home feed', async () => {
    const older = await story('Worth featuring', member.cookie, { featured: true })
    expect(older.status).toBe(201)
    // A member's `featured` is ignored, not stored.
    const written = await site.payload.findByID({ collection: 'stories', id: older.body.doc.id })
    expect(written.featured).toBe(false)
    const byMember = await site.api('PATCH', `/api/stories/${older.body.doc.id}/details`, {
      body: { featured: true },
      cookie: member.cookie,
    })
    const stored = await site.payload.findByID({ collection: 'stories', id: older.body.doc.id })
    expect([byMember.status, stored.featured]).toEqual([200, false])
    await story('Newer story', member.cookie)
    const featured = await site.api('PATCH', `/api/stories/${older.body.doc.id}`, {
      body: { featured: true },
      cookie: editor.cookie,
    })
    expect(featured.status).toBe(200)
    const q = homeFeedQueries(new Date()).story
    const feed = await site.payload.find({
      collection: 'stories',
      where: q.where,
      sort: q.sort.split(','),
      limit: q.limit,
      depth: 0,
    })
    expect(feed.docs[0]?.title).toBe('Worth featuring')
  })
})

describe('since your last visit', () => {
  it('counts what arrived after the previous visit ended; a reload within the visit keeps it', async () => {
    const { sinceLastVisit } = await import('@collections/Reports/dashboard')
    const first = await sinceLastVisit(site.payload, editor.id)
    expect(first.from).toBeNull()
    // Away for an hour: what members post meanwhile is counted on return.
    await sql(`UPDATE users SET admin_seen_at = now() - interval '1 hour' WHERE id = $1`, [
      editor.id,
    ])
    await site.api('POST', '/api/reviews/new', {
      body: { neighbourhood, rating: 4, comment: 'While the editor was away' },
      cookie: member.cookie,
    })
    const back = await sinceLastVisit(site.payload, editor.id)
    expect(back.from).not.toBeNull()
    expect(back.posted.find((k) => k.collection === 'reviews')?.count).toBe(1)
    const reload = await sinceLastVisit(site.payload, editor.id)
    expect(reload.from).toBe(back.from)
    expect(reload.posted.find((k) => k.collection === 'reviews')?.count).toBe(1)
  })
})
