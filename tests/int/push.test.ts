import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { PUSH_SITE_TITLE, PUSH_TEXT } from '@/rules/push'
import { ensureVapidKeys } from '@/server/config/secrets'
import { pgPool } from '@/server/database/db'
import { runMailJobs } from '@tests/support/mailJobs'
import { pushService } from '@tests/support/pushService'
import { commentOn, createAs, quietPlace, testSiteForFile, type TestUser } from './harness'

/**
 * Pushes through a push service the test runs, which decrypts each with the device's own keys:
 * to the right member and device, in the words of the bell, as each member chose, never about
 * their own actions or hidden content; a device the service calls gone is forgotten.
 */
const service = pushService()
const env: Record<string, string> = {}
beforeAll(async () => {
  env.PUSH_ENDPOINT_ALLOW = await service.listen()
})
afterAll(async () => {
  delete process.env.PUBLIC_URL
  await service.close()
})

let place: number
const sql = (text: string, values: unknown[] = []) => pgPool(site.payload).query(text, values)
const people = { members: ['alice', 'bob', 'carol'], staff: { editor: 'eddie' }, env } as const
const { site, alice, bob, carol, editor } = testSiteForFile(people, async () => {
  process.env.PUBLIC_URL = 'https://belong.example'
  ensureVapidKeys(site.dataDir)
  await sql('UPDATE users SET email_confirmed_at = now() WHERE id = ANY($1::int[])', [
    [alice.id, bob.id],
  ])
  place = await quietPlace(site, 'Pushton', 'Buzzing')
})

const subscribe = (user: TestUser, body: unknown) =>
  site.api('PUT', '/api/push-subscriptions/device', { body, cookie: user.cookie })
const devicesOf = async (user: TestUser) =>
  (await sql('SELECT endpoint, kinds FROM push_subscriptions WHERE user_id = $1', [user.id])).rows
const discussionBy = (user: TestUser, title: string) =>
  createAs(site, user, '/api/discussions', { title, content: `${title}?`, neighbourhood: place })
const comment = (user: TestUser, discussion: number, content: string, parent?: number) =>
  commentOn(site, user, discussion, content, parent)
const runPushJobs = () => runMailJobs(site.payload, 'dispatchPushes')
const errorOf = (res: { body: unknown }) =>
  (res.body as { errors?: { message: string }[] }).errors?.[0]?.message

describe('push subscriptions', () => {
  it('refuses what is not this member’s own browser subscription, and stores nothing', async () => {
    const good = service.device('refusals')
    const cases: [TestUser | null, unknown, number, string][] = [
      [null, { subscription: good, kinds: ['comments'] }, 401, PUSH_TEXT.loginFirst],
      [
        alice,
        { subscription: good, kinds: ['comments'], user: bob.id },
        403,
        PUSH_TEXT.otherAccount,
      ],
      [
        alice,
        { subscription: { ...good, endpoint: 'https://evil.example/push/1' }, kinds: ['comments'] },
        400,
        PUSH_TEXT.badEndpoint,
      ],
      [
        alice,
        {
          subscription: { ...good, endpoint: 'http://fcm.googleapis.com/fcm/send/x' },
          kinds: ['comments'],
        },
        400,
        PUSH_TEXT.badEndpoint,
      ],
      [
        alice,
        { subscription: { endpoint: good.endpoint }, kinds: ['comments'] },
        400,
        PUSH_TEXT.malformed,
      ],
      [
        alice,
        { subscription: { ...good, keys: { ...good.keys, auth: 'short' } }, kinds: ['comments'] },
        400,
        PUSH_TEXT.badKeys,
      ],
      [
        alice,
        // 65 bytes that are not a point on P-256: a forged key nothing can be encrypted to.
        {
          subscription: {
            ...good,
            keys: { ...good.keys, p256dh: Buffer.alloc(65, 4).toString('base64url') },
          },
          kinds: ['comments'],
        },
        400,
        PUSH_TEXT.badKeys,
      ],
      [alice, { subscription: good, kinds: ['everything'] }, 400, PUSH_TEXT.unknownKind],
      [alice, 'not json at all', 400, PUSH_TEXT.malformed],
    ]
    for (const [user, body, status, message] of cases) {
      const res = user
        ? await subscribe(user, body)
        : await site.api('PUT', '/api/push-subscriptions/device', { body })
      expect(res.status, JSON.stringify(body)).toBe(status)
      expect(errorOf(res)).toBe(message)
    }
    expect((await sql('SELECT count(*)::int AS n FROM push_subscriptions')).rows[0].n).toBe(0)
    // Nobody writes the collection through Payload's own REST routes.
    const direct = await site.api('POST', '/api/push-subscriptions', {
      body: {
        user: bob.id,
        endpoint: good.endpoint,
        p256dh: good.keys.p256dh,
        auth: good.keys.auth,
        kinds: ['comments'],
      },
      cookie: alice.cookie,
    })
    expect(direct.status).toBe(403)
  })

  it('a member turns kinds on and off per device; another member sees none of it', async () => {
    const phone = service.device('alice-settings')
    const saved = await subscribe(alice, { subscription: phone, kinds: ['comments', 'replies'] })
    expect(saved.status, errorOf(saved)).toBe(200)
    const state = (user: TestUser) =>
      site.api<{ kinds: string[] }>('POST', '/api/push-subscriptions/device/state', {
        body: { endpoint: phone.endpoint },
        cookie: user.cookie,
      })
    expect((await state(alice)).body.kinds).toEqual(['comments', 'replies'])
    expect((await state(bob)).body.kinds).toEqual([])
    const list = await site.api<{ docs: unknown[] }>('GET', '/api/push-subscriptions', {
      cookie: bob.cookie,
    })
    expect(list.body.docs).toEqual([])
    await subscribe(alice, { subscription: phone, kinds: [] })
    expect(await devicesOf(alice)).toEqual([])
  })
})

