import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { confirmAccountDeletion, deleteAccount } from '@/forms/settings'
import { isRefusal } from '@/forms/types'
import { MESSAGES } from '@/rules/messages'
import { DELETED_MEMBER, SETTINGS_TEXT } from '@/rules/settings'
import { pgPool } from '@/server/database/db'
import { makeImage, uploadMedia } from './images'
import {
  apiCallAs,
  callAsBrowser,
  createAs,
  formFields,
  makeUser,
  quietPlace,
  testSiteForFile,
  type TestUser,
} from './harness'

/**
 * Profile → Settings' Delete my account (POST /api/users/me/delete, with the password or, for an
 * account made through external sign-in, a mailed link): what goes, what stays without the
 * member, and that it only ever acts on the signed-in account.
 */
let place: number
let serial = 0

const rows = async (text: string, values: unknown[] = []) =>
  (await pgPool(site.payload).query(text, values)).rows as Record<string, unknown>[]
const callAs = (user: TestUser) => apiCallAs(site, user)
const form = formFields
const page = new URL('http://site/profile/settings')
const post = (user: TestUser, url: string, body: Record<string, unknown>) =>
  createAs(site, user, url, body)
const me = async (cookie: string) =>
  (await site.api<{ user: { id: number } | null }>('GET', '/api/users/me', { cookie })).body.user
const fresh = () => makeUser(site, `settler${++serial}x${Date.now().toString(36)}`)

const people = { named: { bob: 'delbob' }, timeout: 120_000 } as const
const { site, bob } = testSiteForFile(people, async () => {
  place = await quietPlace(site, 'Leaveby', 'Left')
})

