import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { MODERATION_TEXT } from '@/rules/moderation'
import {
  canBeHidden,
  REPORT_TARGET_KINDS,
  type CommentTargetKind,
  type ReportTargetKind,
} from '@/rules/targets'
import { pgPool } from '@/server/database/db'
import { answerChecker } from '@tests/support/apiDescription'
import { makeUser, quietPlace, testSiteForFile, type TestUser } from './harness'

/**
 * Reports, the threshold that hides an item, editors' decisions and suspensions, through the
 * REST API as members and editors use it.
 */
let author: TestUser
let neighbourhood: number
let serial = 0

const sql = (text: string, values: unknown[] = []) => pgPool(site.payload).query(text, values)

/** A member whose account is two days old with a confirmed e-mail: their report counts 1. */
async function established(name: string): Promise<TestUser> {
  const user = await makeUser(site, `${name}${++serial}`)
  await sql(
    `UPDATE users SET created_at = now() - interval '2 days', email_confirmed_at = now()
      WHERE id = $1`,
    [user.id],
  )
  return user
}

const report = (
  user: TestUser | null,
  targetKind: string,
  targetId: number,
  reason = 'spam',
  note?: string,
) =>
  site.api<{ message?: string; errors?: { message: string }[] }>('POST', '/api/reports/send', {
    body: { targetKind, targetId, reason, ...(note === undefined ? {} : { note }) },
    ...(user ? { cookie: user.cookie } : {}),
  })

/** Each answer checked against /api/openapi.json: no problem for any of them. */
const describedAsAnswered = async (path: string, answers: { status: number; body: unknown }[]) => {
  const check = answerChecker((await site.api('GET', '/api/openapi.json')).body as never)
  const problems = answers.map((a) => check('POST', path, a.status, a.body).problem)
  expect(problems).toEqual(answers.map(() => null))
}

const messageOf = (r: { body: { message?: string; errors?: { message: string }[] } }) =>
  r.body.message ?? r.body.errors?.[0]?.message

/** A post through its kind's command (`/api/reviews` → POST /api/reviews/new); its id. */
const post = async (path: string, body: Record<string, unknown>, user = author) => {
  const res = await site.api<Partial<Record<'doc' | 'review' | 'comment', { id: number }>>>(
    'POST',
    `${path}/new`,
    { body, cookie: user.cookie },
  )
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return (res.body.doc ?? res.body.review ?? res.body.comment)!.id
}

/** A fresh item of each kind, written by `author`. */
async function itemOf(kind: ReportTargetKind): Promise<number> {
  const n = ++serial
  switch (kind) {
    case 'review':
      return post('/api/reviews', { neighbourhood, rating: 2, comment: `Review ${n}` })
    case 'story':
      return post('/api/stories', { neighbourhood, title: `Story ${n}`, description: 'Told.' })
    case 'discussion':
      return post('/api/discussions', { neighbourhood, title: `Talk ${n}`, content: 'Said.' })
    case 'event':
      return post('/api/events', {
        neighbourhood,
        title: `Event ${n}`,
        description: 'On.',
        eventDate: '2031-01-01T10:00:00.000Z',
        location: 'Hall',
      })
    case 'poll':
      return post('/api/polls', {
        neighbourhood,
        question: `Poll ${n}?`,
        options: [{ text: 'a' }, { text: 'b' }],
      })
    case 'local-business':
      return post('/api/local-businesses', {
        neighbourhood,
        name: `Spot ${n}`,
        category: 'Cafe',
        description: 'Coffee.',
        address: '1 High St',
      })
    case 'safety-alert': {
      const raised = await site.api<{ id: number }>('POST', '/api/safety-alerts/raise', {
        body: {
          neighbourhood,
          category: 'other',
          title: `Alert ${n}`,
          body: 'Seen.',
          happenedAt: new Date().toISOString(),
        },
        cookie: author.cookie,
      })
      expect(raised.status, JSON.stringify(raised.body)).toBe(201)
      return raised.body.id
    }
    case 'lost-found':
      // Posted through its command in its own tests; here only the row matters.
      return (
        await site.payload.create({
          collection: 'lost-found-posts',
          data: {
            neighbourhood,
            kind: 'lost',
            what: 'pet',
            title: `Lost cat ${n}`,
            seenAt: new Date().toISOString(),
            latitude: 51.5,
            longitude: -0.12,
            status: 'open',
            author: author.id,
          },
        })
      ).id
    case 'market-item':
      // Listed through its command in its own tests; here only the row matters.
      return (
        await site.payload.create({
          collection: 'market-items',
          data: {
            neighbourhood,
            kind: 'free',
            title: `Garden chair ${n}`,
            status: 'available',
            expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
            author: author.id,
          },
        })
      ).id
    case 'profile':
      return (await makeUser(site, `profile${n}`)).id
    default: {
      const on = kind.replace('-comment', '') as CommentTargetKind
      const targetId = await commented(on)
      return post('/api/comments', { targetKind: on, targetId, content: `Comment ${n}` })
    }
  }
}

