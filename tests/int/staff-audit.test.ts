import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { StaffAudit } from '@/payload-types'
import { STAFF_CHANGES_TEXT } from '@/rules/staffAudit'
import { lexicalDoc } from '@/seed/pages'
import { loadStaffChanges } from '@/loaders/staffChanges'
import { serveOverHttp, type HttpSite } from '@tests/support/httpSite'
import { makeUser, testSiteForFile } from './harness'

/**
 * The staff audit over HTTP, through the site's own server: every change staff make to an
 * account or a static page is one row with who, what, the target and the values before and
 * after (never a password); admins read it, nobody edits or deletes it; a member's own changes
 * are not in it, and the member sees staff's changes to their account in Settings.
 */
const people = {
  members: ['mia', 'max', 'moe'],
  staff: { editor: 'eddie', admin: 'ada' },
  timeout: 120_000,
} as const
const { site, mia, max, moe, editor, admin } = testSiteForFile(people)

let http: HttpSite
beforeAll(async () => {
  http = await serveOverHttp(site.payload)
})
afterAll(() => http?.close())

async function call(method: string, path: string, cookie?: string, body?: unknown) {
  const response = await fetch(`${http.base}${path}`, {
    method,
    headers: {
      origin: http.base,
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, never> }
}

/** The audit rows about one target, oldest first, as stored. */
async function rowsAbout(kind: 'user' | 'page', id: number): Promise<StaffAudit[]> {
  const { docs } = await site.payload.find({
    collection: 'staff-audit',
    where: { targetKind: { equals: kind }, targetId: { equals: id } },
    sort: 'createdAt',
    depth: 0,
    limit: 100,
  })
  return docs
}

const changesOf = (row: StaffAudit | undefined) => row?.changes as unknown[]

describe('changes staff make to an account', () => {
  it('a role change: who, what, the target, before and after', async () => {
    const made = await call('PATCH', `/api/users/${mia.id}`, admin.cookie, { role: 'editor' })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    await call('PATCH', `/api/users/${mia.id}`, admin.cookie, { role: 'member' })
    const rows = await rowsAbout('user', mia.id)
    expect(rows.map((r) => r.action)).toEqual(['role-changed', 'role-changed'])
    expect(rows[0]).toMatchObject({
      actor: admin.id,
      actorName: 'ada',
      actorRole: 'admin',
      targetUser: mia.id,
      targetLabel: 'mia',
      summary: 'role: member → editor',
    })
    expect(changesOf(rows[0])).toEqual([{ field: 'role', before: 'member', after: 'editor' }])
    expect(changesOf(rows[1])).toEqual([{ field: 'role', before: 'editor', after: 'member' }])
    expect(Date.parse(rows[0]!.createdAt)).toBeGreaterThan(Date.now() - 60_000)
  })

  it("an admin's suspension in the admin, and its lift", async () => {
    const until = new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString()
    await call('PATCH', `/api/users/${moe.id}`, admin.cookie, { suspendedUntil: until })
    await call('PATCH', `/api/users/${moe.id}`, admin.cookie, { suspendedUntil: null })
    const rows = await rowsAbout('user', moe.id)
    expect(rows.map((r) => r.action)).toEqual(['suspended', 'suspension-lifted'])
    expect(changesOf(rows[0])).toEqual([{ field: 'suspendedUntil', before: null, after: until }])
    expect(changesOf(rows[1])).toEqual([{ field: 'suspendedUntil', before: until, after: null }])
  })

  it("an editor's Suspend from the moderation queue, and Lift suspension", async () => {
    const suspended = await call('POST', '/api/reports/decide', editor.cookie, {
      cases: [{ targetKind: 'profile', targetId: max.id }],
      action: 'suspend',
      length: 'week',
    })
    expect(suspended.status, JSON.stringify(suspended.body)).toBe(200)
    const lifted = await call('POST', '/api/reports/lift', editor.cookie, { member: max.id })
    expect(lifted.status, JSON.stringify(lifted.body)).toBe(200)
    const rows = await rowsAbout('user', max.id)
    expect(rows.map((r) => [r.action, r.actorName, r.actorRole])).toEqual([
      ['suspended', 'eddie', 'editor'],
      ['suspension-lifted', 'eddie', 'editor'],
    ])
    const [suspension] = changesOf(rows[0]) as { before: string | null; after: string }[]
    expect(suspension!.before).toBeNull()
    expect(Date.parse(suspension!.after)).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000)
    expect(changesOf(rows[1])).toEqual([
      { field: 'suspendedUntil', before: suspension!.after, after: null },
    ])
  })

  it('an address, a name and a password set by an admin: the password never as a value', async () => {
    const ned = await makeUser(site, 'ned')
    const secret = 'a brand new secret'
    const changed = await call('PATCH', `/api/users/${ned.id}`, admin.cookie, {
      email: 'ned.new@example.test',
      name: 'Ned N',
      password: secret,
    })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    const [row] = await rowsAbout('user', ned.id)
    expect(row?.action).toBe('account-changed')
    expect(changesOf(row)).toEqual([
      { field: 'email', before: 'ned@example.test', after: 'ned.new@example.test' },
      { field: 'name', before: null, after: 'Ned N' },
      { field: 'password', before: null, after: null },
    ])
    const stored = JSON.stringify(row)
    expect(stored).not.toContain(secret)
    expect(stored).not.toMatch(/hash|salt|token/i)
  })

  it('an account deleted by an admin keeps its id and name at the time', async () => {
    const gone = await makeUser(site, 'gone')
    expect((await call('DELETE', `/api/users/${gone.id}`, admin.cookie)).status).toBe(200)
    const [row] = await rowsAbout('user', gone.id)
    expect(row).toMatchObject({
      action: 'account-deleted',
      targetLabel: 'gone',
      targetUser: null,
      actorName: 'ada',
    })
    expect(changesOf(row)).toContainEqual({ field: 'role', before: 'member', after: null })
  })

  it("a member's own changes, and an editor's own profile, are not staff actions", async () => {
    const olga = await makeUser(site, 'olga')
    const own = await call('PATCH', `/api/users/${olga.id}`, olga.cookie, { bio: 'Hello' })
    expect(own.status).toBe(200)
    await call('PATCH', `/api/users/${editor.id}`, editor.cookie, { bio: 'Editing since 2020' })
    expect(await rowsAbout('user', olga.id)).toEqual([])
    expect(await rowsAbout('user', editor.id)).toEqual([])
  })
})

describe("a static page's publication", () => {
  it('published, changed, unpublished: each with its words before and after', async () => {
    const body = lexicalDoc([{ p: 'Who we are.' }])
    const created = await call('POST', '/api/pages', editor.cookie, {
      title: 'About us',
      slug: 'about',
      body,
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = (created.body.doc as { id: number }).id
    await call('PATCH', `/api/pages/${id}`, editor.cookie, {
      body: lexicalDoc([{ p: 'Who we are, and why.' }]),
    })
    await call('DELETE', `/api/pages/${id}`, admin.cookie)
    const rows = await rowsAbout('page', id)
    expect(rows.map((r) => [r.action, r.actorName])).toEqual([
      ['page-published', 'eddie'],
      ['page-changed', 'eddie'],
      ['page-unpublished', 'ada'],
    ])
    expect(changesOf(rows[0])).toContainEqual({ field: 'slug', before: null, after: 'about' })
    expect(changesOf(rows[1])).toEqual([
      { field: 'body', before: 'Who we are.', after: 'Who we are, and why.' },
    ])
    expect(rows[2]?.targetLabel).toBe('About us')
  })
})

describe('who reads the audit, and that nobody changes it', () => {
  it('admins read it; editors, members and visitors do not', async () => {
    const asAdmin = await call('GET', '/api/staff-audit?limit=100', admin.cookie)
    expect(asAdmin.status).toBe(200)
    expect((asAdmin.body.docs as unknown[]).length).toBeGreaterThan(5)
    for (const cookie of [editor.cookie, mia.cookie, undefined]) {
      const list = await call('GET', '/api/staff-audit', cookie)
      expect(list.status).toBe(403)
      expect(list.body.docs).toBeUndefined()
    }
    const [row] = await rowsAbout('user', mia.id)
    expect((await call('GET', `/api/staff-audit/${row!.id}`, mia.cookie)).status).toBe(403)
  })

  it('an admin cannot create, edit or delete a row through the API', async () => {
    const [row] = await rowsAbout('user', mia.id)
    const edit = await call('PATCH', `/api/staff-audit/${row!.id}`, admin.cookie, {
      summary: 'nothing happened',
    })
    expect(edit.status).toBe(403)
    const bulk = await call(
      'PATCH',
      `/api/staff-audit?where[id][equals]=${row!.id}`,
      admin.cookie,
      { summary: 'nothing happened' },
    )
    expect(bulk.status).toBe(403)
    expect((await call('DELETE', `/api/staff-audit/${row!.id}`, admin.cookie)).status).toBe(403)
    const forged = await call('POST', '/api/staff-audit', admin.cookie, {
      action: 'role-changed',
      targetKind: 'user',
      targetId: mia.id,
    })
    expect(forged.status).toBe(403)
    const [again] = await rowsAbout('user', mia.id)
    expect(again).toEqual(row)
  })
})

describe("the member's own view (Settings)", () => {
  it("lists staff's changes to their account, without staff names", async () => {
    const changes = await loadStaffChanges(site.payload, max.id, STAFF_CHANGES_TEXT.byRole)
    expect(changes.map((c) => [c.by, c.lines])).toEqual([
      ['by an editor', ['Your suspension was lifted.']],
      [
        'by an editor',
        [expect.stringMatching(/^Your account was suspended until \d+ \w+ \d{4}\.$/)],
      ],
    ])
    expect(await loadStaffChanges(site.payload, editor.id, STAFF_CHANGES_TEXT.byRole)).toEqual([])
  })
})