describe('delete my account', () => {
  it('a wrong password changes nothing and keeps the session', async () => {
    const carol = await fresh()
    const wrong = await site.api<{ errors: { message: string }[] }>(
      'POST',
      '/api/users/me/delete',
      {
        body: { password: 'not the password' },
        cookie: carol.cookie,
      },
    )
    expect([wrong.status, wrong.body.errors[0]?.message]).toEqual([
      400,
      SETTINGS_TEXT.wrongPassword,
    ])
    const empty = await site.api('POST', '/api/users/me/delete', { body: {}, cookie: carol.cookie })
    expect(empty.status).toBe(400)
    expect((await me(carol.cookie))?.id).toBe(carol.id)
    const refused = await deleteAccount({
      fields: form({ password: 'still not it' }),
      page,
      call: callAs(carol),
    })
    expect(isRefusal(refused) && refused.error).toBe(SETTINGS_TEXT.wrongPassword)
    expect((await me(carol.cookie))?.id).toBe(carol.id)
  })

  it('acts only on the signed-in account: signed out 401, another id or password does nothing', async () => {
    const signedOut = await site.api('POST', '/api/users/me/delete', {
      body: { password: bob.password },
    })
    expect(signedOut.status).toBe(401)
    const dave = await fresh()
    const other = await site.api('POST', '/api/users/me/delete', {
      body: { id: bob.id, password: 'correct horse?' },
      cookie: dave.cookie,
    })
    expect(other.status).toBe(400)
    const adminDelete = await site.api('DELETE', `/api/users/${bob.id}`, { cookie: dave.cookie })
    expect(adminDelete.status).toBe(403)
    expect((await me(bob.cookie))?.id).toBe(bob.id)
    expect((await me(dave.cookie))?.id).toBe(dave.id)
  })

  it('the right password removes the account, its sessions and private traces; shared writing stays without it', async () => {
    const carol = await fresh()
    const { body: avatar } = await uploadMedia<{ doc: { id: number } }>(
      site,
      { data: await makeImage('png', 200, 200), name: 'me.png', type: 'image/png' },
      { purpose: 'avatar', alt: 'Carol' },
      carol.cookie,
    )
    await site.api('PATCH', `/api/users/${carol.id}`, {
      body: { avatar: avatar.doc.id },
      cookie: carol.cookie,
    })
    const review = await post(carol, '/api/reviews', {
      neighbourhood: place,
      rating: 5,
      comment: 'Carol was here',
    })
    const story = await post(carol, '/api/stories', {
      neighbourhood: place,
      title: 'Carol story',
      description: 'Gone with her',
    })
    const quiet = await post(carol, '/api/discussions', { title: 'Nobody answered', content: '.' })
    const busy = await post(carol, '/api/discussions', { title: 'Others answered', content: '?' })
    const answered = await post(carol, '/api/comments', {
      targetKind: 'discussion',
      targetId: busy,
      content: 'Carol asks more',
    })
    const reply = await post(bob, '/api/comments', {
      targetKind: 'discussion',
      targetId: busy,
      parent: answered,
      content: 'Bob answers Carol',
    })
    const lonely = await post(carol, '/api/comments', {
      targetKind: 'discussion',
      targetId: busy,
      content: 'Carol talks alone',
    })
    const bobsReview = await post(bob, '/api/reviews', {
      neighbourhood: place,
      rating: 3,
      comment: 'Bob liked by Carol',
    })
    await site.api('POST', '/api/reactions/toggle', {
      body: { targetKind: 'review', targetId: bobsReview, emoji: 'heart' },
      cookie: carol.cookie,
    })
    await site.api('POST', '/api/reactions/toggle', {
      body: { targetKind: 'review', targetId: review, emoji: 'heart' },
      cookie: bob.cookie,
    })
    // Bob's reply and reaction told her; her first review made her follow the neighbourhood.
    for (const table of ['notifications', 'follows'])
      expect(await rows(`SELECT 1 FROM ${table} WHERE user_id = $1`, [carol.id])).not.toEqual([])

    const outcome = await deleteAccount({
      fields: form({ password: carol.password }),
      page,
      call: callAs(carol),
    })
    expect(outcome).toEqual({ redirect: '/', flash: SETTINGS_TEXT.deleted })

    // The account, its sessions, e-mail and avatar are gone; the old cookie opens nothing.
    expect(await me(carol.cookie)).toBeNull()
    expect(
      await rows('SELECT 1 FROM users WHERE id = $1 OR email = $2', [carol.id, carol.email]),
    ).toEqual([])
    expect(await rows('SELECT 1 FROM users_sessions WHERE _parent_id = $1', [carol.id])).toEqual([])
    expect(await rows('SELECT 1 FROM media WHERE id = $1', [avatar.doc.id])).toEqual([])
    for (const table of ['notifications', 'follows', 'reactions'])
      expect(await rows(`SELECT 1 FROM ${table} WHERE user_id = $1`, [carol.id])).toEqual([])
    expect(await rows('SELECT reaction_count FROM reviews WHERE id = $1', [bobsReview])).toEqual([
      { reaction_count: '0' },
    ])

    // Her own posts nobody answered are gone; what others replied to stays, without her.
    expect(await rows('SELECT 1 FROM stories WHERE id = $1', [story])).toEqual([])
    expect(await rows('SELECT 1 FROM discussions WHERE id = $1', [quiet])).toEqual([])
    expect(await rows('SELECT 1 FROM comments WHERE id = $1', [lonely])).toEqual([])
    expect(await rows('SELECT author_id FROM discussions WHERE id = $1', [busy])).toEqual([
      { author_id: null },
    ])
    expect(await rows('SELECT author_id FROM comments WHERE id = $1', [answered])).toEqual([
      { author_id: null },
    ])
    expect(await rows('SELECT author_id FROM comments WHERE id = $1', [reply])).toEqual([
      { author_id: bob.id },
    ])
    expect(await rows('SELECT user_id, author_name FROM reviews WHERE id = $1', [review])).toEqual([
      { user_id: null, author_name: DELETED_MEMBER },
    ])
    // Nobody can take the kept review as theirs.
    const claim = await site.api<{ errors: { message: string }[] }>(
      'POST',
      `/api/reviews/${review}/claim`,
      { cookie: bob.cookie },
    )
    expect([claim.status, claim.body.errors[0]?.message]).toEqual([
      409,
      MESSAGES.reviewAlreadyClaimed,
    ])
  })

  it('the answer clears the session cookie', async () => {
    const erin = await fresh()
    const res = await callAsBrowser(site, 'http://localhost', 'POST', '/api/users/me/delete', {
      body: { password: erin.password },
      cookie: erin.cookie,
    })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe(SETTINGS_TEXT.deleted)
    expect(res.setCookie).toMatch(/^payload-token=;.*Expires=/i)
    expect(await me(erin.cookie)).toBeNull()
  })

  it('an account made through external sign-in confirms by a mailed link, for itself only', async () => {
    const email = `external${Date.now().toString(36)}@example.test`
    const password = 'a password the member never saw'
    const created = await site.payload.create({
      collection: 'users',
      data: {
        email,
        password,
        userName: `ext${Date.now().toString(36)}`,
        role: 'member',
        emailConfirmedAt: new Date().toISOString(),
        oidcIssuer: 'https://issuer.example.test',
        oidcSubject: 'subject-1',
      },
    })
    const external = { id: created.id, email, password, cookie: await site.signIn(email, password) }

    const asked = await deleteAccount({ fields: form({}), page, call: callAs(external) })
    expect(asked).toEqual({ redirect: '/profile/settings', flash: SETTINGS_TEXT.linkSent(email) })
    expect((await me(external.cookie))?.id).toBe(external.id)

    const outbox = path.join(site.dataDir, 'outbox')
    const mail = fs
      .readdirSync(outbox)
      .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
      .filter((m) => m.includes(`To: ${email}`))
      .pop()!
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=')
    const token = decodeURIComponent(/settings\/delete\?token=([^\s"<&]+)/.exec(mail)![1]!)

    // Another member holding the link deletes nothing; a forged token neither.
    const dave = await fresh()
    const stolen = await site.api('POST', '/api/users/me/delete', {
      body: { token },
      cookie: dave.cookie,
    })
    expect(stolen.status).toBe(403)
    const forged = await site.api('POST', '/api/users/me/delete', {
      body: { token: `${token.slice(0, -2)}xx` },
      cookie: external.cookie,
    })
    expect(forged.status).toBe(400)
    expect((await me(dave.cookie))?.id).toBe(dave.id)
    expect((await me(external.cookie))?.id).toBe(external.id)

    const confirmed = await confirmAccountDeletion({
      fields: form({ token }),
      page: new URL(`http://site/profile/settings/delete?token=${encodeURIComponent(token)}`),
      call: callAs(external),
    })
    expect(confirmed).toEqual({ redirect: '/', flash: SETTINGS_TEXT.deleted })
    expect(await rows('SELECT 1 FROM users WHERE id = $1', [external.id])).toEqual([])
  })
})
