/**
 * Site search on the large seed (5,000 neighbourhoods, 50,000 reviews, 10,000 stories, their
 * discussions, events and polls; SEED_SIZE=small for ×10): the real site (scripts/start.ts)
 * under autocannon at 20 connections, then the EXPLAIN (ANALYZE) of each query with the index it
 * uses. The runs:
 * - members: signed in, six typical searches in turn. A member with no private stories is
 *   answered as a reader; one with private stories once their session is found live, from the
 *   answers kept for it (collections/Search/signedInSearches.ts);
 * - new every time: signed in, and no query asked twice in the run, so every request reaches
 *   PostgreSQL (the worst case: what one search costs the database);
 * - at a person's pace: 20 members typing at once, each asking a suggestion every 200 ms (the
 *   island's debounce) or a search every second, none asked before; every other run sends again
 *   as soon as it is answered (the most the server can take);
 * - as readers search: signed out, 400 different searches and 400 different suggestion prefixes
 *   (titles' words, some with a letter dropped), so the caches serve the repeats and PostgreSQL
 *   the first of each.
 * Budgets: a search p95 ≤ 50 ms, a suggestion p95 ≤ 20 ms, the p95 taken from every response's
 * own time (autocannon's p97.5 is printed beside it).
 * Usage: npm run bench:search   (SEED_SIZE=small, DURATION=10 s, CONNECTIONS=20, REUSE=1, ONLY=members)
 */
import http from 'node:http'
import path from 'node:path'

import autocannon from 'autocannon'

import { reindexAll } from '@collections/Search/reindex'
import {
  CLOSEST_SQL,
  SEARCH_SQL,
  SUGGEST_SQL,
  SUGGEST_TRIGRAM_SETTINGS,
  TRIGRAM_SETTINGS,
} from '@/data/search/queries'
import { prefixTsQuery } from '@/rules/search'
import { DEMO_PASSWORD } from '@/seed'

import { outputOf, waitFor } from './builtSite'
import { scaledSite, serveSeedingBuild } from './scaleSeed'

const large = process.env.SEED_SIZE !== 'small'
const SCALE = Number(process.env.SCALE ?? (large ? 119 : 10))
const DURATION = Number(process.env.DURATION ?? 10)
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20)
const root = path.resolve('.tmp/bench-search')
const totals = large ? { reviews: 50_000, stories: 10_000 } : {}
const { base, env, start, stop, db, count } = await scaledSite(
  root,
  SCALE,
  process.env.REUSE === '1',
  totals,
)
// Members keep a few stories to themselves (the seed's are all public): one in fifty.
await db.query('UPDATE stories SET is_public = (id % 50 <> 0)')
// The scale-up copies rows behind the hooks' back: the index is rebuilt from the tables.
console.log('reindexing…')
await reindexAll(db)
await db.query('ANALYZE search_index')
console.log(
  `${await count('neighbourhoods')} neighbourhoods, ${await count('stories')} stories, ` +
    `${await count('discussions')} discussions, ${await count('events')} events, ` +
    `${await count('search_index')} index entries`,
)

// Serve the seeding run's build as current (pages do not matter here).
serveSeedingBuild(root, env, base)

// What readers type: words of real titles, alone or in pairs, some with a letter dropped; a
// few searches are popular and most are rare (Zipf). Each connection draws its own sequence.
const { rows: titleWords } = await db.query<{ word: string }>(
  `SELECT word FROM (SELECT DISTINCT lower(w) AS word
                       FROM search_index, regexp_split_to_table(title, '[^[:alpha:]]+') w
                      WHERE length(w) >= 4) words
    ORDER BY md5(word) LIMIT 400`,
)
const words = titleWords.map((r) => r.word)
const dropLetter = (w: string, at: number) => w.slice(0, at) + w.slice(at + 1)
const readerSearches = [
  ...words,
  ...words.map((w, i) => dropLetter(w, 1 + (i % (w.length - 1)))),
  ...words.map((w, i) => `${w} ${words[(i * 7 + 3) % words.length]}`),
]
const readerPrefixes = [...new Set(words.flatMap((w) => [2, 3, 4, 5].map((n) => w.slice(0, n))))]
// Queries nobody asked before in the run: each connection takes its own slice of these, in a
// shuffled order (a word alone, a word with a letter dropped, two words).
const shuffled = <T>(items: T[]) =>
  items
    .map((item) => ({ item, at: Math.random() }))
    .sort((x, y) => x.at - y.at)
    .map(({ item }) => item)
