import { simpleParser } from 'mailparser'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'

import { startEmbeddedPostgres, type RunningPostgres } from '@/server/database/postgres'
import { mailCatcher } from '@tests/support/smtp'
import {
  confirmedFollower,
  freshDataDir,
  member,
  newEvent,
  removeDataDir,
  report,
  startSite,
  waitFor,
  type Site,
} from './harness'

/**
 * Two app instances on one PostgreSQL both run the Jobs Queue (docs/deploy.md): each job is
 * claimed by one of them (src/server/database/jobClaims.ts), so every mail arrives once and
 * neither logs a queue error. The one sending is killed -9 mid-send: the other sends the rest
 * once MAIL_STALE_MS has passed, and goes on alone.
 */

const FOLLOWERS = 6

let dataDir = ''
let postgres: RunningPostgres | undefined
const sites: Site[] = []
// Answers each message 500 ms after it arrived: a kill finds a mail in flight.
const smtp = mailCatcher({ answerAfterMs: 500 })

/** Every line an instance wrote, whole (the harness keeps only the last ones). */
const logs = new Map<Site, string[]>()

interface JobRan {
  job: number
  task: string
}

const parsed = (line: string): Record<string, unknown> | undefined => {
  try {
    const value: unknown = JSON.parse(line)
    return typeof value === 'object' && value !== null
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

const jobsRan = (site: Site): JobRan[] =>
  (logs.get(site) ?? []).flatMap((line) => {
    const entry = parsed(line)
    return entry?.msg === 'job ran' && typeof entry.job === 'number'
      ? [{ job: entry.job, task: String(entry.task) }]
      : []
  })

/** Whether the instance has handed a mail about `title` to the SMTP server. */
const sentAbout = (site: Site, title: string) =>
  (logs.get(site) ?? []).some((line) => {
    const entry = parsed(line)
    return entry?.msg === 'mail sent' && String(entry.subject).includes(title)
  })

const queueErrors = (site: Site) =>
  (logs.get(site) ?? []).filter((line) =>
    /Error in job queue|Cannot read properties of null/.test(line),
  )

async function instance(env: Record<string, string>): Promise<Site> {
  const site = await startSite(dataDir, env)
  const lines: string[] = []
  let rest = ''
  const collect = (chunk: Buffer) => {
    const text = rest + chunk.toString()
    const parts = text.split('\n')
    rest = parts.pop() ?? ''
    lines.push(...parts.filter(Boolean))
  }
  site.proc.stdout!.on('data', collect)
  site.proc.stderr!.on('data', collect)
  logs.set(site, lines)
  sites.push(site)
  return site
}

let env: Record<string, string> = {}

beforeAll(async () => {
  const port = await smtp.listen()
  dataDir = freshDataDir(inject('faultsTemplate'), 'jobrunners')
  postgres = await startEmbeddedPostgres({ dir: dataDir, databases: ['belong'] })
  env = {
    DATABASE_URL: postgres.url('belong'),
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    // Both instances tick every second, on the same second: the race, as often as it can be.
    MAIL_CRON: '* * * * * *',
    // A job the killed instance held is released this soon after.
    MAIL_STALE_MS: '3000',
    // Scheduled jobs log `job ran` at debug: every run of every job is in the log.
    LOG_LEVEL: 'debug',
  }
  await instance(env)
  await instance(env)
})

afterAll(async () => {
  for (const site of sites) await site.stop()
  await postgres?.stop()
  await smtp.close()
  if (dataDir) await removeDataDir(dataDir)
})

/** The mails about `title` each follower received, with their Message-IDs. */
async function mailsAbout(title: string, followers: string[]) {
  const about = smtp.received.filter((m) => m.raw.includes(title))
  return Promise.all(
    followers.map(async (email) => {
      const theirs = about.filter((m) => m.to.includes(email))
      return {
        email,
        ids: await Promise.all(theirs.map(async (m) => (await simpleParser(m.raw)).messageId)),
      }
    }),
  )
}

test('two instances on one database: every job runs once, every mail arrives once, no queue error; the sender killed mid-send, the other sends the rest and runs on', async () => {
  const [a, b] = sites as [Site, Site]
  const author = await member(a.url)
  // The author's requests, as a browser on that instance's address sends them.
  const authorOn = (site: Site) => ({
    ...author,
    headers: { ...author.headers, origin: site.url },
  })
  // A follower's next new-event mail would wait 10 minutes (one a kind per 10 minutes): each
  // event is told to followers of its own.
  const follow = async (name: string, count: number, through: (n: number) => Site) => {
    const emails: string[] = []
    for (let n = 0; n < count; n++) {
      const site = through(n)
      emails.push(
        (await confirmedFollower(site.url, smtp, author.neighbourhood, `${name}${n}`)).email,
      )
    }
    return emails
  }
  const allArrived = (title: string, followers: string[]) =>
    waitFor(
      async () => (await mailsAbout(title, followers)).every((f) => f.ids.length > 0),
      60_000,
      `a mail about ${title} to every follower`,
    )
  // A second send would come with the next ticks: a few jobs of each of `sites` pass first (a
  // line comes up to a second after its job: the log is written in batches).
  const aFewMoreJobs = async (...of: Site[]) => {
    const ran = of.map((site) => jobsRan(site).length)
    await waitFor(
      () => of.every((site, n) => jobsRan(site).length >= ran[n]! + 4),
      30_000,
      'a few more jobs',
    )
  }
  const repeatedRuns = (...of: Site[]) => {
    const all = of.flatMap(jobsRan).map((r) => r.job)
    return all.length - new Set(all).size
  }

  const first = await follow('runner', FOLLOWERS, (n) => (n % 2 ? b : a))
  await newEvent(b.url, authorOn(b), 'Lantern walk')
  await allArrived('Lantern walk', first)
  // The send job's own line comes once its last mail is answered and its run is stored.
  await waitFor(
    () => [a, b].flatMap(jobsRan).some((r) => r.task === 'sendMails'),
    30_000,
    'the send job logged',
  )
  await aFewMoreJobs(a, b)
  expect(await mailsAbout('Lantern walk', first)).toEqual(
    first.map((email) => ({ email, ids: [expect.any(String)] })),
  )
  // Each job ran on one instance, once: the two logs share no job and neither repeats one.
  expect(jobsRan(a).length).toBeGreaterThan(0)
  expect(jobsRan(b).length).toBeGreaterThan(0)
  expect(repeatedRuns(a, b), 'job runs repeated').toBe(0)
  expect(queueErrors(a)).toEqual([])
  expect(queueErrors(b)).toEqual([])

  // Whichever instance sends is killed after its first mail; the other sends the rest.
  const second = await follow('second', FOLLOWERS, (n) => (n % 2 ? b : a))
  await newEvent(a.url, authorOn(a), 'Bonfire night')
  let sender: Site | undefined
  await waitFor(
    () => Boolean((sender = [a, b].find((site) => sentAbout(site, 'Bonfire night')))),
    60_000,
    'the first mail about Bonfire night',
  )
  await sender!.kill()
  const killedAt = Date.now()
  const atKill = (await mailsAbout('Bonfire night', second)).filter((f) => f.ids.length).length
  const survivor = sender === a ? b : a
  await allArrived('Bonfire night', second)
  const recoveryMs = Date.now() - killedAt
  await aFewMoreJobs(survivor)
  // At least once: only the mail in flight at the kill may come twice, as the same mail.
  const got = await mailsAbout('Bonfire night', second)
  const repeats = got.filter((f) => f.ids.length > 1)
  expect(repeats.length, JSON.stringify(got)).toBeLessThanOrEqual(1)
  for (const { ids } of repeats) expect(new Set(ids).size).toBe(1)
  report({
    fault: 'two instances, the sending one killed -9 mid-send',
    sent: FOLLOWERS,
    acknowledged: got.filter((f) => f.ids.length).length,
    lost: got.filter((f) => !f.ids.length).length,
    recoveryMs,
    notes: `${atKill} mails had arrived at the kill; ${repeats.length} arrived twice (same Message-ID)`,
  })

  // The survivor alone runs what comes next.
  const third = await follow('third', 3, () => survivor)
  await newEvent(survivor.url, authorOn(survivor), 'Harvest supper')
  await allArrived('Harvest supper', third)
  await aFewMoreJobs(survivor)
  expect(await mailsAbout('Harvest supper', third)).toEqual(
    third.map((email) => ({ email, ids: [expect.any(String)] })),
  )
  expect(repeatedRuns(survivor), 'job runs repeated').toBe(0)
  expect(queueErrors(survivor)).toEqual([])
})
