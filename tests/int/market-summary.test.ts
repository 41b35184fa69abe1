import { simpleParser, type ParsedMail } from 'mailparser'
import { afterAll, afterEach, describe, expect, it } from 'vitest'

import { KIND_LABELS, MAIL_TEXT } from '@/rules/notificationPrefs'
import { moveTestClock } from '@/server/config/clock'
import { pgPool } from '@/server/database/db'
import { runMailJobs } from '@tests/support/mailJobs'
import { mailCatcherForFile } from '@tests/support/smtp'
import { quietPlace, testSiteForFile, type TestUser } from './harness'

/**
 * 'Market: new items': followers who turned it on hear of each new item in the bell at once,
 * and by mail only in one daily summary (through a real SMTP server), never a mail per item.
 */
const env: Record<string, string> = {}
const smtp = mailCatcherForFile(env)
let place: number

const sql = (text: string, values: unknown[] = []) => pgPool(site.payload).query(text, values)
afterAll(() => {
  delete process.env.PUBLIC_URL
})
afterEach(() => moveTestClock(0))

const people = {
  named: { seller: 'sumseller', keen: 'sumkeen', quiet: 'sumquiet' },
  env,
  timeout: 120_000,
} as const
const { site, seller, keen, quiet } = testSiteForFile(people, async () => {
  process.env.PUBLIC_URL = 'https://belong.example'
  place = await quietPlace(site, 'Summerby', 'Daily news')
  await sql('UPDATE users SET email_confirmed_at = now() WHERE id = ANY($1)', [
    [seller.id, keen.id, quiet.id],
  ])
  for (const member of [keen, quiet])
    await site.api('POST', '/api/follows/toggle', {
      body: { neighbourhood: place },
      cookie: member.cookie,
    })
  await sql(`UPDATE users SET notify_market_items = 'email' WHERE id = $1`, [keen.id])
})

async function list(title: string, extra: Record<string, unknown> = {}) {
  const res = await site.api<{ id: number }>('POST', '/api/market-items/new', {
    body: { neighbourhood: place, kind: 'free', title, ...extra },
    cookie: seller.cookie,
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.id
}

const mailsTo = (user: TestUser): Promise<ParsedMail[]> =>
  Promise.all(
    smtp.received.filter((m) => m.to.includes(user.email)).map((m) => simpleParser(m.raw)),
  )

describe("the 'Market: new items' kind", () => {
  it('rings the bell per item, and mails one daily summary listing both items', async () => {
    const chair = await list('Garden chair')
    const lamp = await list('Brass lamp', {
      kind: 'sale',
      price: '12.50',
      condition: 'good',
      description: 'Works, with a new shade.',
    })
    const bells = await sql(
      `SELECT user_id, link FROM notifications WHERE type = 'market-item' ORDER BY id`,
    )
    // Off by default (quiet), never the seller; keen's bell has each item at once.
    expect(bells.rows).toEqual([
      { user_id: keen.id, link: `/market/${chair}` },
      { user_id: keen.id, link: `/market/${lamp}` },
    ])

    // The ongoing dispatch never mails them one by one.
    await runMailJobs(site.payload)
    expect(await mailsTo(keen)).toHaveLength(0)

    await runMailJobs(site.payload, 'dailySummaries')
    const mails = await mailsTo(keen)
    expect(mails).toHaveLength(1)
    const mail = mails[0]!
    expect(mail.subject).toBe('2 new market items where you follow')
    for (const text of [mail.text, mail.html])
      expect(text).toEqual(expect.stringContaining('Garden chair'))
    expect(mail.text).toContain('"Brass lamp" (£12.50)')
    expect(mail.text).toContain('Works, with a new shade.')
    expect(mail.html).toContain(`https://belong.example/market/${lamp}`)
    expect(mail.html).toContain('https://belong.example/unsubscribe?t=')
    expect(mail.html).toContain(KIND_LABELS.marketItems)
    const raw = smtp.received.find((m) => m.to.includes(keen.email))!.raw
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m)
    expect(await mailsTo(quiet)).toHaveLength(0)
    expect(await mailsTo(seller)).toHaveLength(0)

    // At most one a day: a later item waits for tomorrow's summary.
    const bike = await list('Child bike')
    await runMailJobs(site.payload, 'dailySummaries')
    expect(await mailsTo(keen)).toHaveLength(1)
    moveTestClock(24 * 3600_000)
    await runMailJobs(site.payload, 'dailySummaries')
    const next = await mailsTo(keen)
    expect(next).toHaveLength(2)
    expect(next[1]!.subject).toBe('A new market item where you follow')
    expect(next[1]!.html).toContain(`https://belong.example/market/${bike}`)
    expect(next[1]!.text).not.toContain('Garden chair')

    // The mail's one-click link turns the summary off, back to the bell.
    const link = /^List-Unsubscribe:\s+<([^>]+)>/m.exec(raw)![1]!
    const answer = await site.api<{ message?: string }>(
      'POST',
      new URL(link).pathname + new URL(link).search,
      {
        form: { 'List-Unsubscribe': 'One-Click' },
      },
    )
    expect(answer.body.message).toBe(MAIL_TEXT.turnedOff(KIND_LABELS.marketItems))
    const [row] = (
      await sql('SELECT notify_market_items::text AS d FROM users WHERE id = $1', [keen.id])
    ).rows
    expect(row.d).toBe('bell')
  })

  it('leaves out an item gone or hidden before the summary', async () => {
    const sofa = await list('Corner sofa')
    const rug = await list('Wool rug')
    await sql(`UPDATE users SET notify_market_items = 'email' WHERE id = $1`, [quiet.id])
    const kept = await list('Toaster')
    await sql(`UPDATE market_items SET status = 'gone' WHERE id = $1`, [sofa])
    await sql(`UPDATE market_items SET hidden = true WHERE id = $1`, [rug])
    await runMailJobs(site.payload, 'dailySummaries')
    const mails = await mailsTo(quiet)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.html).toContain(`/market/${kept}`)
    expect(mails[0]!.text).not.toMatch(/Corner sofa|Wool rug/)
  })
})
