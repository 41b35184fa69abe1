/**
 * The public reads the islands make, under load: the demo seed scaled ×100 on a throwaway
 * embedded PostgreSQL, the real site (scripts/start.ts, ADMIN=false), and one autocannon run per
 * read: the islands' reads signed out (also what they ask signed in: widgets/lib/api.ts
 * `shared`), a signed-in reader's own small reads (my reactions, my vote, the session), and the
 * full reads signed in (a JWT from /api/users/login), which bypass the shared cache.
 * Usage: npm run bench:api   (SCALE=100, DURATION=10 s, CONNECTIONS=50; REUSE=1 keeps the seeded
 * database of the previous run under .tmp/bench-api; ONLY=session runs only the reads so named)
 */
import fs from 'node:fs'
import path from 'node:path'

import autocannon from 'autocannon'

import { NO_FILTER, bracketQuery, neighbourhoodListQuery } from '@/rules/neighbourhoodSearch'
import { reviewsQuery } from '@/views/review'

import { outputOf, waitFor } from './builtSite'
import { busiestReviews, memberToken, scaledSite, serveSeedingBuild } from './scaleSeed'

const SCALE = Number(process.env.SCALE ?? 100)
const DURATION = Number(process.env.DURATION ?? 10)
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50)
/** Only the reads whose name contains this (e.g. ONLY=session). */
const ONLY = process.env.ONLY
const root = path.resolve('.tmp/bench-api')
const {
  stop,
  base,
  env: siteEnv,
  start,
  db,
  count,
} = await scaledSite(root, SCALE, process.env.REUSE === '1')
console.log(
  `seed ×${fs.readFileSync(path.join(root, 'seeded'), 'utf8')}: ${await count('neighbourhoods')} neighbourhoods, ` +
    `${await count('reviews')} reviews, ${await count('reactions')} reactions, ${await count('discussions')} discussions`,
)

serveSeedingBuild(root, siteEnv, base)

const site = start()
const log = outputOf(site)
try {
  await waitFor(`${base}/healthz`, site, log)

  const token = await memberToken(base)
  const busiest = await busiestReviews(db)
  const {
    rows: [poll],
  } = await db.query('SELECT id FROM polls WHERE hidden IS NOT TRUE ORDER BY id LIMIT 1')
  const reactionIds = busiest.ids.join(',')
  // The reads the islands make, each as they ask it (src/rules, src/views build the addresses).
  const reads: [string, string][] = [
    [
      'reviews of a neighbourhood (10, depth 1)',
      `/api/reviews?${reviewsQuery(busiest.neighbourhood, '-createdAt', 1)}`,
    ],
    [
      'reaction summaries (10 reviews)',
      `/api/reactions/summary?targetKind=review&ids=${reactionIds}`,
    ],
    ['forum page 1', '/api/forum?page=1'],
    [
      'neighbourhood list page (8, depth 1)',
      `/api/neighbourhoods?${bracketQuery(neighbourhoodListQuery(NO_FILTER))}`,
    ],
    ['poll summary', `/api/polls/${poll.id}/summary`],
  ]
  // What a signed-in reader's islands ask besides those (widgets/lib/api.ts `shared`): the
  // shared reads go without the session, so they are the signed-out rows; the reader's own bits
  // come from these small signed-in reads.
  const ownReads: [string, string][] = [
    ['my reactions (10 reviews)', `/api/reactions/mine?targetKind=review&ids=${reactionIds}`],
    ['my poll vote', `/api/polls/${poll.id}/mine`],
    ['the session (/api/users/me, once a page)', '/api/users/me?depth=1'],
  ]
  const signedIn = { authorization: `JWT ${token}` }
  const runs: [string, [string, string][], Record<string, string>][] = [
    ['signed out, and the shared reads signed in', reads, {}],
    ["signed in, the reader's own reads", ownReads, signedIn],
    [
      'signed in, the full reads (as the islands asked before `shared`; never cached)',
      [...reads, ['neighbourhood list, default depth 2', '/api/neighbourhoods?limit=10']],
      signedIn,
    ],
  ]

  const rows: string[] = []
  for (const [title, list, headers] of runs) {
    rows.push(`${title}:`)
    console.log(rows.at(-1))
    for (const [name, url] of list) {
      if (ONLY && !name.includes(ONLY)) continue
      const probe = await fetch(`${base}${url}`, { headers })
      if (probe.status !== 200) throw new Error(`${url} → ${probe.status}: ${await probe.text()}`)
      await probe.arrayBuffer()
      const result = await autocannon({
        url: `${base}${url}`,
        connections: CONNECTIONS,
        duration: DURATION,
        headers,
      })
      const bad = result.non2xx + result.errors + result.timeouts
      rows.push(
        `  ${name.padEnd(52)} ${result.requests.average.toFixed(0).padStart(7)} ${String(result.latency.p50).padStart(6)} ms ${String(result.latency.p99).padStart(6)} ms` +
          (bad ? `  (${bad} non-2xx/errors)` : ''),
      )
      console.log(rows.at(-1))
    }
  }
  console.log(
    `\n${CONNECTIONS} connections, ${DURATION} s each — read                 req/s    p50       p99`,
  )
  for (const row of rows) console.log(row)
} finally {
  await stop(site)
}