/** Something comments are on: a market item, a verified alert (only those take comments), … */
async function commented(on: CommentTargetKind): Promise<number> {
  if (on === 'market-item')
    return (
      await site.payload.create({
        collection: 'market-items',
        data: {
          neighbourhood,
          kind: 'free',
          title: `Free chair ${++serial}`,
          status: 'available',
          expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
          author: author.id,
        },
      })
    ).id
  if (on === 'safety-alert')
    // Raised by someone else: members raise at most three alerts a day, and `author` raises some.
    return (
      await site.payload.create({
        collection: 'safety-alerts',
        data: {
          neighbourhood,
          category: 'other',
          title: `Alert ${++serial}`,
          body: 'Seen.',
          happenedAt: new Date().toISOString(),
          verifiedAt: new Date().toISOString(),
          author: (await established('alerter')).id,
        },
      })
    ).id
  return itemOf(on)
}

const COLLECTION: Record<ReportTargetKind, string> = {
  review: 'reviews',
  'review-comment': 'comments',
  story: 'stories',
  'story-comment': 'comments',
  discussion: 'discussions',
  'discussion-comment': 'comments',
  'market-item-comment': 'comments',
  'lost-found-comment': 'comments',
  'safety-alert-comment': 'comments',
  event: 'events',
  poll: 'polls',
  'local-business': 'local-businesses',
  'safety-alert': 'safety-alerts',
  'lost-found': 'lost-found-posts',
  'market-item': 'market-items',
  profile: 'users',
  message: 'messages',
}

const visibleToReaders = async (kind: ReportTargetKind, id: number) =>
  (await site.api('GET', `/api/${COLLECTION[kind]}/${id}`)).status === 200

const logEntries = async (kind: ReportTargetKind, id: number) =>
  (
    await sql(`SELECT action FROM moderation_actions WHERE target_kind = $1 AND target_id = $2`, [
      kind,
      id,
    ])
  ).rows.map((r: { action: string }) => r.action)

const people = { staff: { editor: 'moderator' }, timeout: 120_000 } as const
const { site, editor } = testSiteForFile(people, async () => {
  author = await established('author')
  neighbourhood = await quietPlace(site, 'Reportby', 'Watched')
})

