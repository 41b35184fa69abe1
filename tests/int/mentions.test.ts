import { simpleParser } from 'mailparser'
import { afterAll, describe, expect, it } from 'vitest'

import type { Notification } from '@/payload-types'
import { MENTION_LIMIT_MESSAGE, mentionParts } from '@/rules/mentions'
import { pgPool } from '@/server/database/db'
import { serveOverHttp, type HttpSite } from '@tests/support/httpSite'
import { runMailJobs } from '@tests/support/mailJobs'
import { mailCatcherForFile } from '@tests/support/smtp'
import { quietPlace, testSiteForFile, type TestUser } from './harness'

/**
 * @mentions over HTTP against the site's own server: what is linked, who is told and how they
 * chose, the limit of ten, and the mentions nobody hears of (unknown names, hidden or private
 * posts, suspended members, oneself, an edit that adds nothing new).
 */
const env: Record<string, string> = {
  // Room for the file's writes; the picker's limit small enough to reach.
  RATE_LIMITS: JSON.stringify({
    write: { max: 1000 },
    newAccountWrite: { max: 1000 },
    memberSearch: { max: 12 },
  }),
}
const smtp = mailCatcherForFile(env)
let http: HttpSite
let place: number
afterAll(() => http?.close())

const people = {
  named: { amara: 'amara', priya: 'priya', ravi: 'Ravi', sam: 'sam_s', quiet: 'quietone' },
  staff: { editor: 'eddie' },
  env,
  timeout: 120_000,
} as const
const { site, amara, priya, ravi, sam, quiet } = testSiteForFile(people, async () => {
  http = await serveOverHttp(site.payload)
  place = await quietPlace(site, 'Mentionford', 'Names')
  await sql(`UPDATE users SET email_confirmed_at = now() WHERE id = $1`, [amara.id])
  await sql(`UPDATE users SET email_confirmed_at = now(), name = 'Priya Shah' WHERE id = $1`, [
    priya.id,
  ])
  await sql(
    `UPDATE users SET email_confirmed_at = now(), notify_mentions = 'email' WHERE id = $1`,
    [ravi.id],
  )
  await sql(`UPDATE users SET notify_mentions = 'off' WHERE id = $1`, [quiet.id])
  await sql(`UPDATE users SET suspended_until = now() + interval '7 days' WHERE id = $1`, [sam.id])
})

const sql = (text: string, values: unknown[] = []) => pgPool(site.payload).query(text, values)

type Written = { id: number; mentions?: string[] | null }

/** A post through its kind's command (`/api/stories` → POST /api/stories/new); the written post. */
async function post(user: TestUser, path: string, body: Record<string, unknown>) {
  const res = await http.call<Partial<Record<'doc' | 'review' | 'comment', Written>>>(
    'POST',
    `${path}/new`,
    { body, cookie: user.cookie },
  )
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return (res.body.doc ?? res.body.review ?? res.body.comment)!
}

const discussion = (user: TestUser, content: string) =>
  post(user, '/api/discussions', { title: 'Hello', content })

/** The member's mention notifications, as their bell reads them. */
async function mentionsOf(user: TestUser) {
  const res = await http.call<{ docs: Notification[] }>(
    'GET',
    '/api/notifications?where[type][equals]=mention&limit=100&depth=0',
    { cookie: user.cookie },
  )
  expect(res.status).toBe(200)
  return res.body.docs
}

