/**
 * Times the main list reads on the demo seed scaled ×100, through the real REST router.
 * Usage: npm run bench:lists   (throwaway embedded PostgreSQL under .tmp/bench)
 */
import { handleEndpoints } from 'payload'

import { pgPool } from '@/server/database/db'

import { logRowCounts, sampleTimes } from './measure'
import { scaleUp } from './scaleSeed'
import { seededPayload } from './seededPayload'

const SCALE = Number(process.env.SCALE ?? 100)
const { server, payload, db } = await seededPayload('.tmp/bench')
const t0 = Date.now()
await scaleUp(db, SCALE)
console.log(`scaled ×${SCALE} in ${((Date.now() - t0) / 1000).toFixed(1)} s`)
await logRowCounts(db, [
  'neighbourhoods',
  'reviews',
  'reactions',
  'comments',
  'discussions',
  'stories',
  'events',
  'polls',
])
await db.query('ANALYZE')

const {
  rows: [busiest],
} = await db.query(
  'SELECT neighbourhood_id AS id FROM reviews GROUP BY 1 ORDER BY count(*) DESC LIMIT 1',
)
const reads: Record<string, string> = {
  'neighbourhood reviews (newest, 10, authors populated)': `/api/reviews?where[neighbourhood][equals]=${busiest.id}&sort=-createdAt&limit=10&depth=1`,
  'neighbourhood reviews (highest rated)': `/api/reviews?where[neighbourhood][equals]=${busiest.id}&sort=-rating&limit=10&depth=1`,
  'review reaction summaries (10 ids)': '', // filled below
  'forum feed page 1': '/api/forum?page=1',
  'forum feed page 100': '/api/forum?page=100',
  'forum discussions tab': '/api/forum?type=discussion&page=1',
  'discussions by reactions': '/api/discussions?sort=-reactionCount&limit=10&depth=1',
  'top reviewers': '/api/top-reviewers?limit=20',
  'neighbourhoods page (by name, 20)': '/api/neighbourhoods?sort=name&limit=20&depth=1',
}
const { rows: ids } = await db.query(
  'SELECT id FROM reviews WHERE neighbourhood_id = $1 ORDER BY created_at DESC LIMIT 10',
  [busiest.id],
)
reads['review reaction summaries (10 ids)'] =
  `/api/reactions/summary?targetKind=review&ids=${ids.map((r) => r.id).join(',')}`

const call = async (url: string) => {
  const res = await handleEndpoints({
    config: payload.config,
    request: new Request(`http://local${url}`),
  })
  if (res.status !== 200) throw new Error(`${url} → ${res.status}: ${await res.text()}`)
  await res.arrayBuffer()
}
console.log('\nread (20 runs after 3 warm-ups)                          median    p95')
for (const [name, url] of Object.entries(reads)) {
  const times = await sampleTimes(() => call(url))
  console.log(
    `${name.padEnd(56)} ${times[10]!.toFixed(1).padStart(6)} ms ${times[18]!.toFixed(1).padStart(6)} ms`,
  )
}

console.log('\nquery plans')
for (const [name, q] of [
  [
    'reviews of a neighbourhood, newest',
    `EXPLAIN ANALYZE SELECT * FROM reviews WHERE neighbourhood_id = ${busiest.id} ORDER BY created_at DESC LIMIT 10`,
  ],
  [
    'reaction summary',
    `EXPLAIN ANALYZE SELECT target_id, emoji, count(*) FROM reactions WHERE target_kind = 'review' AND target_id IN (${ids.map((r) => r.id).join(',')}) GROUP BY 1, 2`,
  ],
  [
    'top reviewers',
    `EXPLAIN ANALYZE SELECT u.id, count(r.id), sum(r.reaction_count) FROM reviews r JOIN users u ON u.id = r.user_id WHERE r.hidden IS NOT TRUE GROUP BY u.id ORDER BY 2 DESC, 3 DESC LIMIT 20`,
  ],
  [
    'discussions by reactions',
    'EXPLAIN ANALYZE SELECT * FROM discussions WHERE hidden IS NOT TRUE ORDER BY reaction_count DESC, created_at DESC LIMIT 10',
  ],
] as const) {
  const { rows } = await db.query(q)
  console.log(`\n-- ${name}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`)
}

await db.end()
pgPool(payload).on('error', () => {})
await payload.db.destroy?.()
await server.stop()
process.exit(0)