describe('reporting', () => {
  it('a visitor is told to sign in; a member is thanked once, then told they already did', async () => {
    const id = await itemOf('review')
    const visitor = await report(null, 'review', id)
    expect(visitor.status).toBe(401)
    expect(messageOf(visitor)).toBe(MODERATION_TEXT.loginToReport)
    const member = await established('once')
    const first = await report(member, 'review', id)
    expect(first.status).toBe(201)
    expect(messageOf(first)).toBe(MODERATION_TEXT.thanks)
    const second = await report(member, 'review', id, 'abuse')
    expect(second.status).toBe(409)
    expect(messageOf(second)).toBe(MODERATION_TEXT.already)
    await describedAsAnswered('/api/reports/send', [visitor, first, second])
    expect(
      (await sql(`SELECT count(*)::int AS n FROM reports WHERE target_id = $1`, [id])).rows[0].n,
    ).toBe(1)
  })

  it('refuses own content, unknown and hidden items, a missing or too long note; writes nothing', async () => {
    const id = await itemOf('discussion')
    const before = (await sql(`SELECT count(*)::int AS n FROM reports`)).rows[0].n
    const own = await report(author, 'discussion', id)
    expect([own.status, messageOf(own)]).toEqual([403, MODERATION_TEXT.own])
    const member = await established('picky')
    const unknown = await report(member, 'discussion', 999_999)
    expect([unknown.status, messageOf(unknown)]).toEqual([404, MODERATION_TEXT.gone])
    const wrongKind = await report(member, 'review-comment', id)
    expect(wrongKind.status).toBe(404)
    const noNote = await report(member, 'discussion', id, 'other')
    expect([noNote.status, messageOf(noNote)]).toEqual([400, MODERATION_TEXT.noteNeeded])
    const long = await report(member, 'discussion', id, 'other', 'x'.repeat(10_000))
    expect([long.status, messageOf(long)]).toEqual([400, MODERATION_TEXT.noteTooLong])
    const badReason = await report(member, 'discussion', id, 'boring')
    expect(badReason.status).toBe(400)
    expect((await sql(`SELECT count(*)::int AS n FROM reports`)).rows[0].n).toBe(before)
  })

  it('whatever a stranger sends, never a 5xx and never a report of their own post', async () => {
    const member = await established('fuzzer')
    const id = await itemOf('story')
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          targetKind: fc.oneof(fc.constantFrom(...REPORT_TARGET_KINDS), fc.string()),
          targetId: fc.oneof(fc.constant(id), fc.integer(), fc.string(), fc.constant(1e20)),
          reason: fc.oneof(fc.constantFrom('spam', 'other', 'abuse'), fc.string()),
          note: fc.oneof(fc.string({ maxLength: 600 }), fc.constant(undefined)),
        }),
        async (body) => {
          const res = await site.api('POST', '/api/reports/send', { body, cookie: member.cookie })
          expect(res.status).toBeLessThan(500)
        },
      ),
      { numRuns: 60, seed: 5 },
    )
  })
})

describe('the threshold', () => {
  for (const kind of REPORT_TARGET_KINDS.filter(canBeHidden)) {
    it(`${kind}: three established members hide it, logged once, its author told`, async () => {
      const id = await itemOf(kind)
      const reporters = [
        await established('reporter'),
        await established('reporter'),
        await established('reporter'),
      ]
      expect((await report(reporters[0]!, kind, id)).status).toBe(201)
      expect((await report(reporters[1]!, kind, id, 'abuse')).status).toBe(201)
      expect(await visibleToReaders(kind, id)).toBe(true)
      expect((await report(reporters[2]!, kind, id, 'abuse')).status).toBe(201)
      expect(await visibleToReaders(kind, id)).toBe(false)
      expect(await logEntries(kind, id)).toEqual(['hidden'])
      const { rows } = await sql(
        `SELECT reason, automatic FROM moderation_actions WHERE target_kind = $1 AND target_id = $2`,
        [kind, id],
      )
      expect(rows[0]).toEqual({ reason: 'abuse', automatic: true })
      const told = await sql(
        `SELECT message FROM notifications WHERE user_id = $1 AND type = 'moderation'
          AND reference_id = $2`,
        [author.id, `${kind}-${id}`],
      )
      expect(told.rows[0]?.message).toMatch(/hidden while an editor reviews it/)
    })
  }

  it('a profile is never hidden by reports: it waits for an editor', async () => {
    const id = await itemOf('profile')
    for (let i = 0; i < 3; i++)
      expect((await report(await established('peer'), 'profile', id)).status).toBe(201)
    expect(await visibleToReaders('profile', id)).toBe(true)
    expect(await logEntries('profile', id)).toEqual([])
  })

  it('new or unconfirmed accounts count half: three of them do not hide, a fourth full one does not either, six halves do', async () => {
    const id = await itemOf('review')
    for (let i = 0; i < 5; i++) {
      const fresh = await makeUser(site, `fresh${++serial}`)
      expect((await report(fresh, 'review', id)).status).toBe(201)
    }
    expect(await visibleToReaders('review', id)).toBe(true)
    expect((await report(await makeUser(site, `fresh${++serial}`), 'review', id)).status).toBe(201)
    expect(await visibleToReaders('review', id)).toBe(false)
  })

  it("an editor's report hides at once", async () => {
    const id = await itemOf('story')
    expect((await report(editor, 'story', id, 'private')).status).toBe(201)
    expect(await visibleToReaders('story', id)).toBe(false)
    expect(await logEntries('story', id)).toEqual(['hidden'])
  })

  it('five reports at once hide the item once and log it once', async () => {
    const id = await itemOf('discussion')
    const reporters = await Promise.all([1, 2, 3, 4, 5].map(() => established('crowd')))
    const answers = await Promise.all(reporters.map((r) => report(r, 'discussion', id)))
    expect(answers.every((a) => a.status < 500)).toBe(true)
    expect(answers.filter((a) => a.status === 201).length).toBeGreaterThanOrEqual(3)
    expect(await visibleToReaders('discussion', id)).toBe(false)
    expect(await logEntries('discussion', id)).toEqual(['hidden'])
  })
})

