import { simpleParser, type ParsedMail } from 'mailparser'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { moveTestClock } from '@/server/config/clock'
import { ensureVapidKeys } from '@/server/config/secrets'
import { pgPool } from '@/server/database/db'
import { serveOverHttp, type HttpSite } from '@tests/support/httpSite'
import { runMailJobs } from '@tests/support/mailJobs'
import { pushService } from '@tests/support/pushService'
import { mailCatcherForFile } from '@tests/support/smtp'
import { makeUser, testSiteForFile, type TestUser } from './harness'

/**
 * The 'Messages' kind over HTTP: one bell entry per conversation with unread messages, a mail per
 * conversation at most every 15 minutes through a real SMTP server (who wrote and how many, never
 * what), pushes to a device, nothing for a conversation the member has open, and blocks.
 */
const env: Record<string, string> = {
  RATE_LIMITS: JSON.stringify({ write: { max: 5000 }, newAccountWrite: { max: 5000 } }),
}
const smtp = mailCatcherForFile(env)
const devices = pushService()
let http: HttpSite
let serial = 0
beforeAll(async () => {
  env.PUSH_ENDPOINT_ALLOW = await devices.listen()
})
afterAll(async () => {
  await http?.close()
  await devices.close()
})
afterEach(() => moveTestClock(0))

const people = { members: ['bob'], env, timeout: 120_000 } as const
const { site, bob } = testSiteForFile(people, async () => {
  ensureVapidKeys(site.dataDir)
  http = await serveOverHttp(site.payload)
  await established(bob)
})

const sql = (text: string, values: unknown[] = []) => pgPool(site.payload).query(text, values)
const established = (user: TestUser) =>
  sql(
    `UPDATE users SET created_at = now() - interval '2 days', email_confirmed_at = now() WHERE id = $1`,
    [user.id],
  )
/** A fresh recipient per test: their bell, mails and pushes are theirs alone. */
async function recipient(): Promise<TestUser> {
  const user = await makeUser(site, `inbox${++serial}`)
  await established(user)
  return user
}

async function call<T = Record<string, unknown>>(
  method: string,
  path: string,
  user: TestUser,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${http.base}${path}`, {
    method,
    headers: {
      origin: http.base,
      cookie: user.cookie,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as T }
}

const start = async (from: TestUser, to: TestUser, text: string) => {
  const answer = await call<{ id: number }>('POST', '/api/conversations/start', from, {
    to: to.id,
    text,
  })
  expect(answer.status).toBe(200)
  return answer.body.id
}
const send = async (from: TestUser, conversation: number, text: string) =>
  expect(
    (await call('POST', `/api/conversations/${conversation}/messages`, from, { text })).status,
  ).toBe(200)
/** What the reader's page does when it shows the conversation (widgets/Messages). */
const open = async (user: TestUser, conversation: number) =>
  expect((await call('POST', `/api/conversations/${conversation}/seen`, user, {})).status).toBe(200)

interface Bell {
  docs: { type: string; message: string; link: string; isRead: boolean }[]
}
const bellOf = async (user: TestUser) =>
  (await call<Bell>('GET', '/api/notifications?where[type][equals]=message&sort=-createdAt', user))
    .body.docs

async function mailsTo(user: TestUser): Promise<ParsedMail[]> {
  const raw = smtp.received.filter((m) => m.to.includes(user.email)).map((m) => m.raw)
  return Promise.all(raw.map((r) => simpleParser(r)))
}
/**
 * Runs the mail (or push) jobs as a cron would, `minutes` from now on the server's clock, with
 * links naming the public address (only then: the HTTP site answers its own address).
 */
async function runJobs(minutes = 0, task: 'dispatchMails' | 'dispatchPushes' = 'dispatchMails') {
  moveTestClock(minutes * 60_000)
  process.env.PUBLIC_URL = 'https://belong.example'
  try {
    await runMailJobs(site.payload, task)
  } finally {
    delete process.env.PUBLIC_URL
  }
}
const mailAfter = (minutes: number) => runJobs(minutes)

describe('the bell', () => {
  it('one entry per conversation with unread messages, counting them; opening it reads it', async () => {
    const alice = await recipient()
    const conversation = await start(bob, alice, 'Is the street loud on Friday nights?')
    await send(bob, conversation, 'And the walk to the station?')
    await send(bob, conversation, 'Thanks in advance!')
    let bell = await bellOf(alice)
    expect(bell).toHaveLength(1)
    expect(bell[0]).toMatchObject({
      message: 'bob sent you 3 messages',
      link: `/messages/${conversation}#latest`,
      isRead: false,
    })
    // Never what they say.
    expect(JSON.stringify(bell)).not.toContain('Friday')
    // The sender's own bell hears nothing of their messages.
    expect(await bellOf(bob)).toHaveLength(0)
    await open(alice, conversation)
    expect((await bellOf(alice))[0]!.isRead).toBe(true)
    await send(bob, conversation, 'One more thing.')
    bell = await bellOf(alice)
    expect(bell.map((n) => [n.message, n.isRead])).toEqual([
      ['bob sent you a message', false],
      ['bob sent you 3 messages', true],
    ])
  })

  it('"bell" never mails, "off" leaves the bell quiet too', async () => {
    const alice = await recipient()
    await sql(`UPDATE users SET notify_messages = 'bell' WHERE id = $1`, [alice.id])
    const first = await start(bob, alice, 'Hello from the bakery.')
    await mailAfter(30)
    expect(await mailsTo(alice)).toHaveLength(0)
    expect(await bellOf(alice)).toHaveLength(1)
    await sql(`UPDATE users SET notify_messages = 'off' WHERE id = $1`, [alice.id])
    await open(alice, first)
    await send(bob, first, 'Are you there?')
    expect((await bellOf(alice)).filter((n) => !n.isRead)).toHaveLength(0)
  })
})

