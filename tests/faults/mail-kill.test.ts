import { simpleParser } from 'mailparser'
import { afterAll, expect, test } from 'vitest'

import { mailCatcher } from '@tests/support/smtp'
import { faultSiteForFile } from '@tests/support/faultSite'
import { confirmedFollower, member, newEvent, report, waitFor } from './harness'

/** Members who follow the place: each is owed exactly one new-event mail. */
const FOLLOWERS = 30

const fault = faultSiteForFile('mailkill')
// Answers each message 300 ms after it arrived: a kill finds a mail in flight.
const smtp = mailCatcher({ answerAfterMs: 300 })
afterAll(() => smtp.close())

test('the app killed -9 mid-send and started again: every mail due arrives, a repeat only with its Message-ID', async () => {
  const port = await smtp.listen()
  const env = {
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_CRON: '* * * * * *',
    // A send job left running by the killed process is released this soon after.
    MAIL_STALE_MS: '3000',
  }
  const site = await fault.start(env)
  const author = await member(site.url)
  const followers: string[] = []
  for (let n = 0; n < FOLLOWERS; n++)
    followers.push(
      (await confirmedFollower(site.url, smtp, author.neighbourhood, `follower${n}`)).email,
    )
  await newEvent(site.url, author, 'Lantern walk')
  const eventMails = () => smtp.received.filter((m) => m.raw.includes('Lantern walk'))
  const restarted = await fault.killMidway(env, () => eventMails().length, 'the first mails')

  const arrived = (email: string) => eventMails().filter((m) => m.to.includes(email))
  await waitFor(
    () => followers.every((f) => arrived(f).length > 0),
    90_000,
    'a mail to every follower',
  )
  const repeats = followers.filter((f) => arrived(f).length > 1)
  for (const email of repeats) {
    const ids = await Promise.all(
      arrived(email).map(async (m) => (await simpleParser(m.raw)).messageId),
    )
    expect(new Set(ids).size, `${email} got two different mails`).toBe(1)
  }
  report({
    fault: 'app kill -9 mid-send, started again',
    sent: FOLLOWERS,
    acknowledged: eventMails().length,
    lost: followers.filter((f) => arrived(f).length === 0).length,
    recoveryMs: 0,
    notes: `${restarted.atKill} mails had arrived at the kill; ${repeats.length} arrived twice (same Message-ID)`,
  })
  // Only a mail in flight at the kill may come again: one per send job running then (two jobs).
  expect(repeats.length).toBeLessThanOrEqual(2)
  expect(followers.filter((f) => arrived(f).length === 0)).toEqual([])
})
