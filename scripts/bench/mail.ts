/**
 * Mail on the target scale (5,000 neighbourhoods, 50,000 reviews, 10,000 stories; SEED_SIZE=small
 * for a quick run): a public event in a neighbourhood with 10,000 confirmed followers — the
 * write's time with and without them, the dispatch that turns their notifications into outbox
 * mails, the sending through a real SMTP server, and reads' p50/p99 while it sends; then 200
 * replies to one member within ten minutes, and how many mails that member gets.
 * Usage: npm run bench:mail   (SEED_SIZE=small, SCALE=, FOLLOWERS=10000)
 */
import { handleEndpoints } from 'payload'

import { mailCatcher } from '@tests/support/smtp'

import { demoSignIn } from './demoSignIn'
import { scaleUp } from './scaleSeed'
import { seededPayload } from './seededPayload'

const issueSeed = process.env.SEED_SIZE !== 'small'
const SCALE = Number(process.env.SCALE ?? (issueSeed ? 119 : 10))
const REVIEWS = Number(process.env.REVIEWS ?? (issueSeed ? 50_000 : 0))
const STORIES = Number(process.env.STORIES ?? (issueSeed ? 10_000 : 0))
const FOLLOWERS = Number(process.env.FOLLOWERS ?? 10_000)

const smtp = mailCatcher()
const smtpPort = await smtp.listen()
Object.assign(process.env, {
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  // Nothing listens for live pushes here: fail fast instead of waiting for a timeout.
  PUSHER_HOST: '127.0.0.1',
  PUSHER_PORT: '9',
})
const { server, payload, db } = await seededPayload('.tmp/bench-mail')
const { moveTestClock } = await import('@/server/config/clock')
const { MAIL_JOBS_AT_ONCE } = await import('@collections/Mails/jobs')
await scaleUp(db, SCALE, { reviews: REVIEWS, stories: STORIES })
const { rows: places } = await db.query(`SELECT id FROM neighbourhoods ORDER BY id LIMIT 2`)
const [crowded, quiet] = places.map((r) => r.id as number)
await db.query(
  `INSERT INTO users (email, user_name, user_name_key, role, created_at, updated_at, email_confirmed_at)
   SELECT 'follower' || g || '@bench.test', 'follower' || g, 'follower' || g, 'member',
          now() - interval '1 year', now(), now()
     FROM generate_series(1, $1::int) g`,
  [FOLLOWERS],
)
await db.query(
  `INSERT INTO follows (user_id, neighbourhood_id, created_at, updated_at)
   SELECT id, $1, now(), now() FROM users WHERE user_name LIKE 'follower%'`,
  [crowded],
)
await db.query('ANALYZE')
console.log(`followers of the crowded neighbourhood: ${FOLLOWERS}`)

async function call(method: string, url: string, cookie: string, body?: unknown) {
  const answer = await handleEndpoints({
    config: payload.config,
    request: new Request(`http://local${url}`, {
      method,
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    }),
  })
  const text = await answer.text()
  return { status: answer.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} }
}
/** Signs a demo account in (the demo's editor with its two-factor code). */
const signIn = (email: string) => demoSignIn(payload, email)
const author = await signIn('tom@belong.local')
const replier = await signIn('sofia@belong.local')
const event = (neighbourhood: number, title: string) => ({
  title,
  description: 'Lanterns, music and food stalls along the canal.',
  location: 'The towpath',
  eventDate: new Date(Date.now() + 4 * 86_400_000).toISOString(),
  neighbourhood,
})
const timed = async <T>(run: () => Promise<T>): Promise<[T, number]> => {
  const start = performance.now()
  const result = await run()
  return [result, performance.now() - start]
}

const [, withoutFollowers] = await timed(() =>
  call('POST', '/api/events/new', author, event(quiet!, 'Quiet fair')),
)
const [created, withFollowers] = await timed(() =>
  call('POST', '/api/events/new', author, event(crowded!, 'Lantern festival')),
)
if (created.status !== 201) throw new Error(`the event answered ${created.status}`)
const { rows: owed } = await db.query(
  `SELECT count(*)::int AS n FROM notifications WHERE type = 'new-event' AND mail_due AND mail_id IS NULL`,
)
console.log('')
console.log(`event write, neighbourhood without followers  ${withoutFollowers.toFixed(0)} ms`)
console.log(
  `event write, ${FOLLOWERS} followers (their notifications and owed mails in it)  ${withFollowers.toFixed(0)} ms`,
)
console.log(`notifications owing a mail after the write: ${owed[0].n}`)

