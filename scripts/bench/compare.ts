/**
 * Compare on the large bench seed (5,000 neighbourhoods, 50,000 reviews, 10,000 stories;
 * SEED_SIZE=small for a quick run), with six local spots a neighbourhood and two tags on every
 * story, discussion and event: the loader of /compare for 2 and 3 of the busiest neighbourhoods
 * (the demo ones, whose stories, events and discussions the scale-up multiplies), each section
 * query alone, a table against the 50 ms budget, and the EXPLAIN ANALYZE of every statement one
 * comparison runs.
 * Usage: npm run bench:compare   (SEED_SIZE=small, SCALE=, REVIEWS=, STORIES=)
 */
import pg from 'pg'

import { logRowCounts, sampleTimes } from './measure'
import { scaleUp } from './scaleSeed'
import { seededPayload } from './seededPayload'

const bigSeed = process.env.SEED_SIZE !== 'small'
const SCALE = Number(process.env.SCALE ?? (bigSeed ? 119 : 10))
const REVIEWS = Number(process.env.REVIEWS ?? (bigSeed ? 50_000 : 0))
const STORIES = Number(process.env.STORIES ?? (bigSeed ? 10_000 : 0))
const BUDGET_MS = 50
const PAIRS = [
  ['camden-town', 'shoreditch'],
  ['brixton', 'camden-town', 'shoreditch'],
]

const { server, payload, db } = await seededPayload('.tmp/bench-compare')
const { COMPARE_QUERIES, compareRows, loadComparePage } = await import('@/loaders/compare')
const { readCompareQuery } = await import('@/rules/compare')
await scaleUp(db, SCALE, { reviews: REVIEWS, stories: STORIES })
// What the scale-up leaves out: local spots everywhere, and tags on the copied posts.
await db.query(`
  INSERT INTO local_businesses (name, category, neighbourhood_id, author_id, created_at, updated_at)
  SELECT 'Spot ' || g, (ARRAY['cafe','restaurant','gym','barber','store','other'])[1 + g % 6],
         n.id, n.created_by_id, now(), now()
    FROM neighbourhoods n, generate_series(1, 6) g`)
for (const table of ['stories', 'discussions', 'events']) {
  await db.query(`
    INSERT INTO ${table}_texts ("order", parent_id, path, text)
    SELECT 100 + g, t.id, 'tags', (ARRAY['parks','food','markets','music','nightlife'])[1 + (t.id + g) % 5]
      FROM ${table} t, generate_series(0, 1) g`)
}
await db.query('ANALYZE')
await logRowCounts(db, [
  'neighbourhoods',
  'reviews',
  'stories',
  'discussions',
  'events',
  'local_businesses',
])

const rows: Record<string, string>[] = []
const time = async (name: string, run: () => Promise<unknown>, budget?: number) => {
  const times = await sampleTimes(run)
  const [median, p95] = [times[10]!, times[18]!]
  rows.push({
    read: name,
    median: `${median.toFixed(1)} ms`,
    p95: `${p95.toFixed(1)} ms`,
    budget: budget ? `${budget} ms: ${p95 <= budget ? 'within' : 'OVER'}` : '',
  })
}

const queryOf = (slugs: string[]) => readCompareQuery(new URLSearchParams({ n: slugs.join(',') }))
for (const slugs of PAIRS) {
  const page = await loadComparePage(payload, queryOf(slugs))
  if (page.kind !== 'compare') throw new Error(`${slugs.join(',')} answered ${page.kind}`)
  await time(
    `/compare of ${slugs.length} (${slugs.join(', ')})`,
    () => loadComparePage(payload, queryOf(slugs)),
    BUDGET_MS,
  )
}
const { rows: ids } = await db.query<{ id: number }>(
  'SELECT id FROM neighbourhoods WHERE slug = ANY($1) ORDER BY slug',
  [PAIRS[1]],
)
const three = ids.map((r) => r.id)
await time('the section queries alone (parallel)', () => compareRows(payload, three))
for (const [name, sql] of Object.entries(COMPARE_QUERIES)) {
  await time(`  section ${name}`, () => db.query(sql, [three]))
}
console.log(`\nCompare (${SCALE}× the demo seed, 20 runs after 3 warm-ups):`)
console.table(rows)

// Every statement one comparison of three runs, with its plan.
const statements: { text: string; values: unknown[] }[] = []
const original = pg.Client.prototype.query
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[]?]
  const text = typeof first === 'string' ? first : first?.text
  // drizzle passes its parameters beside a config object: (config, values).
  const values =
    (Array.isArray(second) ? second : undefined) ??
    (typeof first === 'object' ? first?.values : undefined) ??
    []
  if (text && /^\s*(select|with)/i.test(text)) statements.push({ text, values })
  return (original as (...a: unknown[]) => unknown).apply(this, args)
} as typeof original
await loadComparePage(payload, queryOf(PAIRS[1]!))
pg.Client.prototype.query = original
console.log(`\nOne comparison of three ran ${statements.length} statements:`)
for (const { text, values } of statements) {
  const plan = await db.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${text}`, values)
  console.log(`\n${text.replace(/\s+/g, ' ').slice(0, 160)}`)
  for (const line of plan.rows) console.log(`  ${line['QUERY PLAN']}`)
}

await db.end()
// The server stops under the pools' idle connections: that is the end, not an error.
payload.db.pool.on('error', () => {})
await payload.db.destroy?.()
await server.stop()
process.exit(0)
