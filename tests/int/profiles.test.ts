import fs from 'node:fs'
import path from 'node:path'

import sharp from 'sharp'
import { describe, expect, it } from 'vitest'

import { testSiteForFile } from './harness'
import { makeImage, uploadMedia } from './images'
import { formOpenedEarlier } from '@tests/support/signUpForm'

type MediaDoc = { id: number; width: number; height: number; filename: string; mimeType: string }
type UserDoc = { id: number; userName?: string; name?: string; bio?: string; avatar?: unknown }

const { site, alice, bob } = testSiteForFile({ members: ['alice', 'bob'] })

/** Read as the server sees it (invitedBy is hidden from everyone but the account and admins). */
const invitedBy = async (id: number) => {
  const user = await site.payload.findByID({ collection: 'users', id, depth: 0 })
  return user.invitedBy ?? null
}

const signUp = (userName: string, options: { cookie?: string; body?: object } = {}) =>
  site.api<{ doc: UserDoc }>('POST', '/api/users', {
    body: {
      email: `${userName}@example.test`,
      password: 'correct horse',
      userName,
      ...formOpenedEarlier(site.payload),
      ...options.body,
    },
    cookie: options.cookie,
  })

describe('avatars are cut to a centred square', () => {
  it('stores an 800×400 upload as a 400×400 WebP, and other purposes keep their shape', async () => {
    // Left half red, right half blue: the centred square keeps both, split down the middle.
    const wide = await sharp({
      create: { width: 800, height: 400, channels: 3, background: '#ff0000' },
    })
      .composite([
        {
          input: await sharp({
            create: { width: 400, height: 400, channels: 3, background: '#0000ff' },
          })
            .png()
            .toBuffer(),
          left: 400,
          top: 0,
        },
      ])
      .png()
      .toBuffer()
    const result = await uploadMedia<{ doc: MediaDoc }>(
      site,
      { data: wide, name: 'wide.png', type: 'image/png' },
      { purpose: 'avatar' },
      alice.cookie,
    )
    expect(result.status).toBe(201)
    const doc = result.body.doc
    expect([doc.width, doc.height]).toEqual([400, 400])
    expect(doc.mimeType).toBe('image/webp')
    const stored = fs.readFileSync(path.join(site.dataDir, 'media', doc.filename))
    const meta = await sharp(stored).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 400])
    const { data } = await sharp(stored).raw().toBuffer({ resolveWithObject: true })
    const pixel = (x: number) => [...data.subarray((200 * 400 + x) * 3, (200 * 400 + x) * 3 + 3)]
    expect(pixel(50)[0]).toBeGreaterThan(200) // red on the left
    expect(pixel(350)[2]).toBeGreaterThan(200) // blue on the right

    const photo = await uploadMedia<{ doc: MediaDoc }>(
      site,
      { data: wide, name: 'wide.png', type: 'image/png' },
      { purpose: 'review-photo' },
      alice.cookie,
    )
    expect([photo.body.doc.width, photo.body.doc.height]).toEqual([800, 400])
  })

  it('caps large avatars at 512 × 512, tall ones too', async () => {
    const tall = await makeImage('jpeg', 900, 1600)
    const result = await uploadMedia<{ doc: MediaDoc }>(
      site,
      { data: tall, name: 'tall.jpg', type: 'image/jpeg' },
      { purpose: 'avatar' },
      alice.cookie,
    )
    expect(result.status).toBe(201)
    expect([result.body.doc.width, result.body.doc.height]).toEqual([512, 512])
  })

  it('still refuses what is not an image', async () => {
    const result = await uploadMedia<{ errors: { message: string }[] }>(
      site,
      { data: Buffer.from('not a picture'), name: 'a.png', type: 'image/png' },
      { purpose: 'avatar' },
      alice.cookie,
    )
    expect(result.status).toBe(400)
    expect(result.body.errors[0]!.message).toBe('Please upload a valid image file.')
  })
})