describe("editors' decisions", () => {
  it('Restore dismisses the reports and shows the item again; both decisions are logged', async () => {
    const id = await itemOf('review')
    await report(editor, 'review', id, 'spam')
    expect(await visibleToReaders('review', id)).toBe(false)
    const restored = await site.api('POST', '/api/reports/decide', {
      body: { cases: [{ targetKind: 'review', targetId: id }], action: 'restore' },
      cookie: editor.cookie,
    })
    expect(restored.status).toBe(200)
    expect(await visibleToReaders('review', id)).toBe(true)
    expect(await logEntries('review', id)).toEqual(['hidden', 'restored'])
    const { rows } = await sql(
      `SELECT status FROM reports WHERE target_id = $1 AND target_kind = 'review'`,
      [id],
    )
    expect(rows.map((r: { status: string }) => r.status)).toEqual(['dismissed'])
  })

  it('members cannot decide, nor read reports or the log’s private fields', async () => {
    const member = await established('nosy')
    const id = await itemOf('poll')
    await report(member, 'poll', id)
    const decide = await site.api('POST', '/api/reports/decide', {
      body: { cases: [{ targetKind: 'poll', targetId: id }], action: 'hide' },
      cookie: member.cookie,
    })
    expect(decide.status).toBe(403)
    expect(await visibleToReaders('poll', id)).toBe(true)
    const reports = await site.api<{ docs: unknown[] }>('GET', '/api/reports', {
      cookie: member.cookie,
    })
    expect(reports.status === 403 || reports.body.docs.length === 0).toBe(true)
    await report(editor, 'poll', id)
    const log = await site.api<{ docs: Record<string, unknown>[] }>(
      'GET',
      '/api/moderation-actions?limit=100',
    )
    expect(log.status).toBe(200)
    expect(log.body.docs.length).toBeGreaterThan(0)
    for (const entry of log.body.docs) {
      expect(entry).not.toHaveProperty('decidedBy')
      expect(entry).not.toHaveProperty('targetId')
    }
  })

  it('Suspend: the author is signed out, reads on, and every write answers the suspension', async () => {
    const troll = await established('troll')
    const id = await post(
      '/api/discussions',
      { neighbourhood, title: 'Rude', content: 'Rude.' },
      troll,
    )
    const decided = await site.api('POST', '/api/reports/decide', {
      body: {
        cases: [{ targetKind: 'discussion', targetId: id }],
        action: 'suspend',
        length: 'week',
      },
      cookie: editor.cookie,
    })
    expect(decided.status).toBe(200)
    expect(await visibleToReaders('discussion', id)).toBe(false)
    expect(await logEntries('discussion', id)).toEqual(['hidden', 'suspended'])
    // Their session ended.
    const me = await site.api<{ user: unknown }>('GET', '/api/users/me', { cookie: troll.cookie })
    expect(me.body.user).toBeNull()
    // Signed in again, they read but cannot write.
    const cookie = await site.signIn(troll.email, troll.password)
    expect((await site.api('GET', '/api/discussions', { cookie })).status).toBe(200)
    const writes = [
      await site.api('POST', '/api/reviews/new', {
        body: { neighbourhood, rating: 5, comment: 'Still here' },
        cookie,
      }),
      await site.api('POST', '/api/reactions/toggle', {
        body: { targetKind: 'discussion', targetId: await itemOf('discussion'), emoji: 'heart' },
        cookie,
      }),
      await site.api('POST', '/api/reports/send', {
        body: { targetKind: 'review', targetId: await itemOf('review'), reason: 'spam' },
        cookie,
      }),
    ]
    for (const w of writes) {
      expect(w.status).toBe(403)
      expect(messageOf(w as never)).toMatch(/^Your account is suspended until \d{1,2} \w+ \d{4}\.$/)
    }
  })

  it('Lift suspension: the member writes again at once; only editors lift, once, and it is logged', async () => {
    const member = await established('lifted')
    const id = await post(
      '/api/discussions',
      { neighbourhood, title: 'Loud', content: 'Loud.' },
      member,
    )
    await site.api('POST', '/api/reports/decide', {
      body: {
        cases: [{ targetKind: 'discussion', targetId: id }],
        action: 'suspend',
        length: 'lifted',
      },
      cookie: editor.cookie,
    })
    const cookie = await site.signIn(member.email, member.password)
    const refused = await site.api('POST', '/api/reviews/new', {
      body: { neighbourhood, rating: 4, comment: 'Back?' },
      cookie,
    })
    expect(messageOf(refused as never)).toBe('Your account is suspended until an editor lifts it.')
    const byMember = await site.api('POST', '/api/reports/lift', {
      body: { member: member.id },
      cookie: author.cookie,
    })
    expect(byMember.status).toBe(403)
    const lifted = await site.api('POST', '/api/reports/lift', {
      body: { member: member.id },
      cookie: editor.cookie,
    })
    expect([lifted.status, messageOf(lifted as never)]).toEqual([200, 'Suspension lifted.'])
    const again = await site.api('POST', '/api/reports/lift', {
      body: { member: member.id },
      cookie: editor.cookie,
    })
    expect([again.status, messageOf(again as never)]).toEqual([
      409,
      'That member is not suspended.',
    ])
    for (const bad of [{}, { member: 'x' }, { member: 2 ** 40 }]) {
      const r = await site.api('POST', '/api/reports/lift', { body: bad, cookie: editor.cookie })
      expect(r.status).toBe(400)
    }
    const written = await site.api('POST', '/api/reviews/new', {
      body: { neighbourhood, rating: 4, comment: 'Back.' },
      cookie,
    })
    expect(written.status).toBe(201)
    expect(await logEntries('profile', member.id)).toEqual(['lifted'])
    const { suspendedMembers } = await import('@/data/moderationQueue')
    expect((await suspendedMembers(site.payload)).some((m) => m.id === member.id)).toBe(false)
    const told = await sql(
      `SELECT message FROM notifications WHERE user_id = $1 AND type = 'moderation'`,
      [member.id],
    )
    expect(told.rows.map((r: { message: string }) => r.message)).toContain(
      'Your suspension is lifted: you can post again.',
    )
  })

  it('staff accounts are not suspended', async () => {
    const other = await makeUser(site, `staff${++serial}`, 'editor')
    const id = await post(
      '/api/discussions',
      { neighbourhood, title: 'Staff', content: 'Note.' },
      other,
    )
    const decided = await site.api('POST', '/api/reports/decide', {
      body: { cases: [{ targetKind: 'discussion', targetId: id }], action: 'suspend' },
      cookie: editor.cookie,
    })
    expect(decided.status).toBe(404)
    const { rows } = await sql(`SELECT suspended_until FROM users WHERE id = $1`, [other.id])
    expect(rows[0].suspended_until).toBeNull()
  })
})

