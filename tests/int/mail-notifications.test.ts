import { simpleParser, type ParsedMail } from 'mailparser'
import { afterAll, afterEach, describe, expect, it } from 'vitest'

import { MAIL_TEXT } from '@/rules/notificationPrefs'
import { moveTestClock } from '@/server/config/clock'
import { pgPool } from '@/server/database/db'
import { sendOutboxMail } from '@collections/Mails/send'
import { unsubscribeToken } from '@/data/unsubscribeToken'
import { runMailJobs } from '@tests/support/mailJobs'
import { mailCatcherForFile } from '@tests/support/smtp'
import {
  commentOn,
  createAs,
  makeUser,
  quietPlace,
  testSiteForFile,
  type TestUser,
} from './harness'

/** Notification mails through a real SMTP server, as each member chose them. */
type User = TestUser
// The site mails through the catcher (tests/support/smtp.ts), started before the site.
const env: Record<string, string> = {}
const smtp = mailCatcherForFile(env)
let place: number

const sql = (text: string, values: unknown[] = []) => pgPool(site.payload).query(text, values)
const confirm = (user: User) =>
  sql('UPDATE users SET email_confirmed_at = now() WHERE id = $1', [user.id])
/** Follows whether or not a first post there already did. */
const follow = (user: User, neighbourhood: number) =>
  sql(
    `INSERT INTO follows (user_id, neighbourhood_id, created_at, updated_at)
     VALUES ($1, $2, now(), now()) ON CONFLICT DO NOTHING`,
    [user.id, neighbourhood],
  )
const choose = (user: User, column: string, value: string) =>
  sql(`UPDATE users SET ${column} = $2 WHERE id = $1`, [user.id, value])

async function mailsTo(user: User): Promise<ParsedMail[]> {
  const raw = smtp.received.filter((m) => m.to.includes(user.email)).map((m) => m.raw)
  return Promise.all(raw.map((r) => simpleParser(r)))
}

const discussionBy = (user: User, title: string) =>
  createAs(site, user, '/api/discussions', {
    title,
    content: `${title}, what do you think?`,
    neighbourhood: place,
  })

const comment = (user: User, discussion: number, content: string, parent?: number) =>
  commentOn(site, user, discussion, content, parent)

afterAll(() => {
  delete process.env.PUBLIC_URL
})
const people = {
  named: { alice: 'mailalice', bob: 'mailbob', carol: 'mailcarol' },
  env,
  timeout: 120_000,
} as const
const { site, alice, bob, carol } = testSiteForFile(people, async () => {
  // Links in mails name the site's public address (read when each mail is built).
  process.env.PUBLIC_URL = 'https://belong.example'
  await confirm(alice)
  await confirm(bob)
  place = await quietPlace(site, 'Mailton', 'Letters')
})
afterEach(() => moveTestClock(0))