describe('the mail', () => {
  it('at most one per conversation per 15 minutes: who wrote, how many, the link, one-click unsubscribe', async () => {
    const alice = await recipient()
    const conversation = await start(bob, alice, 'Secret words about the allotment.')
    await send(bob, conversation, 'More secret words.')
    // A message this fresh may be being read on an open page: nothing yet.
    await runJobs()
    expect(await mailsTo(alice)).toHaveLength(0)
    await mailAfter(2)
    let mails = await mailsTo(alice)
    expect(mails).toHaveLength(1)
    const mail = mails[0]!
    expect(mail.subject).toBe('bob sent you 2 messages')
    expect(mail.text).toContain(`https://belong.example/messages/${conversation}#latest`)
    expect(mail.html).toContain(`https://belong.example/messages/${conversation}#latest`)
    expect(`${mail.text}${mail.html}`).not.toContain('secret words')
    const raw = smtp.received.find((m) => m.to.includes(alice.email))!.raw
    expect(raw).toMatch(
      /^List-Unsubscribe:\s+<https:\/\/belong\.example\/api\/mails\/unsubscribe\?t=/m,
    )
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m)

    // More messages in the window wait; a second conversation has a window of its own.
    await send(bob, conversation, 'Still there?')
    await send(bob, conversation, 'Hello?')
    const carolName = `carol${++serial}`
    const carol = await makeUser(site, carolName)
    await established(carol)
    await start(carol, alice, 'A different question.')
    await mailAfter(5)
    mails = await mailsTo(alice)
    expect(mails.map((m) => m.subject)).toEqual([
      'bob sent you 2 messages',
      `${carolName} sent you a message`,
    ])
    await mailAfter(20)
    mails = await mailsTo(alice)
    expect(mails.map((m) => m.subject)).toHaveLength(3)
    expect(mails[2]!.subject).toBe('bob sent you 4 messages')
    // Nothing owed any more.
    await mailAfter(40)
    expect(await mailsTo(alice)).toHaveLength(3)

    // The one-click link turns the kind's mail off.
    const link = /^List-Unsubscribe:\s+<([^>]+)>/m.exec(raw)![1]!
    const oneClick = await fetch(link.replace('https://belong.example', http.base), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(oneClick.status).toBe(200)
    const { rows } = await sql('SELECT notify_messages FROM users WHERE id = $1', [alice.id])
    expect(rows[0].notify_messages).not.toBe('email')
  })

  it('nothing is mailed or pushed for a conversation its member has open', async () => {
    const alice = await recipient()
    const phone = devices.device(`open-${alice.id}`)
    expect(
      (
        await call('PUT', '/api/push-subscriptions/device', alice, {
          subscription: phone,
          kinds: ['messages'],
        })
      ).status,
    ).toBe(200)
    const conversation = await start(bob, alice, 'Are you reading this?')
    // Her page has it open: the island marks it seen as the message arrives.
    await open(alice, conversation)
    await mailAfter(30)
    await runJobs(0, 'dispatchPushes')
    expect(await mailsTo(alice)).toHaveLength(0)
    expect(devices.to(`open-${alice.id}`)).toHaveLength(0)
  })

  it('a device that chose messages gets one push per conversation, in the bell’s words', async () => {
    const alice = await recipient()
    const phone = devices.device(`push-${alice.id}`)
    expect(
      (
        await call('PUT', '/api/push-subscriptions/device', alice, {
          subscription: phone,
          kinds: ['messages'],
        })
      ).status,
    ).toBe(200)
    const conversation = await start(bob, alice, 'What is parking like?')
    await runJobs(0, 'dispatchPushes')
    await send(bob, conversation, 'On weekdays, I mean.')
    await runJobs(0, 'dispatchPushes')
    const pushes = devices.to(`push-${alice.id}`)
    expect(pushes).toHaveLength(1)
    expect(pushes[0]!.payload).toMatchObject({
      body: 'bob sent you a message',
      url: `/messages/${conversation}#latest`,
    })
    expect(JSON.stringify(pushes[0]!.payload)).not.toContain('parking')
  })

  it('a block either way: nothing mailed, and the blocker’s bell lets the conversation go', async () => {
    const alice = await recipient()
    const conversation = await start(bob, alice, 'You will not want this.')
    expect(
      (await call('POST', '/api/blocks/set', alice, { user: bob.id, blocked: true })).status,
    ).toBe(200)
    await mailAfter(30)
    expect(await mailsTo(alice)).toHaveLength(0)
    expect((await bellOf(alice)).filter((n) => !n.isRead)).toHaveLength(0)
    const owed = await sql(
      `SELECT count(*)::int AS n FROM notifications WHERE reference_id = $1 AND mail_due AND mail_id IS NULL`,
      [String(conversation)],
    )
    expect(owed.rows[0].n).toBe(0)
  })
})