describe('the author’s appeal', () => {
  it('the author of a hidden item asks once; the case shows it until an editor decides', async () => {
    const id = await itemOf('review')
    await report(editor, 'review', id, 'abuse')
    const other = await established('stranger')
    const notTheirs = await site.api('POST', '/api/reports/appeal', {
      body: { targetKind: 'review', targetId: id, note: 'Mine?' },
      cookie: other.cookie,
    })
    expect([notTheirs.status, messageOf(notTheirs as never)]).toEqual([
      403,
      MODERATION_TEXT.notYours,
    ])
    const asked = await site.api('POST', '/api/reports/appeal', {
      body: { targetKind: 'review', targetId: id, note: 'It was a fair review.' },
      cookie: author.cookie,
    })
    expect(asked.status).toBe(201)
    const again = await site.api('POST', '/api/reports/appeal', {
      body: { targetKind: 'review', targetId: id, note: 'Please?' },
      cookie: author.cookie,
    })
    expect([again.status, messageOf(again as never)]).toEqual([
      409,
      MODERATION_TEXT.appealedAlready,
    ])
    await describedAsAnswered('/api/reports/appeal', [notTheirs, asked, again])
    const { openCases } = await import('@/data/moderationQueue')
    const inQueue = (await openCases(site.payload)).find((c) => c.kind === 'review' && c.id === id)
    expect(inQueue?.appeal).toBe('It was a fair review.')
    await site.api('POST', '/api/reports/decide', {
      body: { cases: [{ targetKind: 'review', targetId: id }], action: 'hide' },
      cookie: editor.cookie,
    })
    expect((await openCases(site.payload)).some((c) => c.kind === 'review' && c.id === id)).toBe(
      false,
    )
    // The editor's Hide is a decision of its own in the log.
    expect(await logEntries('review', id)).toEqual(['hidden', 'hidden'])
  })
})