describe('notification mails', () => {
  it('a comment on your discussion: one multipart mail with the excerpt, the link and one-click unsubscribe', async () => {
    const discussion = await discussionBy(alice, 'Best bakery')
    await comment(bob, discussion, 'The one on the corner, their rye is wonderful.')
    await runMailJobs(site.payload)
    const mails = await mailsTo(alice)
    expect(mails).toHaveLength(1)
    const mail = mails[0]!
    expect(mail.subject).toBe('mailbob commented on your discussion')
    expect(mail.text).toContain('their rye is wonderful')
    expect(mail.html).toContain('their rye is wonderful')
    // When it was said, as a date and time that stay true whenever the mail is read.
    expect(mail.text).toMatch(/\w{3}, \d{1,2} \w{3} \d{4}, \d{2}:\d{2} \(London time\)/)
    expect(mail.text).not.toMatch(/ ago\b|just now/i)
    expect(mail.html).toContain(`https://belong.example/discussions/${discussion}#comment-`)
    expect(mail.messageId).toMatch(/^<[\w-]+@belong\.example>$/)
    const raw = smtp.received.find((m) => m.to.includes(alice.email))!.raw
    expect(raw).toMatch(
      /^List-Unsubscribe:\s+<https:\/\/belong\.example\/api\/mails\/unsubscribe\?t=/m,
    )
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m)
    expect(mail.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' })
    expect(mail.html).toContain('https://belong.example/unsubscribe?t=')
    // Nothing owed any more: a second run sends nothing.
    await runMailJobs(site.payload)
    expect(await mailsTo(alice)).toHaveLength(1)
    // bob, the actor, is never mailed about his own comment.
    expect(await mailsTo(bob)).toHaveLength(0)
  })

  it('an unconfirmed address gets the bell only; "bell" and "off" are honoured', async () => {
    const ofCarol = await discussionBy(carol, 'Quiet streets')
    await comment(bob, ofCarol, 'Try the mews behind the church.')
    await choose(alice, 'notify_comments', 'bell')
    const ofAlice = await discussionBy(alice, 'Parking')
    await comment(bob, ofAlice, 'Permits are cheap here.')
    await runMailJobs(site.payload)
    expect(await mailsTo(carol)).toHaveLength(0)
    expect(await mailsTo(alice)).toHaveLength(1)
    const bells = await sql(
      `SELECT DISTINCT user_id FROM notifications WHERE type = 'comment' AND user_id = ANY($1::int[])`,
      [[carol.id, alice.id]],
    )
    expect(bells.rows.map((r) => r.user_id).sort()).toEqual([alice.id, carol.id].sort())
    await choose(alice, 'notify_comments', 'off')
    const before = (
      await sql('SELECT count(*)::int AS n FROM notifications WHERE user_id = $1', [alice.id])
    ).rows[0].n
    await comment(bob, ofAlice, 'And the buses are good.')
    const after = (
      await sql('SELECT count(*)::int AS n FROM notifications WHERE user_id = $1', [alice.id])
    ).rows[0].n
    expect(after).toBe(before)
    await choose(alice, 'notify_comments', 'email')
  })

  it('at most one mail per kind in ten minutes: later replies are gathered into the next', async () => {
    const discussion = await discussionBy(bob, 'Markets')
    const top = await comment(alice, discussion, 'Broadway market on Saturdays.')
    await comment(bob, discussion, 'Agreed!', top)
    await runMailJobs(site.payload)
    const first = (await mailsTo(alice)).filter((m) => m.subject?.includes('replied'))
    expect(first).toHaveLength(1)
    for (let i = 0; i < 5; i++) await comment(bob, discussion, `And reply ${i}`, top)
    await runMailJobs(site.payload)
    expect((await mailsTo(alice)).filter((m) => /repl/.test(m.subject ?? ''))).toHaveLength(1)
    moveTestClock(11 * 60_000)
    await runMailJobs(site.payload)
    const replies = (await mailsTo(alice)).filter((m) => /repl/.test(m.subject ?? ''))
    expect(replies).toHaveLength(2)
    expect(replies[1]!.subject).toBe('5 new replies to your comments')
    for (let i = 0; i < 5; i++)
      expect(replies[1]!.text).toContain(`mailbob replied to your comment.`)
  })

  it('content hidden before the mail goes is never mailed', async () => {
    const discussion = await discussionBy(alice, 'Noise')
    const rude = await comment(bob, discussion, 'Something an editor will hide.')
    await sql('UPDATE comments SET hidden = true WHERE id = $1', [rude])
    const count = (await mailsTo(alice)).length
    moveTestClock(24 * 60 * 60_000)
    await runMailJobs(site.payload)
    expect((await mailsTo(alice)).length).toBe(count)
    const owed = await sql(
      `SELECT mail_due FROM notifications WHERE reference_id = $1 AND type = 'comment'`,
      [String(rude)],
    )
    expect(owed.rows).toEqual([{ mail_due: false }])
  })

  it('an outbox mail is sent once, with one Message-ID, however often its send runs', async () => {
    const discussion = await discussionBy(alice, 'Schools')
    await comment(bob, discussion, 'The primary on the hill is lovely.')
    moveTestClock(48 * 60 * 60_000)
    await runMailJobs(site.payload)
    const { rows } = await sql(
      `SELECT id, message_id, sent_at FROM mails WHERE user_id = $1 ORDER BY id DESC LIMIT 1`,
      [alice.id],
    )
    expect(rows[0].sent_at).not.toBeNull()
    expect(await sendOutboxMail(site.payload, rows[0].id)).toBe('skipped')
    const same = smtp.received.filter((m) => m.raw.includes(rows[0].message_id))
    expect(same).toHaveLength(1)
  })

  it('a new public event mails the followers who want it, not its author', async () => {
    await follow(alice, place)
    const before = (await mailsTo(alice)).length
    moveTestClock(72 * 60 * 60_000)
    const created = await site.api('POST', '/api/events/new', {
      body: {
        title: 'Street party',
        description: 'Bring a dish to share.',
        location: 'High Street',
        eventDate: new Date(Date.now() + 5 * 86_400_000).toISOString(),
        neighbourhood: place,
      },
      cookie: bob.cookie,
    })
    expect(created.status).toBe(201)
    await runMailJobs(site.payload)
    const mails = await mailsTo(alice)
    expect(mails.length).toBe(before + 1)
    expect(mails.at(-1)!.subject).toBe('mailbob posted a new event in Mailton: "Street party"')
    expect(mails.at(-1)!.text).toContain('Bring a dish to share.')
  })
})