const newSearches = shuffled([
  ...words,
  ...words.flatMap((w) => Array.from({ length: w.length - 1 }, (_, at) => dropLetter(w, at + 1))),
  ...words.flatMap((w, i) => words.slice(i + 1, i + 60).map((v) => `${w} ${v}`)),
])
const newPrefixes = shuffled([
  ...new Set([
    ...readerPrefixes,
    ...words.flatMap((w) => [6, 7].map((n) => w.slice(0, n))),
    ...words.flatMap((w) => [3, 4, 5].map((n) => dropLetter(w, 1).slice(0, n))),
    // Two words, the second begun: enough that a fast server cannot run out in a run.
    ...words.flatMap((w) =>
      words.flatMap((v) => (v === w ? [] : [2, 3, 4].map((n) => `${w} ${v.slice(0, n)}`))),
    ),
  ]),
])
/** Draws from `items` with weight 1/(rank+1), in an order of its own for each connection. */
function zipfSequence(items: string[], length: number): string[] {
  const weights = items.map((_, i) => 1 / (i + 1))
  const total = weights.reduce((a, b) => a + b, 0)
  return Array.from({ length }, () => {
    let r = Math.random() * total
    let i = 0
    while (r > weights[i]! && i < items.length - 1) r -= weights[i++]!
    return items[i]!
  })
}
const drawn = new Set<string>()
/** The value under which `share` of `values` lie (nearest rank). */
function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN
}
/** Each connection's own slice of `items`: no request repeats another of the run. */
const onceEach = (
  items: string[],
  path: (q: string) => string,
  headers: Record<string, string>,
) => {
  let connection = 0
  return () => {
    const share = Math.floor(items.length / CONNECTIONS)
    const mine = items.slice(connection * share, ++connection * share)
    for (const q of mine) drawn.add(path(q))
    return mine.map((q) => ({ method: 'GET', path: encodeURI(path(q)), headers }))
  }
}
const readerRequests = (items: string[], path: (q: string) => string) => () => {
  const sequence = zipfSequence(items, 4000)
  for (const q of sequence) drawn.add(path(q))
  return sequence.map((q) => ({ method: 'GET', path: encodeURI(path(q)) }))
}

const SEARCHES = ['shoreditch', 'shordich', 'festivals', 'bruch', 'brunch shoreditch', 'park cafe']
const SUGGESTS = ['sh', 'shor', 'shordi', 'brun', 'fest', 'camd']

type Request = { method: string; path: string; headers?: Record<string, string> }
interface Measured {
  /** Every response's time in ms, for the budget's own percentile. */
  times: number[]
  seconds: number
  bad: number
  /** Answers left out: a connection that ran through its own queries starts them again. */
  repeats?: number
}

/**
 * Each connection sends again as soon as it is answered: the most the server can take. With
 * `once`, only the first pass over a connection's own requests is measured.
 */
async function saturated(
  requests: Request[],
  perConnection?: () => Request[],
  once = false,
): Promise<Measured> {
  const times: number[] = []
  let repeats = 0
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION,
    requests,
    setupClient: (client) => {
      const mine = perConnection?.()
      if (mine) client.setRequests(mine)
      let answered = 0
      client.on('response', (_status: number, _bytes: number, ms: number) => {
        if (once && mine && ++answered > mine.length) repeats++
        else times.push(ms)
      })
    },
  })
  return { times, seconds: DURATION, bad: result.non2xx + result.errors + result.timeouts, repeats }
}

/**
 * People at their own pace: CONNECTIONS clients at once, each sending its next request `everyMs`
 * after the last one started (or as soon as it is answered, if later), from a random point of
 * the first interval, so they do not all send in the same instant.
 */
