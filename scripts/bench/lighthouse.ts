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
 * SIGNED_IN=1 measures a member's private pages instead, with the session cookie on every
 * request: a conversation Sofia starts with Priya (demo members), `/messages/{id}` and `/messages`.
 */
import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD } from '@/seed/users'

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

/** A demo member signed in through the site: their id and session cookie. */
async function signIn(base: string, userName: string) {
  const answer = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: `${userName}@${DEMO_EMAIL_DOMAIN}`, password: DEMO_PASSWORD }),
  })
  const { token, user } = (await answer.json()) as { token?: string; user?: { id: number } }
  if (!token || !user) throw new Error(`sign-in as ${userName} answered ${answer.status}`)
  return { id: user.id, cookie: `payload-token=${token}` }
}

/** Sofia's conversation with Priya, a few messages long: its page, and Sofia's cookie. */
async function conversationPage(base: string) {
  const [sofia, priya] = [await signIn(base, 'sofia'), await signIn(base, 'priya')]
  const post = async (who: { cookie: string }, path: string, body: unknown) => {
    const answer = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, cookie: who.cookie },
      body: JSON.stringify(body),
    })
    if (!answer.ok) throw new Error(`${path} answered ${answer.status}: ${await answer.text()}`)
    return (await answer.json()) as { id: number }
  }
  const { id } = await post(sofia, '/api/conversations/start', {
    to: priya.id,
    text: 'Hello! Is the street loud on Friday nights? https://example.com/map',
  })
  for (const [who, text] of [
    [priya, 'Not really, the pubs close at eleven.'],
    [sofia, 'And the walk to the station in winter?'],
    [priya, 'Ten minutes, well lit all the way.'],
  ] as const)
    await post(who, `/api/conversations/${id}/messages`, { text })
  return { path: `/messages/${id}`, cookie: sofia.cookie }
}

/** The newest market item's page. */
async function itemPath(base: string): Promise<string | null> {
  const res = await fetch(`${base}/api/market-items?limit=1&depth=0&sort=-createdAt`)
  const doc = res.ok ? ((await res.json()) as { docs: { id: number }[] }).docs[0] : undefined
  return doc ? `/market/${doc.id}` : null
}

const { base, child } = await startBuiltSite()
try {
  const signedIn = process.env.SIGNED_IN === '1' ? await conversationPage(base) : null
  const [story, item] = signedIn
    ? [null, null]
    : await Promise.all([storyPath(base), itemPath(base)])
  const pages = signedIn
    ? [signedIn.path, '/messages']
    : process.argv.slice(2).length
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
  const as = signedIn ? ', signed in' : ''
  console.log(
    `\nJavaScript per page (${base}${as}, phone viewport, every script response, gzip -9):`,
  )
  console.table(await jsPerPage(base, pages, signedIn?.cookie))
  console.log(`\nLighthouse${as} (mobile, simulated throttling, median of ${RUNS}):`)
  console.table(await lighthouseScores(base, pages, RUNS, signedIn?.cookie))
} finally {
  child?.kill('SIGTERM')
}
