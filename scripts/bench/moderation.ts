/**
 * The editors' queue and a report on the target scale (5,000 neighbourhoods, 50,000 reviews,
 * 10,000 stories; SEED_SIZE=small for a quick run): the Moderation view's read with 1,000 open
 * cases (and 20,000 decided reports behind them), the dashboard's figures, the editors' reviews
 * list (paged, searched, filtered), and the SQL statements one report costs.
 * Usage: npm run bench:moderation   (SEED_SIZE=small, SCALE=, REVIEWS=, STORIES=, CASES=1000)
 */

import { handleEndpoints } from 'payload'
import pg from 'pg'

import { logRowCounts, sampleTimes } from './measure'
import { demoSignIn } from './demoSignIn'
import { scaleUp } from './scaleSeed'
import { seededPayload } from './seededPayload'

const issueSeed = process.env.SEED_SIZE !== 'small'
const SCALE = Number(process.env.SCALE ?? (issueSeed ? 119 : 10))
const REVIEWS = Number(process.env.REVIEWS ?? (issueSeed ? 50_000 : 0))
const STORIES = Number(process.env.STORIES ?? (issueSeed ? 10_000 : 0))
const CASES = Number(process.env.CASES ?? 1000)

const { server, payload, db } = await seededPayload('.tmp/bench-moderation')
const { openCases, openCaseCount } = await import('@/data/moderationQueue')
const { dashboardFigures } = await import('@collections/Reports/dashboard')
await scaleUp(db, SCALE, { reviews: REVIEWS, stories: STORIES })
// Reporters: 40 established members.
await db.query(`
  INSERT INTO users (email, user_name, user_name_key, role, created_at, updated_at, email_confirmed_at)
  SELECT 'reporter' || g || '@bench.test', 'reporter' || g, 'reporter' || g, 'member',
         now() - interval '1 year', now(), now()
    FROM generate_series(1, 40) g`)
// 1,000 open cases of two reports each on the newest reviews, and 20,000 decided reports on
// older ones (the queue's history).
await db.query(
  `INSERT INTO reports (target_kind, target_id, reporter_id, reason, weight, neighbourhood_id,
                        status, created_at, updated_at)
   SELECT 'review', r.id, u.id, (ARRAY['spam','abuse','off-topic'])[1 + (r.id + u.id) % 3]::enum_reports_reason, 1,
          r.neighbourhood_id, 'open', now() - (r.rn || ' minutes')::interval, now()
     FROM (SELECT id, neighbourhood_id, row_number() OVER (ORDER BY id DESC) AS rn
             FROM reviews ORDER BY id DESC LIMIT $1) r
     CROSS JOIN LATERAL (SELECT id FROM users WHERE user_name LIKE 'reporter%'
                          ORDER BY id LIMIT 2 OFFSET (r.rn % 30)) u`,
  [CASES],
)
await db.query(
  `INSERT INTO reports (target_kind, target_id, reporter_id, reason, weight, neighbourhood_id,
                        status, decided_at, created_at, updated_at)
   SELECT 'review', r.id, u.id, 'spam', 1, r.neighbourhood_id,
          (ARRAY['upheld','dismissed'])[1 + r.id % 2]::enum_reports_status, now() - interval '1 day',
          now() - interval '2 days', now()
     FROM (SELECT id, neighbourhood_id FROM reviews ORDER BY id ASC LIMIT 5000) r
     CROSS JOIN LATERAL (SELECT id FROM users WHERE user_name LIKE 'reporter%'
                          ORDER BY id LIMIT 4) u`,
)
await db.query('ANALYZE')
await logRowCounts(db, ['neighbourhoods', 'reviews', 'stories', 'reports'])

const time = async (name: string, run: () => Promise<unknown>) => {
  const times = await sampleTimes(run)
  console.log(
    `${name.padEnd(52)} median ${times[10]!.toFixed(1)} ms, p95 ${times[18]!.toFixed(1)} ms`,
  )
}
const cases = await openCases(payload, CASES)
console.log(`\nopen cases: ${cases.length}`)
await time(`the Moderation view's read (${CASES} open cases)`, () => openCases(payload, CASES))
await time("the dashboard's figures (one query each)", () =>
  Promise.all([dashboardFigures(payload), openCaseCount(payload)]),
)

// The reviews list as the admin asks for it (10 a page, newest first, the list's columns), signed
// in as the demo editor: the first page, a far page, a search over the text, and hidden only.
// Through the site's sign-in, with the demo editor's two-factor code.
const editorCookie = await demoSignIn(payload, 'tom@belong.local')
const list = (query: string) => async () => {
  const answer = await handleEndpoints({
    config: payload.config,
    request: new Request(`http://local/api/reviews?limit=10&depth=1&sort=-createdAt&${query}`, {
      headers: { cookie: editorCookie },
    }),
  })
  if (answer.status !== 200) throw new Error(`reviews list answered ${answer.status}`)
  await answer.text()
}
console.log('')
await time("the admin's reviews list, first page", list('page=1'))
await time("the admin's reviews list, page 100", list('page=100'))
await time("the admin's reviews list, searching 'quiet'", list('where[comment][like]=quiet'))
await time("the admin's reviews list, hidden only", list('where[hidden][equals]=true'))

// A report's statements: every query the pool's clients run while one report is answered.
let statements: string[] = []
const original = pg.Client.prototype.query
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string })?.text
  if (text) statements.push(text.replace(/\s+/g, ' ').slice(0, 90))
  return (original as (...a: unknown[]) => unknown).apply(this, args)
} as typeof original
await payload.update({
  collection: 'users',
  where: { email: { equals: 'reporter40@bench.test' } },
  data: { password: 'bench-password' },
})
const cookie = await demoSignIn(payload, 'reporter40@bench.test', 'bench-password')
const { rows: target } = await db.query(
  `SELECT id FROM reviews WHERE id NOT IN (SELECT target_id FROM reports) ORDER BY id DESC LIMIT 1`,
)
// Warm the session check, then count one report.
await handleEndpoints({
  config: payload.config,
  request: new Request('http://local/api/users/me', { headers: { cookie } }),
})
statements = []
const res = await handleEndpoints({
  config: payload.config,
  request: new Request('http://local/api/reports/send', {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ targetKind: 'review', targetId: target[0].id, reason: 'spam' }),
  }),
})
console.log(`\na report answered ${res.status} after ${statements.length} statements:`)
for (const s of statements) console.log(`  ${s}`)
pg.Client.prototype.query = original

await db.end()
// The server stops under the pools' idle connections: that is the end, not an error.
payload.db.pool.on('error', () => {})
await payload.db.destroy?.()
await server.stop()
process.exit(0)