async function paced(perConnection: () => Request[], everyMs: number): Promise<Measured> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS })
  const times: number[] = []
  let bad = 0
  const until = Date.now() + DURATION * 1000
  const client = async (requests: Request[]) => {
    await sleep(Math.random() * everyMs)
    for (const request of requests) {
      if (Date.now() >= until) return
      const sent = performance.now()
      const status = await get(agent, request)
      times.push(performance.now() - sent)
      if (status !== 200) bad++
      await sleep(everyMs - (performance.now() - sent))
    }
  }
  await Promise.all(Array.from({ length: CONNECTIONS }, () => client(perConnection())))
  agent.destroy()
  return { times, seconds: DURATION, bad }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)))

function get(agent: http.Agent, { path, headers }: Request): Promise<number> {
  return new Promise((resolve) => {
    http
      .get(new URL(path, base), { agent, headers }, (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      })
      .on('error', () => resolve(0))
  })
}

const site = start()
const log = outputOf(site)
try {
  await waitFor(`${base}/healthz`, site, log)
  // Pages past a time boundary since the last run are regenerated at start: let that finish
  // first, or the runs measure the renderer as well.
  while (Number((await db.query('SELECT count(*) AS n FROM site_stale_pages')).rows[0].n) > 0)
    await new Promise((resolve) => setTimeout(resolve, 500))
  // A member without private stories (their searches are a reader's: the kept answers serve
  // them), and one with (their own answers, after Payload's session check).
  const signIn = async (privateStories: boolean) => {
    const { rows } = await db.query<{ email: string }>(
      `SELECT u.email FROM users u
        WHERE ${privateStories ? '' : 'NOT'} EXISTS (SELECT 1 FROM search_index s
                WHERE s.author_id = u.id AND s.is_public IS NOT TRUE)
        ORDER BY u.id LIMIT 1`,
    )
    const login = await fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: rows[0]!.email, password: DEMO_PASSWORD }),
    })
    if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`)
    return { authorization: `JWT ${((await login.json()) as { token: string }).token}` }
  }
  const member = await signIn(false)
  const author = await signIn(true)
  type Run = {
    name: string
    budget: number
    paths?: string[]
    headers?: Record<string, string>
    /** A request sequence of each connection's own. */
    perConnection?: () => { method: string; path: string; headers?: Record<string, string> }[]
    /** A person's pace: each connection sends its next request this long after the last. */
    everyMs?: number
    /** Never asked before: only each connection's first pass over its own queries is timed. */
    once?: boolean
  }
  const runs: Run[] = [
    {
      name: 'members: search (20 a page, counts)',
      paths: SEARCHES.map((q) => `/api/search?q=${q}`),
      budget: 50,
      headers: member,
    },
    {
      name: 'members: search, one kind, page 2',
      paths: SEARCHES.map((q) => `/api/search?q=${q}&type=story&page=2`),
      budget: 50,
      headers: member,
    },
    {
      name: 'members: suggestions (8 titles)',
      paths: SUGGESTS.map((q) => `/api/search/suggest?q=${q}`),
      budget: 20,
      headers: member,
    },
    {
      name: 'members with private stories: search',
      paths: SEARCHES.map((q) => `/api/search?q=${q}`),
      budget: 50,
      headers: author,
    },
    {
      name: 'members with private stories: suggestions',
      paths: SUGGESTS.map((q) => `/api/search/suggest?q=${q}`),
      budget: 20,
      headers: author,
    },
    {
      name: 'new every time: search',
      budget: 50,
      perConnection: onceEach(newSearches, (q) => `/api/search?q=${q}`, member),
      once: true,
    },
    {
      name: 'new every time: suggestions',
      budget: 20,
      perConnection: onceEach(newPrefixes, (q) => `/api/search/suggest?q=${q}`, member),
      once: true,
    },
    // At a person's pace: 20 members at once, each asking a suggestion every 200 ms (the
    // island's debounce: faster than anyone types) or a search every second, queries no one
    // asked before (the runs above took the other end of each list).
    {
      name: 'typing, new every time: suggestions',
      budget: 20,
      everyMs: 200,
      perConnection: onceEach(
        [...newPrefixes].reverse(),
        (q) => `/api/search/suggest?q=${q}`,
        member,
      ),
    },
    {
      name: 'searching, new every time: search',
      budget: 50,
      everyMs: 1000,
      perConnection: onceEach([...newSearches].reverse(), (q) => `/api/search?q=${q}`, member),
    },
    {
      name: `readers: ${readerSearches.length} searches`,
      budget: 50,
      perConnection: readerRequests(readerSearches, (q) => `/api/search?q=${q}`),
    },
    {
      name: `readers: ${readerPrefixes.length} prefixes`,
      budget: 20,
      perConnection: readerRequests(readerPrefixes, (q) => `/api/search/suggest?q=${q}`),
    },
  ]
  const rows: string[] = []
  // ONLY=members runs just the runs whose name starts so.
  const only = process.env.ONLY
  for (const {
    name,
    budget,
    paths = [],
    headers = {},
    perConnection,
    everyMs,
    once,
  } of runs.filter((run) => !only || run.name.startsWith(only))) {
    drawn.clear()
    const requests = paths.map((p) => ({ method: 'GET', path: encodeURI(p), headers }))
    const { times, seconds, bad, repeats } = everyMs
      ? await paced(perConnection!, everyMs)
      : await saturated(requests, perConnection, once)
    const [p50, p95, p97] = [0.5, 0.95, 0.975].map((share) => percentile(times, share))
    rows.push(
      `  ${name.padEnd(40)} ${(times.length / seconds).toFixed(0).padStart(7)} ` +
        [p50, p95, p97].map((ms) => `${ms!.toFixed(0).padStart(6)} ms`).join(' ') +
        ` ${p95! <= budget ? 'ok' : `OVER ${budget} ms`}${bad ? `  (${bad} non-2xx/errors)` : ''}` +
        (perConnection
          ? `  (${times.length} requests, at most ${drawn.size} different: the first of each reaches PostgreSQL)`
          : '') +
        (repeats ? `  (${repeats} repeated answers left out)` : ''),
    )
  }
  console.log(
    `\n${CONNECTIONS} clients, ${DURATION} s each              req/s    p50      p95    p97.5  (budget: p95)`,
  )
  for (const row of rows) console.log(row)

  // The plans, with the same text and thresholds the endpoint uses.
  const explain = async (
    name: string,
    text: string,
    values: unknown[],
    index: RegExp,
    settings = TRIGRAM_SETTINGS,
  ) => {
    await db.query(`BEGIN READ ONLY; ${settings}`)
    const { rows: plan } = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values)
    await db.query('COMMIT')
    const lines = plan.map((r) => String(r['QUERY PLAN']))
    // Its index, and never the whole table.
    const uses =
      lines.some((l) => index.test(l)) && !lines.some((l) => /Seq Scan on search_index/.test(l))
    console.log(`\n${name}: ${uses ? 'uses its index' : 'DOES NOT USE ITS INDEX'}`)
    for (const line of lines) console.log(`  ${line}`)
  }
  const both = /search_index_(document|title_trgm)_idx/
  const titles = /search_index_(title_words|title_trgm)_idx/
  await explain('search "shordich"', SEARCH_SQL, ['shordich', null, null, 21, 0], both)
  await explain(
    'search "festivals", stories',
    SEARCH_SQL,
    ['festivals', null, 'story', 21, 0],
    both,
  )
  await explain(
    'suggest "shordi"',
    SUGGEST_SQL,
    ['shordi', null, prefixTsQuery('shordi')],
    titles,
    SUGGEST_TRIGRAM_SETTINGS,
  )
  // Two words, the second typed halfway: the planner's guess once read the whole table here.
  await explain('search "garden lid"', SEARCH_SQL, ['garden lid', null, null, 21, 0], both)
  await explain(
    'suggest "garden lid"',
    SUGGEST_SQL,
    ['garden lid', null, prefixTsQuery('garden lid')],
    titles,
    SUGGEST_TRIGRAM_SETTINGS,
  )
  // Two words that begin a real title ('The hidden garden behind the library').
  await explain(
    'suggest "hidden gar"',
    SUGGEST_SQL,
    ['hidden gar', null, prefixTsQuery('hidden gar')],
    titles,
    SUGGEST_TRIGRAM_SETTINGS,
  )
  await explain('closest neighbourhoods', CLOSEST_SQL, ['wlthmstw'], /search_index_kind_idx/)
} finally {
  await stop(site)
}
