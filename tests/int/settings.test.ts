import { describe, expect, it } from 'vitest'

import { notificationSettings } from '@/forms/settings'
import { isRefusal, type FormOutcome } from '@/forms/types'
import { MESSAGES } from '@/rules/messages'
import { SETTINGS_TEXT } from '@/rules/settings'
import {
  apiCallAs,
  callAsBrowser,
  createAs,
  formFields,
  quietPlace,
  testSiteForFile,
  type TestUser,
} from './harness'
import { formOpenedEarlier } from '@tests/support/signUpForm'

/**
 * Profile → Settings: notification choices (the form and PATCH /api/users/{id}), the download of
 * one's data (GET /api/users/me/export) and the reserved user name of its page. Deleting an
 * account: settings-delete.test.ts.
 */
let place: number

const notifyOf = async (id: number) =>
  (await site.payload.findByID({ collection: 'users', id, depth: 0 })).notify
const callAs = (user: TestUser) => apiCallAs(site, user)
const form = formFields
const page = new URL('http://site/profile/settings')
const post = (user: TestUser, url: string, body: Record<string, unknown>) =>
  createAs(site, user, url, body)

const people = { named: { alice: 'setalice', bob: 'setbob' }, timeout: 120_000 } as const
const { site, alice, bob } = testSiteForFile(people, async () => {
  place = await quietPlace(site, 'Settleby', 'Chosen')
})

describe('notification settings', () => {
  const choices = {
    replies: 'off',
    comments: 'bell',
    newEvents: 'email',
    reactions: 'off',
    pollVotes: 'email',
    mentions: 'bell',
    eventReminders: 'off',
    messages: 'bell',
    safetyAlerts: 'bell',
    lostFound: 'bell',
    marketItems: 'email',
    emailTiming: 'daily',
  }

  it('the form saves every choice (an unticked digest is off) and comes back with its message', async () => {
    const outcome = await notificationSettings({
      fields: form(choices),
      page,
      call: callAs(alice),
    })
    expect(outcome).toEqual({ redirect: '/profile/settings', flash: SETTINGS_TEXT.saved })
    expect(await notifyOf(alice.id)).toMatchObject({ ...choices, weeklyDigest: false })
  })

  it('refuses a value that is not a choice, with a clear message, and changes nothing', async () => {
    const before = await notifyOf(alice.id)
    const refused = await notificationSettings({
      fields: form({ ...choices, replies: 'loudly', weeklyDigest: 'on' }),
      page,
      call: callAs(alice),
    })
    expect(isRefusal(refused) && refused.error).toBe(SETTINGS_TEXT.unknownDelivery)
    const badTiming = await notificationSettings({
      fields: form({ ...choices, emailTiming: 'hourly' }),
      page,
      call: callAs(alice),
    })
    expect(isRefusal(badTiming) && badTiming.error).toBe(SETTINGS_TEXT.unknownTiming)
    // The API itself refuses too, whoever skips the form.
    const direct = await site.api<{ errors: { message: string }[] }>(
      'PATCH',
      `/api/users/${alice.id}`,
      { body: { notify: { replies: 'loudly' } }, cookie: alice.cookie },
    )
    expect([direct.status, direct.body.errors[0]?.message]).toEqual([
      400,
      SETTINGS_TEXT.unknownDelivery,
    ])
    expect(await notifyOf(alice.id)).toEqual(before)
  })

  it("nobody changes someone else's settings", async () => {
    const before = await notifyOf(bob.id)
    const refused = await site.api('PATCH', `/api/users/${bob.id}`, {
      body: { notify: { replies: 'off', weeklyDigest: false } },
      cookie: alice.cookie,
    })
    expect([403, 404]).toContain(refused.status)
    const signedOut = await site.api('PATCH', `/api/users/${bob.id}`, {
      body: { notify: { replies: 'off' } },
    })
    expect([401, 403, 404]).toContain(signedOut.status)
    expect(await notifyOf(bob.id)).toEqual(before)
  })

  it('signed out, the form sends the person to sign in and back', async () => {
    const outcome = (await notificationSettings({
      fields: form({ ...choices }),
      page,
      call: async (method, url, body) => {
        const res = await site.api(method, url, { body })
        return { status: res.status, body: res.body }
      },
    })) as FormOutcome
    expect(outcome).toMatchObject({ redirect: '/login?next=%2Fprofile%2Fsettings' })
  })
})

