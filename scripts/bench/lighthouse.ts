/**
 * The front-end budgets (./frontEnd.ts) against the built server (`npm run bench:lighthouse`):
 *  - JavaScript each page makes a phone download to load (script responses, gzip) and the number
 *    of files, against the budgets; apart, what loads once the page is idle for the live
 *    connection (pusher-js, from the request for /api/realtime/config on), until the network is
 *    idle;
 *  - Lighthouse mobile (simulated throttling) scores and metrics for `/`, a neighbourhood page,
 *    a public story page, a comparison, a search, the market, lost and found and safety lists
 *    and a market item (or the paths given on the command line).
 * Starts its own server (ADMIN=false, fresh DATA_DIR) unless BASE points at a running one.
 * RUNS=n runs Lighthouse n times per page and prints the median run (by performance score).
 * VERBOSE=1 lists every script file with its size, and Lighthouse's layout shifts, console
 * errors, long tasks and script boot-up times. The scores move with the machine's load (TBT is
 * measured CPU time × 4): run it on a quiet machine. The measurements live in ./frontEnd.ts.
 */
import { startBuiltSite } from './builtSite'
import { jsPerPage, lighthouseScores } from './frontEnd'

const RUNS = Number(process.env.RUNS ?? 1)

/** A public story's page, one with an image when there is one (the demo seed has none). */
async function storyPath(base: string): Promise<string | null> {
  for (const filter of ['&where[image][exists]=true', '']) {
    const res = await fetch(
      `${base}/api/stories?where[isPublic][equals]=true${filter}&limit=1&depth=1&sort=id`,
    )
    if (!res.ok) continue
    const { docs } = (await res.json()) as {
      docs: { id: number; neighbourhood?: { slug?: string } | number }[]
    }
    const doc = docs[0]
    const slug = doc && typeof doc.neighbourhood === 'object' ? doc.neighbourhood.slug : null
    if (doc && slug) return `/neighbourhood/${slug}/stories/${doc.id}`
  }
  return null
}

/** The newest market item's page. */
async function itemPath(base: string): Promise<string | null> {
  const res = await fetch(`${base}/api/market-items?limit=1&depth=0&sort=-createdAt`)
  const doc = res.ok ? ((await res.json()) as { docs: { id: number }[] }).docs[0] : undefined
  return doc ? `/market/${doc.id}` : null
}

const { base, child } = await startBuiltSite()
try {
  const [story, item] = await Promise.all([storyPath(base), itemPath(base)])
  const pages = process.argv.slice(2).length
    ? process.argv.slice(2)
    : [
        '/',
        '/neighbourhood/shoreditch',
        ...(story ? [story] : []),
        '/compare?n=camden-town,shoreditch',
        '/search?q=shordich',
        ...['market', 'lost-found', 'safety'].map((list) => `/neighbourhood/camden-town/${list}`),
        ...(item ? [item] : []),
      ]
  console.log(`\nJavaScript per page (${base}, phone viewport, every script response, gzip -9):`)
  console.table(await jsPerPage(base, pages))
  console.log(`\nLighthouse (mobile, simulated throttling, median of ${RUNS}):`)
  console.table(await lighthouseScores(base, pages, RUNS))
} finally {
  child?.kill('SIGTERM')
}
