import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { makeUser, startTestSite, type TestSite } from './harness'

/**
 * Signed-in requests reuse the account document Payload built for the same row and sessions
 * (collections/Users/accounts/knownUsers.ts), yet every request still checks its session: a
 * sign-out, a changed role or profile and a deleted account count on the very next request.
 */
let site: TestSite

beforeAll(async () => {
  site = await startTestSite()
})
afterAll(async () => {
  await site?.close()
})

const me = async (cookie: string) =>
  (
    await site.api<{ user: { id: number; role: string; name?: string } | null }>(
      'GET',
      '/api/users/me',
      { cookie },
    )
  ).body.user

describe('the signed-in account on each request', () => {
  it('follows sign-out, role and profile changes and deletion at once', async () => {
    const u = await makeUser(site, 'kept')
    const other = await site.signIn(u.email, u.password)
    for (let i = 0; i < 3; i++) expect((await me(u.cookie))?.role).toBe('member')

    await site.payload.update({
      collection: 'users',
      id: u.id,
      data: { role: 'editor', name: 'Kept Name' },
    })
    expect(await me(u.cookie)).toMatchObject({ id: u.id, role: 'editor', name: 'Kept Name' })

    // A change straight in the database, with no hook to announce it, counts too.
    await site.payload.db.updateOne({ collection: 'users', id: u.id, data: { name: 'Raw Name' } })
    expect((await me(u.cookie))?.name).toBe('Raw Name')

    expect((await site.api('POST', '/api/users/logout', { cookie: u.cookie })).status).toBe(200)
    expect(await me(u.cookie)).toBeNull()
    expect((await me(other))?.id).toBe(u.id)

    await site.payload.delete({ collection: 'users', id: u.id })
    expect(await me(other)).toBeNull()
  })
})
