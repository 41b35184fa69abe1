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
  startSite,
  waitFor,
  type Site,
} from './harness'

/**
 * Two app instances on one PostgreSQL both run the Jobs Queue (docs/deploy.md): each job is
 * claimed by one of them (src/server/database/jobClaims.ts), so every mail arrives once and
 * neither logs a queue error; killed -9, the other goes on alone.
 */

const FOLLOWERS = 6

let dataDir = ''
let postgres: RunningPostgres | undefined
const sites: Site[] = []
const smtp = mailCatcher()

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

test('two instances on one database: every job runs once, every mail arrives once, no queue error; one killed, the other runs on', async () => {
  const [a, b] = sites as [Site, Site]
  const author = await member(a.url)
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

  const arrivedOnce = async (title: string, followers: string[]) => {
    await waitFor(
      async () => (await mailsAbout(title, followers)).every((f) => f.ids.length > 0),
      60_000,
      `a mail about ${title} to every follower`,
    )
    // Sends after the last arrival would come with the next ticks: a few of both instances pass.
    const ranOnB = jobsRan(b).length
    await waitFor(() => jobsRan(b).length >= ranOnB + 4, 30_000, 'a few more jobs on B')
    expect(await mailsAbout(title, followers)).toEqual(
      followers.map((email) => ({ email, ids: [expect.any(String)] })),
    )
  }

  // The author's requests go to B as a browser on B's address sends them.
  const onB = { ...author, headers: { ...author.headers, origin: b.url } }
  const followers = await follow('runner', FOLLOWERS, (n) => (n % 2 ? b : a))
  await newEvent(b.url, onB, 'Lantern walk')
  await arrivedOnce('Lantern walk', followers)

  // Each job ran on one instance, once: the two logs share no job and neither repeats one.
  const ranA = jobsRan(a)
  const ranB = jobsRan(b)
  expect(ranA.length).toBeGreaterThan(0)
  expect(ranB.length).toBeGreaterThan(0)
  const all = [...ranA, ...ranB].map((r) => r.job)
  expect(all.length - new Set(all).size, 'job runs repeated').toBe(0)
  expect([...ranA, ...ranB].some((r) => r.task === 'sendMails')).toBe(true)
  expect(queueErrors(a)).toEqual([])
  expect(queueErrors(b)).toEqual([])

  // One instance dies: the other runs what comes next, alone. The followers' next new-event
  // mail would wait 10 minutes (one a kind per 10 minutes): new followers hear of the next event.
  await a.kill()
  const later = await follow('later', 3, () => b)
  await newEvent(b.url, onB, 'Bonfire night')
  await arrivedOnce('Bonfire night', later)
  const allOnB = jobsRan(b).map((r) => r.job)
  expect(allOnB.length - new Set(allOnB).size, 'job runs repeated on B').toBe(0)
  expect(queueErrors(b)).toEqual([])
})
