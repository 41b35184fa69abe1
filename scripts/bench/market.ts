/**
 * The market's list read on the large seed (SEED_SIZE=target: the demo seed plus 20,000 market
 * items from 2,000 sellers, src/seed/marketTarget.ts), in process against a throwaway embedded
 * PostgreSQL (.tmp/bench-market):
 * - filtered (kind + price range + text) with CONNECTIONS clients at once for DURATION seconds:
 *   p50/p95 of every read (budget p95 ≤ 50 ms);
 * - the unfiltered first page of a neighbourhood's market beside the neighbourhoods list read
 *   (`GET /api/neighbourhoods?sort=name&limit=20` through the REST router), the same clients, in
 *   the same run: reads per second of each and their ratio (budget ≥ 0.8);
 * - the filtered query's plan.
 * Usage: npm run bench:market   (CONNECTIONS=20, DURATION=10)
 */
import { createLocalReq, handleEndpoints } from 'payload'

import { listMarketItems } from '@/data/market'
import { pgPool } from '@/server/database/db'
import { parseMarketQuery } from '@/views/market'

import { logRowCounts } from './measure'
import { seededPayload } from './seededPayload'

// Read by the seed: the large one unless told otherwise.
process.env.SEED_SIZE ??= 'target'
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20)
const DURATION = Number(process.env.DURATION ?? 10)

const t0 = Date.now()
const { server, payload, db } = await seededPayload('.tmp/bench-market')
console.log(
  `seeded (SEED_SIZE=${process.env.SEED_SIZE}) in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
)
await logRowCounts(db, ['neighbourhoods', 'users', 'market_items', 'lost_found_posts'])
await db.query('ANALYZE')

const { rows: places } = await db.query<{ id: number; slug: string }>(
  'SELECT id, slug FROM neighbourhoods ORDER BY id',
)
const req = await createLocalReq({}, payload)
const pick = (i: number) => places[i % places.length]!
const filtered = (i: number) => {
  const place = pick(i)
  const q = parseMarketQuery(
    new URLSearchParams({ kind: 'sale', min: '5', max: '300', q: ['sofa', 'lamp', 'oak'][i % 3]! }),
    place.slug,
  )
  return listMarketItems(req, q, place.id)
}
const firstPage = (i: number) => {
  const place = pick(i)
  return listMarketItems(req, parseMarketQuery(new URLSearchParams(), place.slug), place.id)
}
const neighbourhoodsList = async () => {
  const res = await handleEndpoints({
    config: payload.config,
    request: new Request('http://local/api/neighbourhoods?sort=name&limit=20&depth=1'),
  })
  if (res.status !== 200) throw new Error(`neighbourhoods → ${res.status}`)
  await res.arrayBuffer()
}

/** CONNECTIONS clients calling `read` back to back for DURATION s: every read's time, in ms. */
async function load(read: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 20; i++) await read(i)
  const times: number[] = []
  const until = performance.now() + DURATION * 1000
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, c) => {
      for (let i = c; performance.now() < until; i += CONNECTIONS) {
        const s = performance.now()
        await read(i)
        times.push(performance.now() - s)
      }
    }),
  )
  times.sort((a, b) => a - b)
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))]!
  return { n: times.length, perSecond: times.length / DURATION, p50: at(0.5), p95: at(0.95) }
}

const show = (name: string, r: Awaited<ReturnType<typeof load>>) =>
  console.log(
    `${name.padEnd(48)} ${r.perSecond.toFixed(0).padStart(6)}/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms`,
  )
console.log(`\n${CONNECTIONS} clients, ${DURATION} s each`)
const f = await load(filtered)
show('market, filtered (kind + price + text)', f)
const m = await load(firstPage)
show('market, first page', m)
const n = await load(neighbourhoodsList)
show('neighbourhoods list (REST, 20 by name)', n)
console.log(
  `\nfiltered p95 ${f.p95.toFixed(1)} ms (budget ≤ 50 ms): ${f.p95 <= 50 ? 'met' : 'MISSED'}`,
)
const ratio = m.perSecond / n.perSecond
console.log(
  `market list / neighbourhoods list: ${ratio.toFixed(2)}× (budget ≥ 0.8×): ${ratio >= 0.8 ? 'met' : 'MISSED'}`,
)

const { rows: plan } = await db.query(
  `EXPLAIN ANALYZE SELECT i.id FROM market_items i
    WHERE i.neighbourhood_id = $1 AND i.hidden IS NOT TRUE AND i.status <> 'gone'
      AND i.expires_at > now() AND i.kind = 'sale' AND i.price_pence BETWEEN 500 AND 30000
      AND (i.title ILIKE '%sofa%' OR i.description ILIKE '%sofa%')
    ORDER BY i.created_at DESC, i.id DESC LIMIT 12`,
  [places[0]!.id],
)
console.log(`\n-- filtered list plan\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`)

await db.end()
pgPool(payload).on('error', () => {})
await payload.db.destroy?.()
await server.stop()
process.exit(0)