describe('unsubscribing', () => {
  const oneClick = (token: string) =>
    site.api<{ message?: string; errors?: { message: string }[] }>(
      'POST',
      `/api/mails/unsubscribe?t=${encodeURIComponent(token)}`,
      { form: { 'List-Unsubscribe': 'One-Click' } },
    )
  const delivery = async (user: User) =>
    (await sql('SELECT notify_replies::text AS d FROM users WHERE id = $1', [user.id])).rows[0].d

  it('one click from the mail client turns that kind off, with no sign-in', async () => {
    const answer = await oneClick(unsubscribeToken({ user: alice.id, kind: 'replies' }))
    expect(answer.status).toBe(200)
    expect(answer.body.message).toBe(MAIL_TEXT.turnedOff('Replies to my comments'))
    expect(await delivery(alice)).toBe('bell')
    const back = await site.api('POST', '/api/mails/unsubscribe', {
      body: { token: unsubscribeToken({ user: alice.id, kind: 'replies' }), on: true },
    })
    expect(back.status).toBe(200)
    expect(await delivery(alice)).toBe('email')
  })

  it('a forged, altered or expired token changes nothing and says so', async () => {
    const good = unsubscribeToken({ user: alice.id, kind: 'replies' })
    const altered = good.replace(`${alice.id}.`, `${bob.id}.`)
    for (const token of ['', 'nonsense', altered, `${good}x`]) {
      const answer = await oneClick(token)
      expect(answer.status).toBe(400)
      expect(answer.body.errors?.[0]?.message).toBe(MAIL_TEXT.forgedLink)
    }
    const old = unsubscribeToken(
      { user: alice.id, kind: 'replies' },
      new Date(Date.now() - 400 * 86_400_000),
    )
    const expired = await oneClick(old)
    expect(expired.status).toBe(410)
    expect(expired.body.errors?.[0]?.message).toBe(MAIL_TEXT.expiredLink)
    expect(await delivery(alice)).toBe('email')
    expect(await delivery(bob)).toBe('email')
  })
})

describe('the weekly digest', () => {
  it('tells a follower what happened, once a week, and nothing when nothing happened', async () => {
    await sql('UPDATE users SET digest_sent_at = NULL')
    await follow(bob, place)
    const quiet = await quietPlace(site, 'Stillford', 'Nothing')
    const dora = await makeUser(site, 'maildora')
    await confirm(dora)
    await follow(dora, quiet)
    const digests = async (user: User) =>
      (await mailsTo(user)).filter((m) => m.subject === 'Your week in your neighbourhoods')
    await runMailJobs(site.payload, 'weeklyDigest')
    const [digest] = await digests(bob)
    expect(digest?.text).toContain('Street party')
    expect(digest?.html).toContain('Coming up this week')
    expect(digest?.html).toContain('https://belong.example/unsubscribe?t=')
    expect(await digests(dora)).toHaveLength(0)
    await runMailJobs(site.payload, 'weeklyDigest')
    expect(await digests(bob)).toHaveLength(1)
  })
})

describe('the job queue over REST', () => {
  it('is closed to members: they neither read, run nor queue jobs', async () => {
    const read = await site.api<{ docs?: unknown[] }>('GET', '/api/payload-jobs', {
      cookie: alice.cookie,
    })
    expect(read.status === 403 || (read.status === 200 && read.body.docs?.length === 0)).toBe(true)
    for (const path of ['/api/payload-jobs/run?queue=mail', '/api/payload-jobs/handle-schedules']) {
      const run = await site.api('GET', path, { cookie: alice.cookie })
      expect(run.status, path).toBeGreaterThanOrEqual(400)
      expect(run.status, path).toBeLessThan(500)
    }
  })
})