/** Reads a visitor makes meanwhile: the neighbourhoods list and one neighbourhood's reviews. */
async function readTimes(count: number): Promise<number[]> {
  const times: number[] = []
  for (let i = 0; i < count; i++) {
    const [, ms] = await timed(() =>
      call(
        'GET',
        `/api/reviews?where[neighbourhood][equals]=${crowded}&limit=10&depth=1&page=${1 + (i % 20)}`,
        '',
      ),
    )
    times.push(ms)
  }
  return times.sort((a, b) => a - b)
}
const pct = (times: number[], p: number) =>
  times[Math.min(times.length - 1, Math.floor(times.length * p))]!
const idle = await readTimes(300)

const [, dispatchMs] = await timed(async () => {
  await payload.jobs.queue({ task: 'dispatchMails', input: {}, queue: 'mail' })
  await payload.jobs.run({ queue: 'mail', limit: 1 })
})
const { rows: queued } = await db.query(
  `SELECT count(*)::int AS n FROM mails WHERE sent_at IS NULL`,
)
console.log(
  `dispatch: ${queued[0].n} outbox mails written and their send jobs queued in ${dispatchMs.toFixed(0)} ms`,
)

let sending = true
const sendStart = performance.now()
const sender = (async () => {
  // As the app's cron does, at most MAIL_JOBS_AT_ONCE jobs at a time, but back to back instead
  // of one batch a tick: the heaviest the sending can weigh on reads.
  for (;;) {
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM mails WHERE sent_at IS NULL`)
    if (rows[0].n === 0) break
    await payload.jobs.run({ queue: 'mail', limit: MAIL_JOBS_AT_ONCE })
  }
  sending = false
})()
const busy: number[] = []
while (sending) busy.push(...(await readTimes(20)))
await sender
const sendMs = performance.now() - sendStart
busy.sort((a, b) => a - b)
console.log(
  `sent ${smtp.received.length} mails in ${(sendMs / 1000).toFixed(1)} s (${((smtp.received.length / sendMs) * 1000).toFixed(0)}/s)`,
)
console.log(
  `reads idle:          p50 ${pct(idle, 0.5).toFixed(1)} ms, p99 ${pct(idle, 0.99).toFixed(1)} ms (${idle.length})`,
)
console.log(
  `reads while sending: p50 ${pct(busy, 0.5).toFixed(1)} ms, p99 ${pct(busy, 0.99).toFixed(1)} ms (${busy.length})`,
)

// 200 replies to one member's comment within ten minutes: one mail of that kind in the window.
const { rows: story } = await db.query(
  `SELECT id FROM stories WHERE is_public AND hidden IS NOT TRUE ORDER BY id LIMIT 1`,
)
const top = await call('POST', '/api/comments/new', author, {
  targetKind: 'story',
  targetId: story[0].id,
  content: 'Who is coming?',
})
const topId = (top.body.comment as { id: number }).id
const before = smtp.received.filter((m) => m.to.includes('tom@belong.local')).length
for (let i = 0; i < 200; i++) {
  moveTestClock(i * 2500) // 200 replies over 8 minutes 20 seconds
  await call('POST', '/api/comments/new', replier, {
    targetKind: 'story',
    targetId: story[0].id,
    content: `Me too (${i})`,
    parent: topId,
  })
  if (i % 20 === 0) {
    await payload.jobs.queue({ task: 'dispatchMails', input: {}, queue: 'mail' })
    await payload.jobs.run({ queue: 'mail', limit: 20 })
    await payload.jobs.run({ queue: 'mail', limit: 20 })
  }
}
const replyMails = smtp.received.filter((m) => m.to.includes('tom@belong.local')).length - before
console.log(`200 replies within ten minutes: ${replyMails} mail(s) of that kind to their author`)
moveTestClock(0)

await db.end()
payload.db.pool.on('error', () => {})
await payload.db.destroy?.()
await server.stop()
await smtp.close()
process.exit(0)