describe('the author sees their hidden posts', () => {
  const ownHidden = (user: TestUser | null, query = '') =>
    site.api<{
      docs: {
        kind: string
        id: number
        text: string
        href: string | null
        appealedAt: string | null
      }[]
    }>('GET', `/api/reports/own-hidden${query}`, user ? { cookie: user.cookie } : {})

  it('of every kind, with the text and where it was; nobody else does', async () => {
    const kinds = REPORT_TARGET_KINDS.filter(canBeHidden)
    const ids = new Map<ReportTargetKind, number>()
    for (const kind of kinds) {
      const id = await itemOf(kind)
      await report(editor, kind, id, 'abuse')
      ids.set(kind, id)
    }
    const mine = await ownHidden(author, `?neighbourhood=${neighbourhood}`)
    expect(mine.status).toBe(200)
    for (const kind of kinds) {
      const found = mine.body.docs.find((d) => d.kind === kind && d.id === ids.get(kind))
      expect(found, kind).toBeDefined()
      expect(found!.text.length, kind).toBeGreaterThan(0)
      expect(found!.href, kind).toMatch(
        /^\/(neighbourhood|discussions|polls|safety|lost-found|market)\//,
      )
    }
    const reviewId = ids.get('review')!
    expect(mine.body.docs.find((d) => d.kind === 'review' && d.id === reviewId)?.href).toBe(
      `/neighbourhood/reportby#review-${reviewId}`,
    )
    const other = await established('onlooker')
    expect((await ownHidden(other)).body.docs).toEqual([])
    expect((await ownHidden(null)).status).toBe(401)
    for (const bad of ['?neighbourhood=x', '?neighbourhood=-1', `?neighbourhood=${2 ** 40}`])
      expect((await ownHidden(author, bad)).status, bad).toBe(400)
    // Elsewhere there is nothing of theirs hidden.
    const elsewhere = await site.payload.create({
      collection: 'neighbourhoods',
      data: { name: 'Elsewhere', slug: `elsewhere${++serial}`, tagline: 'Far', vibes: ['Calm'] },
      context: { disablePopulation: true, disableLive: true },
    })
    expect((await ownHidden(author, `?neighbourhood=${elsewhere.id}`)).body.docs).toEqual([])
  })

  it('once restored it is no longer listed; once appealed it says so', async () => {
    const id = await itemOf('review')
    await report(editor, 'review', id, 'spam')
    await site.api('POST', '/api/reports/appeal', {
      body: { targetKind: 'review', targetId: id, note: 'Fair.' },
      cookie: author.cookie,
    })
    const listed = (await ownHidden(author)).body.docs.find(
      (d) => d.kind === 'review' && d.id === id,
    )
    expect(listed?.appealedAt).toEqual(expect.any(String))
    await site.api('POST', '/api/reports/decide', {
      body: { cases: [{ targetKind: 'review', targetId: id }], action: 'restore' },
      cookie: editor.cookie,
    })
    expect(
      (await ownHidden(author)).body.docs.some((d) => d.kind === 'review' && d.id === id),
    ).toBe(false)
  })
})

it('the open count is the queue’s length, appeals included', async () => {
  const { openCaseCount, openCases } = await import('@/data/moderationQueue')
  expect(await openCaseCount(site.payload)).toBe((await openCases(site.payload, 10_000)).length)
})
