import { describe, expect, it, vi } from 'vitest'

import { makeUser, testSiteForFile } from './harness'
import { makeImage, uploadMedia } from './images'

/**
 * Signed-in requests reuse the account document Payload built for the same row and sessions
 * (collections/Users/accounts/knownUsers.ts), and GET /api/users/me the answer it built for them
 * (keptMe.ts), yet every request still checks its session: a sign-out, a changed role, profile,
 * avatar or inviter and a deleted account count on the very next request.
 */
const { site } = testSiteForFile({})

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

type MeBody = {
  user: {
    id: number
    avatar: { id: number; alt?: string | null; url: string } | number | null
    invitedBy: { id: number; name?: string | null } | number | null
  } | null
  exp: number
}

describe('GET /api/users/me', () => {
  it('answers again what Payload built, and follows the avatar and the inviter', async () => {
    const inviter = await makeUser(site, 'inviter')
    const u = await makeUser(site, 'keptme')
    const upload = await uploadMedia<{ doc: { id: number } }>(
      site,
      { data: await makeImage('png', 300, 300), name: 'me.png', type: 'image/png' },
      { purpose: 'avatar', alt: 'First alt' },
      u.cookie,
    )
    const avatar = upload.body.doc.id
    await site.payload.update({
      collection: 'users',
      id: u.id,
      data: { avatar, invitedBy: inviter.id },
    })
    const read = async (query = '?depth=1') =>
      (await site.api<MeBody>('GET', `/api/users/me${query}`, { cookie: u.cookie })).body

    // Payload's own read of the account with the reader's access (what /me makes per request).
    const reads = vi.spyOn(site.payload, 'findByID')
    const ownReads = () =>
      reads.mock.calls.filter(([args]) => args.collection === 'users' && !args.overrideAccess)
        .length
    const built = await read()
    expect(ownReads()).toBe(1)
    expect(built.user).toMatchObject({
      id: u.id,
      avatar: { id: avatar, alt: 'First alt' },
      invitedBy: { id: inviter.id },
    })
    expect(built.exp).toBeGreaterThan(Date.now() / 1000)
    expect(await read()).toEqual(built)
    expect(ownReads()).toBe(1) // the same answer, not read again
    // Depth 0 is an answer of its own: ids only.
    expect((await read('')).user).toMatchObject({ avatar, invitedBy: inviter.id })

    // Changes straight in the database, which no hook announces, count on the next request.
    await site.payload.db.updateOne({ collection: 'media', id: avatar, data: { alt: 'New alt' } })
    expect((await read()).user?.avatar).toMatchObject({ id: avatar, alt: 'New alt' })
    await site.payload.db.updateOne({
      collection: 'users',
      id: inviter.id,
      data: { name: 'Renamed Inviter' },
    })
    expect((await read()).user?.invitedBy).toMatchObject({ name: 'Renamed Inviter' })
    await site.payload.update({ collection: 'users', id: u.id, data: { avatar: null } })
    expect((await read()).user?.avatar).toBeNull()
    reads.mockRestore()
  })
})