describe('@mentions', () => {
  it('links members who exist, leaves unknown names as text, and tells each member once in the bell', async () => {
    const doc = await discussion(
      amara,
      'Ask @priya or @ravi about the allotments, or @nobody_here. Mail me at a@priya.org',
    )
    // Stored as each member spells their name; the unknown name and the address are left alone.
    expect(doc.mentions).toEqual(['priya', 'Ravi'])
    const parts = mentionParts('Ask @priya or @nobody_here', doc.mentions)
    expect(parts).toEqual([
      { text: 'Ask ' },
      { text: '@priya', userName: 'priya' },
      { text: ' or @nobody_here' },
    ])
    const [told] = await mentionsOf(priya)
    expect(told).toMatchObject({
      message: 'amara mentioned you in a discussion.',
      link: `/discussions/${doc.id}`,
      mailDue: false,
    })
    expect(await mentionsOf(amara)).toHaveLength(0)
  })

  it("honours each member's choice: by e-mail when they chose it, nothing when switched off", async () => {
    const before = smtp.received.length
    await discussion(amara, 'Thanks @Ravi and @quietone for the ladder.')
    expect((await mentionsOf(quiet)).length).toBe(0)
    const [told] = await mentionsOf(ravi)
    expect(told!.mailDue).toBe(true)
    await runMailJobs(site.payload)
    const mails = smtp.received.slice(before).filter((m) => m.to.includes(ravi.email.toLowerCase()))
    expect(mails).toHaveLength(1)
    const mail = await simpleParser(mails[0]!.raw)
    // Both mentions of ravi so far, gathered into one mail.
    expect(mail.subject).toBe('2 new mentions of you')
    expect(mail.text).toContain('amara mentioned you in a discussion.')
  })

  it('refuses a post mentioning 11 members with a clear 400 and saves nothing', async () => {
    const names = Array.from({ length: 11 }, (_, i) => `@member${i}`).join(' ')
    const count = async () => Number((await sql('SELECT count(*) FROM discussions')).rows[0].count)
    const before = await count()
    const res = await http.call('POST', '/api/discussions/new', {
      body: { title: 'Roll call', content: `Hello ${names}` },
      cookie: amara.cookie,
    })
    expect(res.status).toBe(400)
    expect(res.message).toBe(MENTION_LIMIT_MESSAGE)
    expect(await count()).toBe(before)
    // The same name ten times over is one mention; ten different names are allowed.
    await discussion(amara, `${'@priya '.repeat(12)}${names.split(' ').slice(0, 9).join(' ')}`)
  })

  it('tells nobody of a private story, a suspended member, or the author mentioning themselves', async () => {
    const before = (await mentionsOf(priya)).length
    const story = await post(amara, '/api/stories', {
      neighbourhood: place,
      title: 'Only for me',
      description: 'Note to self: ask @priya, @sam_s and @amara.',
      isPublic: false,
    })
    // A suspended member is neither linked nor told.
    const written = await site.payload.findByID({ collection: 'stories', id: story.id })
    expect(written.mentions).toEqual(['priya', 'amara'])
    await post(amara, '/api/comments', {
      targetKind: 'story',
      targetId: story.id,
      content: 'And @priya again.',
    })
    expect(await mentionsOf(priya)).toHaveLength(before)
    expect(await mentionsOf(sam)).toHaveLength(0)
    expect(await mentionsOf(amara)).toHaveLength(0)
    // Made public, its mentions are heard of, once.
    const res = await http.call('PATCH', `/api/stories/${story.id}/details`, {
      body: { isPublic: true },
      cookie: amara.cookie,
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const told = await mentionsOf(priya)
    expect(told).toHaveLength(before + 1)
    expect(told[0]!.message).toBe('amara mentioned you in a story.')
  })

  it('a post hidden by an editor tells nobody, and its owed mail is never sent', async () => {
    const doc = await discussion(amara, 'Ravi, see below.')
    await site.payload.update({ collection: 'discussions', id: doc.id, data: { hidden: true } })
    const before = (await mentionsOf(ravi)).length
    const res = await http.call('PATCH', `/api/discussions/${doc.id}/details`, {
      body: { content: 'Now with @Ravi.' },
      cookie: amara.cookie,
    })
    expect(res.status).toBeLessThan(500)
    expect(await mentionsOf(ravi)).toHaveLength(before)

    // Told while shown, hidden before the mail went: no mail.
    const shown = await discussion(amara, 'Hey @Ravi, the skip is full.')
    expect(await mentionsOf(ravi)).toHaveLength(before + 1)
    await site.payload.update({ collection: 'discussions', id: shown.id, data: { hidden: true } })
    const mailsBefore = smtp.received.length
    await runMailJobs(site.payload)
    expect(
      smtp.received.slice(mailsBefore).filter((m) => m.to.includes(ravi.email.toLowerCase())),
    ).toEqual([])
  })

  it('an edit tells only the members it newly mentions', async () => {
    const doc = await discussion(amara, 'Lunch with @priya?')
    const count = async (user: TestUser) =>
      (await mentionsOf(user)).filter((n) => n.referenceId === `discussions:${doc.id}`).length
    expect(await count(priya)).toBe(1)
    const edit = (content: string) =>
      http.call('PATCH', `/api/discussions/${doc.id}/details`, {
        body: { content },
        cookie: amara.cookie,
      })
    expect((await edit('Lunch with @priya and @Ravi?')).status).toBe(200)
    expect((await edit('Lunch with @Ravi?')).status).toBe(200)
    expect((await edit('Lunch with @priya and @Ravi, finally.')).status).toBe(200)
    expect(await count(priya)).toBe(1)
    expect(await count(ravi)).toBe(1)
  })

  it('comments and reviews lead to the mention itself', async () => {
    const doc = await discussion(amara, 'Plain post.')
    const comment = await post(amara, '/api/comments', {
      targetKind: 'discussion',
      targetId: doc.id,
      content: '@priya what do you think?',
    })
    expect(comment.mentions).toEqual(['priya'])
    const review = await post(amara, '/api/reviews', {
      neighbourhood: place,
      rating: 5,
      comment: 'Lovely streets, as @priya promised.',
    })
    const told = await mentionsOf(priya)
    expect(told.find((n) => n.referenceId === `comments:${comment.id}`)).toMatchObject({
      message: 'amara mentioned you in a comment.',
      link: `/discussions/${doc.id}#comment-${comment.id}`,
    })
    expect(told.find((n) => n.referenceId === `reviews:${review.id}`)).toMatchObject({
      message: 'amara mentioned you in a review.',
      link: `/neighbourhood/mentionford#review-${review.id}`,
    })
  })
})

describe('the member picker (GET /api/users/mentionable)', () => {
  const find = (q: string, user: TestUser | null = amara) =>
    http.call<{ members: Record<string, unknown>[] }>(
      'GET',
      `/api/users/mentionable?q=${encodeURIComponent(q)}`,
      user ? { cookie: user.cookie } : {},
    )

  it('answers members by the start of their name, with public fields only, never suspended ones', async () => {
    const res = await find('PR')
    expect(res.status).toBe(200)
    expect(res.body.members).toEqual([{ userName: 'priya', name: 'Priya Shah' }])
    expect((await find('sam')).body.members).toEqual([])
    // '_' is a letter of names here, not a wildcard.
    expect((await find('r_')).body.members).toEqual([])
    expect((await find('')).body.members).toEqual([])
  })

  it('refuses strangers and bad names clearly, and limits how often one member asks', async () => {
    expect((await find('pr', null)).status).toBe(401)
    const bad = await find('pr%')
    expect(bad.status).toBe(400)
    expect(bad.message).toBe("A user name has only letters, digits, '_', '.' and '-'.")
    let status = 200
    for (let i = 0; i < 13 && status === 200; i++) status = (await find('q', priya)).status
    expect(status).toBe(429)
  })
})