describe('only the owner edits a profile', () => {
  it('lets the owner change name, bio and avatar', async () => {
    const upload = await uploadMedia<{ doc: MediaDoc }>(
      site,
      { data: await makeImage('png', 300, 300), name: 'me.png', type: 'image/png' },
      { purpose: 'avatar' },
      alice.cookie,
    )
    const result = await site.api<{ doc: UserDoc }>('PATCH', `/api/users/${alice.id}`, {
      body: { name: 'Alice A.', bio: 'Canal walks and bakeries.', avatar: upload.body.doc.id },
      cookie: alice.cookie,
    })
    expect(result.status).toBe(200)
    const stored = await site.payload.findByID({ collection: 'users', id: alice.id, depth: 0 })
    expect([stored.name, stored.bio, stored.avatar]).toEqual([
      'Alice A.',
      'Canal walks and bakeries.',
      upload.body.doc.id,
    ])
  })

  it("refuses another member's and a visitor's edits, and changes nothing", async () => {
    const before = await site.payload.findByID({ collection: 'users', id: alice.id, depth: 0 })
    const byBob = await site.api('PATCH', `/api/users/${alice.id}`, {
      body: { bio: 'Bob was here.' },
      cookie: bob.cookie,
    })
    expect([403, 404]).toContain(byBob.status)
    const byVisitor = await site.api('PATCH', `/api/users/${alice.id}`, {
      body: { bio: 'Anyone was here.' },
    })
    expect([401, 403]).toContain(byVisitor.status)
    const after = await site.payload.findByID({ collection: 'users', id: alice.id, depth: 0 })
    expect(after.bio).toBe(before.bio)
  })

  it('refuses a bio over 500 characters with the spec-style message', async () => {
    const result = await site.api<{ errors: { message: string }[] }>(
      'PATCH',
      `/api/users/${alice.id}`,
      { body: { bio: 'x'.repeat(501) }, cookie: alice.cookie },
    )
    expect(result.status).toBe(400)
    expect(result.body.errors[0]!.message).toBe('Bios are limited to 500 characters.')
  })
})

describe('invites', () => {
  it('credits the inviter named by the belong_ref cookie and notifies them', async () => {
    const created = await signUp('carol', { cookie: `belong_ref=${alice.id}` })
    expect(created.status).toBe(201)
    expect(await invitedBy(created.body.doc.id)).toBe(alice.id)
    const { docs } = await site.payload.find({
      collection: 'notifications',
      where: { user: { equals: alice.id }, type: { equals: 'friend-joined' } },
    })
    expect(docs).toHaveLength(1)
    expect(docs[0]!.message).toBe('carol joined Belong with your invite.')
    expect(docs[0]!.link).toBe('/profile/carol')
    const friends = await site.payload.count({
      collection: 'users',
      where: { invitedBy: { equals: alice.id } },
    })
    expect(friends.totalDocs).toBe(1)
  })

  it('reads the cookie among others', async () => {
    const created = await signUp('dora', { cookie: `theme=dark; belong_ref=${bob.id}; x=1` })
    expect(await invitedBy(created.body.doc.id)).toBe(bob.id)
  })

  it('credits nobody for an unknown or malformed ref', async () => {
    for (const [userName, ref] of [
      ['erin', '999999'],
      ['fred', 'abc'],
      ['gina', '-1'],
    ] as const) {
      const created = await signUp(userName, { cookie: `belong_ref=${ref}` })
      expect(created.status).toBe(201)
      expect(await invitedBy(created.body.doc.id)).toBeNull()
    }
  })

  it('ignores an inviter named in the body, on sign-up and on edit', async () => {
    const created = await signUp('hugo', { body: { invitedBy: alice.id } })
    expect(created.status).toBe(201)
    expect(await invitedBy(created.body.doc.id)).toBeNull()

    const cookie = await site.signIn('hugo@example.test', 'correct horse')
    const edit = await site.api('PATCH', `/api/users/${created.body.doc.id}`, {
      body: { invitedBy: bob.id, bio: 'Hello' },
      cookie,
    })
    expect(edit.status).toBe(200)
    expect(await invitedBy(created.body.doc.id)).toBeNull()
    // And an invited account cannot move its credit elsewhere.
    const carol = await site.payload.find({
      collection: 'users',
      where: { userName: { equals: 'carol' } },
    })
    const carolCookie = await site.signIn('carol@example.test', 'correct horse')
    await site.api('PATCH', `/api/users/${carol.docs[0]!.id}`, {
      body: { invitedBy: bob.id },
      cookie: carolCookie,
    })
    expect(await invitedBy(carol.docs[0]!.id)).toBe(alice.id)
  })

  it('shows who invited an account only to that account', async () => {
    const carol = (
      await site.payload.find({ collection: 'users', where: { userName: { equals: 'carol' } } })
    ).docs[0]!
    const asBob = await site.api<UserDoc>('GET', `/api/users/${carol.id}?depth=0`, {
      cookie: bob.cookie,
    })
    expect(asBob.body).not.toHaveProperty('invitedBy')
    const carolCookie = await site.signIn('carol@example.test', 'correct horse')
    const asCarol = await site.api<UserDoc & { invitedBy?: number }>(
      'GET',
      `/api/users/${carol.id}?depth=0`,
      { cookie: carolCookie },
    )
    expect(asCarol.body.invitedBy).toBe(alice.id)
  })
})