describe('pushes', () => {
  it('a comment on your discussion reaches your device, decrypted, with the words and the link', async () => {
    const phone = service.device('alice-phone')
    const laptop = service.device('alice-laptop')
    await subscribe(alice, { subscription: phone, kinds: ['comments'] })
    await subscribe(alice, { subscription: laptop, kinds: ['replies'] })
    const discussion = await discussionBy(alice, 'Best bakery')
    const said = await comment(bob, discussion, 'The one on the corner, their rye is wonderful.')
    await runPushJobs()
    expect(service.to('alice-phone')).toHaveLength(1)
    const push = service.to('alice-phone')[0]!
    expect(push.payload).toEqual({
      title: 'bob commented on your discussion',
      body: 'The one on the corner, their rye is wonderful.',
      url: `/discussions/${discussion}#comment-${said}`,
      tag: expect.stringMatching(/^notification-\d+$/),
    })
    expect(push.headers['content-encoding']).toBe('aes128gcm')
    expect(Number(push.headers.ttl)).toBeGreaterThan(0)
    expect(push.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${process.env.VAPID_PUBLIC_KEY}$`),
    )
    // The laptop gets replies only; bob, who acted, gets nothing.
    expect(service.to('alice-laptop')).toHaveLength(0)
    // Sent once: the queue running again sends nothing more.
    await runPushJobs()
    expect(service.to('alice-phone')).toHaveLength(1)
  })

  it('never about your own actions, hidden content, a kind switched off or an unconfirmed address', async () => {
    const before = service.received.length
    const own = await discussionBy(alice, 'Quiet streets')
    await comment(alice, own, 'Adding a note to my own post.')
    const hidden = await comment(bob, own, 'Something an editor will hide.')
    const hid = await site.api('PATCH', `/api/comments/${hidden}`, {
      body: { hidden: true },
      cookie: editor.cookie,
    })
    expect(hid.status).toBe(200)
    const carolsPhone = service.device('carol-phone')
    await subscribe(carol, { subscription: carolsPhone, kinds: ['comments'] })
    const ofCarol = await discussionBy(carol, 'Parking')
    await comment(bob, ofCarol, 'Permits are cheap here.')
    await runPushJobs()
    await sql(`UPDATE users SET notify_comments = 'off' WHERE id = $1`, [alice.id])
    await comment(bob, own, 'Said while alice has comments off.')
    await runPushJobs()
    await sql(`UPDATE users SET notify_comments = 'bell' WHERE id = $1`, [alice.id])
    expect(service.received.slice(before)).toEqual([])
    // In the bell only is still pushed where the device asked for the kind.
    await comment(bob, own, 'Said with the bell only.')
    await runPushJobs()
    expect(service.received.slice(before).map((p) => p.payload.body)).toEqual([
      'Said with the bell only.',
    ])
  })

  it('a mention and an event reminder say what the bell says, under the site’s name', async () => {
    await subscribe(bob, {
      subscription: service.device('bob-phone'),
      kinds: ['mentions', 'eventReminders'],
    })
    await discussionBy(alice, 'Who has a ladder, @bob')
    const event = await createAs(site, alice, '/api/events', {
      title: 'Seed swap',
      description: 'Bring what you saved.',
      location: 'The hall',
      eventDate: new Date(Date.now() + 20 * 3600_000).toISOString(),
      neighbourhood: place,
    })
    const going = await site.api('POST', `/api/events/${event}/rsvp`, {
      body: { status: 'attending' },
      cookie: bob.cookie,
    })
    expect(going.status).toBe(200)
    // The reminder job tells the bell; the next dispatch pushes it.
    await runPushJobs()
    await runPushJobs()
    const [reminder] = (
      await sql(
        `SELECT message FROM notifications WHERE type = 'event-reminder' AND user_id = $1`,
        [bob.id],
      )
    ).rows as { message: string }[]
    expect(reminder?.message).toMatch(/^Coming up: "Seed swap", .+\. You said you're going\.$/)
    const words = service.to('bob-phone').map((p) => [p.payload.title, p.payload.body])
    expect(words).toHaveLength(2)
    expect(words).toEqual(
      expect.arrayContaining([
        [PUSH_SITE_TITLE, 'alice mentioned you in a discussion.'],
        [PUSH_SITE_TITLE, reminder!.message],
      ]),
    )
  })

  it('a device the push service calls gone (410) is forgotten; the others still get theirs', async () => {
    const old = service.device('alice-old-tablet')
    await subscribe(alice, { subscription: old, kinds: ['comments'] })
    service.answer('alice-old-tablet', 410)
    const before = service.to('alice-phone').length
    const discussion = await discussionBy(alice, 'Schools')
    await comment(bob, discussion, 'The primary on the hill is lovely.')
    await runPushJobs()
    expect(service.to('alice-phone')).toHaveLength(before + 1)
    const endpoints = (await devicesOf(alice)).map((d) => d.endpoint)
    expect(endpoints).not.toContain(old.endpoint)
    expect(endpoints.some((e) => e.endsWith('/push/alice-phone'))).toBe(true)
  })
})