describe('download my data', () => {
  it("holds the member's own writing and settings, nobody else's, and no secret", async () => {
    await post(alice, '/api/reviews', { neighbourhood: place, rating: 4, comment: 'Alice reviews' })
    await post(alice, '/api/stories', {
      neighbourhood: place,
      title: 'Alice private story',
      description: 'Only mine',
      isPublic: false,
    })
    const talk = await post(alice, '/api/discussions', { title: 'Alice asks', content: 'Well?' })
    await post(alice, '/api/comments', { targetKind: 'discussion', targetId: talk, content: 'A1' })
    await post(bob, '/api/reviews', { neighbourhood: place, rating: 2, comment: 'Bob reviews' })
    await post(bob, '/api/comments', { targetKind: 'discussion', targetId: talk, content: 'B1' })

    const res = await callAsBrowser(site, 'http://localhost', 'GET', '/api/users/me/export', {
      cookie: alice.cookie,
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="belong-data-setalice.json"',
    )
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const file = res.body as {
      profile: Record<string, unknown>
      data: Record<string, Record<string, unknown>[]>
    }
    expect(file.profile).toMatchObject({ email: alice.email, userName: 'setalice' })
    expect(file.profile.notify).toMatchObject({ emailTiming: 'daily' })
    expect(file.data.reviews!.map((r) => r.comment)).toEqual(['Alice reviews'])
    expect(file.data.stories!.map((s) => s.title)).toEqual(['Alice private story'])
    expect(file.data.discussions!.map((d) => d.title)).toEqual(['Alice asks'])
    expect(file.data.comments!.map((c) => c.content)).toEqual(['A1'])
    // Her first review there made her follow the neighbourhood.
    expect(file.data.follows!.map((f) => f.neighbourhood)).toEqual([place])
    const text = JSON.stringify(file)
    for (const other of ['Bob reviews', 'B1', bob.email]) expect(text).not.toContain(other)
    for (const secret of ['"hash"', '"salt"', '"sessions"', 'resetPasswordToken', 'loginAttempts'])
      expect(text).not.toContain(secret)
  })

  it("is always the caller's own, even with another id; signed out it is 401", async () => {
    const asking = await site.api<{ profile: { email: string } }>(
      'GET',
      `/api/users/me/export?id=${bob.id}&where[id][equals]=${bob.id}`,
      { cookie: alice.cookie },
    )
    expect(asking.body.profile.email).toBe(alice.email)
    const signedOut = await site.api<{ errors: { message: string }[] }>(
      'GET',
      '/api/users/me/export',
    )
    expect([signedOut.status, signedOut.body.errors[0]?.message]).toEqual([
      401,
      SETTINGS_TEXT.signInFirst,
    ])
  })
})

describe('user names', () => {
  it("nobody can take the user name 'settings', in any case", async () => {
    const taken = await site.api<{ errors: { message: string }[] }>('POST', '/api/users', {
      body: {
        email: 'settings@example.test',
        password: 'correct horse',
        userName: 'Settings',
        ...formOpenedEarlier(site.payload),
      },
    })
    expect([taken.status, taken.body.errors[0]?.message]).toEqual([400, MESSAGES.userNameTaken])
    const renamed = await site.api('PATCH', `/api/users/${alice.id}`, {
      body: { userName: 'settings' },
      cookie: alice.cookie,
    })
    expect(renamed.status).toBe(400)
  })
})
