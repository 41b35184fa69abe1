import { beforeAll, describe, expect, it } from 'vitest'

import { makeUser, testSiteForFile } from './harness'
import { makeImage, uploadMedia } from './images'
import { formOpenedEarlier } from '@tests/support/signUpForm'

type Refused = { errors: { message: string }[] }
type UserDoc = Record<string, unknown> & { id: number; userName?: string }

const { site, alice, bob, editor, admin } = testSiteForFile({
  members: ['alice', 'bob'],
  staff: { editor: 'eddie', admin: 'ada' },
})

const register = (data: Record<string, unknown>) =>
  site.api<{ doc: UserDoc } & Refused>('POST', '/api/users', {
    body: { ...formOpenedEarlier(site.payload), ...data },
  })
const countNamed = async (userName: string) =>
  (
    await site.payload.count({
      collection: 'users',
      where: { userName: { like: userName } },
    })
  ).totalDocs

/** Never in a read by anyone but the owner (and e-mail: admins). */
const SECRET_FIELDS = [
  'email',
  'hash',
  'salt',
  'sessions',
  'loginAttempts',
  'lockUntil',
  'resetPasswordToken',
  'resetPasswordExpiration',
  'userNameKey',
  'password',
]
const expectPublicOnly = (user: Record<string, unknown>) => {
  for (const field of SECRET_FIELDS) expect(user, field).not.toHaveProperty(field)
}

describe('user names', () => {
  it('registers with a user name, and the answer shows no secrets', async () => {
    const created = await register({
      email: 'carol@example.test',
      password: 'correct horse',
      userName: 'Carol.B',
    })
    expect(created.status).toBe(201)
    expect(created.body.doc.userName).toBe('Carol.B')
    for (const field of ['hash', 'salt', 'userNameKey', 'password', 'loginAttempts']) {
      expect(created.body.doc).not.toHaveProperty(field)
    }
  })

  it('refuses a taken name in any case, with the spec message', async () => {
    for (const userName of ['carol.b', 'CAROL.B', 'Alice']) {
      const refused = await register({
        email: `${userName}-${Math.random()}@example.test`,
        password: 'correct horse',
        userName,
      })
      expect(refused.status).toBe(400)
      expect(refused.body.errors[0]!.message).toBe('That user name is already taken.')
    }
    expect(await countNamed('carol.b')).toBe(1)
  })

  it('keeps one of several parallel sign-ups for the same name in different cases', async () => {
    const spellings = ['zed', 'Zed', 'ZED', 'zEd', 'zeD']
    const results = await Promise.all(
      spellings.map((userName, i) =>
        register({ email: `zed${i}@example.test`, password: 'correct horse', userName }),
      ),
    )
    expect(results.filter((r) => r.status === 201)).toHaveLength(1)
    for (const refused of results.filter((r) => r.status !== 201)) {
      expect(refused.status).toBe(400)
      expect(refused.body.errors[0]!.message).toBe('That user name is already taken.')
    }
    expect(await countNamed('zed')).toBe(1)
  })

  it.each([
    ['too short', 'ab'],
    ['with a space', 'jo bloggs'],
    ['with an @', 'jo@home'],
    ['starting with a dot', '.jo'],
    ['too long', 'j'.repeat(31)],
  ])('refuses a name %s', async (_, userName) => {
    const refused = await register({
      email: `${_.length}x@example.test`,
      password: 'pw1234',
      userName,
    })
    expect(refused.status).toBe(400)
    expect(refused.body.errors[0]!.message).toMatch(/^User names are 3 to 30 letters/)
    expect(await countNamed(userName)).toBe(0)
  })

  it('lets an account exist without a user name (registration not finished)', async () => {
    const created = await register({ email: 'nameless@example.test', password: 'correct horse' })
    expect(created.status).toBe(201)
    expect(created.body.doc.userName ?? null).toBeNull()
    const second = await register({ email: 'nameless2@example.test', password: 'correct horse' })
    expect(second.status).toBe(201)
  })

  it("lets a member recase their own name but not take someone else's", async () => {
    const recased = await site.api('PATCH', `/api/users/${alice.id}`, {
      body: { userName: 'Alice' },
      cookie: alice.cookie,
    })
    expect(recased.status).toBe(200)
    const taken = await site.api<Refused>('PATCH', `/api/users/${bob.id}`, {
      body: { userName: 'ALICE' },
      cookie: bob.cookie,
    })
    expect(taken.status).toBe(400)
    expect(taken.body.errors[0]!.message).toBe('That user name is already taken.')
    const reread = await site.payload.findByID({ collection: 'users', id: bob.id })
    expect(reread.userName).toBe('bob')
  })

  it('limits the bio to 500 characters', async () => {
    const refused = await site.api<Refused>('PATCH', `/api/users/${bob.id}`, {
      body: { bio: 'x'.repeat(501) },
      cookie: bob.cookie,
    })
    expect(refused.status).toBe(400)
    expect(refused.body.errors[0]!.message).toBe('Bios are limited to 500 characters.')
    const ok = await site.api('PATCH', `/api/users/${bob.id}`, {
      body: { bio: 'y'.repeat(500) },
      cookie: bob.cookie,
    })
    expect(ok.status).toBe(200)
  })
})

describe('privacy of accounts', () => {
  beforeAll(async () => {
    // Failed logins leave loginAttempts (and eventually lockUntil) on the row.
    await site.api('POST', '/api/users/login', { body: { email: alice.email, password: 'nope' } })
  })

  it('shows visitors and other members only public profiles', async () => {
    const list = await site.api<{ docs: UserDoc[] }>('GET', '/api/users?limit=100')
    expect(list.body.docs.length).toBeGreaterThan(3)
    list.body.docs.forEach(expectPublicOnly)
    const asVisitor = await site.api<UserDoc>('GET', `/api/users/${alice.id}`)
    expectPublicOnly(asVisitor.body)
    expect(asVisitor.body.userName).toBe('Alice')
    for (const viewer of [bob, editor]) {
      const seen = await site.api<UserDoc>('GET', `/api/users/${alice.id}`, {
        cookie: viewer.cookie,
      })
      expectPublicOnly(seen.body)
    }
  })

  it('shows the e-mail to its owner (also on /api/users/me) and to admins', async () => {
    const own = await site.api<UserDoc>('GET', `/api/users/${alice.id}`, { cookie: alice.cookie })
    expect(own.body.email).toBe(alice.email)
    const me = await site.api<{ user: UserDoc }>('GET', '/api/users/me', { cookie: alice.cookie })
    expect(me.body.user.email).toBe(alice.email)
    for (const field of ['hash', 'salt', 'loginAttempts', 'lockUntil', 'userNameKey']) {
      expect(me.body.user).not.toHaveProperty(field)
    }
    const byAdmin = await site.api<UserDoc>('GET', `/api/users/${alice.id}`, {
      cookie: admin.cookie,
    })
    expect(byAdmin.body.email).toBe(alice.email)
    const visitorMe = await site.api<{ user: unknown }>('GET', '/api/users/me')
    expect(visitorMe.body.user).toBeNull()
  })

  it('shows only the public profile where another document points at a user', async () => {
    const created = await site.api<{ doc: { id: number } }>('POST', '/api/neighbourhoods/new', {
      body: { name: 'Nunhead', slug: 'nunhead', tagline: 'Cemetery walks', vibes: ['Calm'] },
      cookie: alice.cookie,
    })
    const read = await site.api<{ createdBy: Record<string, unknown> }>(
      'GET',
      `/api/neighbourhoods/${created.body.doc.id}?depth=2`,
      { cookie: bob.cookie },
    )
    expect(read.body.createdBy.userName).toBe('Alice')
    const publicProfile = ['avatar', 'collection', 'id', 'name', 'userName']
    expect(Object.keys(read.body.createdBy).every((key) => publicProfile.includes(key))).toBe(true)
    expectPublicOnly(read.body.createdBy)
  })
})

describe('who may change accounts', () => {
  it('lets members (and editors) update only themselves; admins anyone', async () => {
    for (const actor of [bob, editor]) {
      const refused = await site.api('PATCH', `/api/users/${alice.id}`, {
        body: { bio: 'hacked' },
        cookie: actor.cookie,
      })
      expect(refused.status).toBe(403)
    }
    const byAdmin = await site.api('PATCH', `/api/users/${alice.id}`, {
      body: { bio: 'Set by an admin' },
      cookie: admin.cookie,
    })
    expect(byAdmin.status).toBe(200)
    expect((await site.payload.findByID({ collection: 'users', id: alice.id })).bio).toBe(
      'Set by an admin',
    )
  })

  it('never lets a member choose a role', async () => {
    await site.api('PATCH', `/api/users/${bob.id}`, { body: { role: 'admin' }, cookie: bob.cookie })
    expect((await site.payload.findByID({ collection: 'users', id: bob.id })).role).toBe('member')
    const created = await register({
      email: 'sneaky@example.test',
      password: 'correct horse',
      userName: 'sneaky',
      role: 'admin',
    })
    expect(created.status).toBe(201)
    expect(
      (await site.payload.findByID({ collection: 'users', id: created.body.doc.id })).role,
    ).toBe('member')
  })

  it('lets only admins delete accounts', async () => {
    const victim = await makeUser(site, 'victim')
    for (const actor of [victim, bob, editor]) {
      const refused = await site.api('DELETE', `/api/users/${victim.id}`, { cookie: actor.cookie })
      expect(refused.status).toBe(403)
    }
    const byAdmin = await site.api('DELETE', `/api/users/${victim.id}`, { cookie: admin.cookie })
    expect(byAdmin.status).toBe(200)
    expect(await countNamed('victim')).toBe(0)
  })
})

describe('avatars', () => {
  it('takes an uploaded avatar image and shows it on the public profile', async () => {
    const png = await makeImage('png', 256, 256)
    const avatar = await uploadMedia<{ doc: { id: number } }>(
      site,
      { data: png, name: 'me.png', type: 'image/png' },
      { purpose: 'avatar' },
      bob.cookie,
    )
    expect(avatar.status).toBe(201)
    const set = await site.api('PATCH', `/api/users/${bob.id}`, {
      body: { avatar: avatar.body.doc.id },
      cookie: bob.cookie,
    })
    expect(set.status).toBe(200)
    const profile = await site.api<{ avatar: { id: number; url: string } }>(
      'GET',
      `/api/users/${bob.id}`,
    )
    expect(profile.body.avatar.id).toBe(avatar.body.doc.id)
    expect(profile.body.avatar.url).toMatch(/\.webp$/)
  })

  it('refuses an image uploaded for something else as an avatar', async () => {
    const png = await makeImage('png', 64, 64)
    const photo = await uploadMedia<{ doc: { id: number } }>(
      site,
      { data: png, name: 'review.png', type: 'image/png' },
      { purpose: 'review-photo' },
      bob.cookie,
    )
    const refused = await site.api('PATCH', `/api/users/${bob.id}`, {
      body: { avatar: photo.body.doc.id },
      cookie: bob.cookie,
    })
    expect(refused.status).toBe(400)
  })
})
