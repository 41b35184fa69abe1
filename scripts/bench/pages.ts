/**
 * Front-end figures against the built server (`npm run bench:pages`):
 *  - JavaScript each page makes the browser download (every script response, gzip-compressed),
 *  - Lighthouse mobile scores for pages given on the command line (default: / and a neighbourhood),
 *  - time from a review POST by one person to its text showing in another person's open page,
 *  - time from a reaction by one person to the bell count changing for the review's author.
 * Starts its own server (ADMIN=false, fresh DATA_DIR) unless BASE points at a running one.
 */
import { chromium, type Browser } from '@playwright/test'

import { startBuiltSite } from './builtSite'
import { CHROMIUM, FLAGS, jsPerPage, lighthouseScores } from './frontEnd'

const JS_PAGES = ['/', '/neighbourhoods', '/neighbourhood/shoreditch', '/map', '/top-reviewers']
const JS_PAGES_MORE = ['/login', '/register', '/profile/priya', '/about', '/submit-neighbourhood']
const RUNS = Number(process.env.RUNS ?? 5)

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

async function signIn(base: string, userName: string) {
  const res = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: `${userName}@belong.local`, password: 'belong-demo' }),
  })
  const cookie = res.headers.get('set-cookie')?.split(';')[0] ?? ''
  const { user } = (await res.json()) as { user: { id: number } }
  return { cookie, id: user.id }
}

async function post(base: string, cookie: string, url: string, body: unknown) {
  const res = await fetch(base + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: base },
    body: JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`)
  return (await res.json()) as { review: { id: number } }
}

/** A reader has the page open; another person posts a review; how long until the reader sees it. */
async function neighbourhoodId(base: string, slug: string): Promise<number> {
  const res = await fetch(`${base}/api/neighbourhoods?where[slug][equals]=${slug}&depth=0`)
  return ((await res.json()) as { docs: { id: number }[] }).docs[0]!.id
}

async function reviewToScreen(browser: Browser, base: string) {
  const slug = 'brixton'
  const id = await neighbourhoodId(base, slug)
  const writer = await signIn(base, 'kwame')
  const page = await (await browser.newContext()).newPage()
  await page.goto(`${base}/neighbourhood/${slug}`, { waitUntil: 'networkidle' })
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const text = `Bench review ${Date.now()}-${i}: lovely market, good buses.`
    const t0 = performance.now()
    await post(base, writer.cookie, '/api/reviews/new', {
      neighbourhood: id,
      rating: 4,
      comment: text,
    })
    await page.getByText(text).first().waitFor({ timeout: 15_000 })
    times.push(performance.now() - t0)
  }
  return times
}

/** The author of a review has a page open; someone reacts; how long until the bell's count moves. */
async function reactionToBell(browser: Browser, base: string) {
  const author = await signIn(base, 'sofia')
  const reactor = await signIn(base, 'jamie')
  const context = await browser.newContext()
  await context.addCookies([
    { name: author.cookie.split('=')[0]!, value: author.cookie.split('=')[1]!, url: base },
  ])
  const page = await context.newPage()
  await page.goto(`${base}/neighbourhoods`, { waitUntil: 'networkidle' })
  const bell = page.getByRole('button', { name: /notifications/i })
  await bell.waitFor({ timeout: 15_000 })
  const id = await neighbourhoodId(base, 'peckham')
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const { review: doc } = await post(base, author.cookie, '/api/reviews/new', {
      neighbourhood: id,
      rating: 5,
      comment: `Bench bell review ${Date.now()}-${i}`,
    })
    const before = (await bell.getAttribute('aria-label')) ?? ''
    const t0 = performance.now()
    await post(base, reactor.cookie, '/api/reactions/toggle', {
      targetKind: 'review',
      targetId: doc.id,
      emoji: 'heart',
    })
    await page.waitForFunction(
      (prev) =>
        document
          .querySelector('[aria-label^="Notifications"], [aria-label^="notifications"]')
          ?.getAttribute('aria-label') !== prev,
      before,
      { timeout: 15_000 },
    )
    times.push(performance.now() - t0)
  }
  return times
}

const { base, child } = await startBuiltSite()
const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS })
try {
  console.log(`\nJavaScript per page (${base}, phone viewport, every script response, gzip -9):`)
  console.table(await jsPerPage(base, [...JS_PAGES, ...JS_PAGES_MORE]))
  const lhPages = process.argv.slice(2).length
    ? process.argv.slice(2)
    : ['/', '/neighbourhood/shoreditch']
  console.log('\nLighthouse (mobile, simulated throttling):')
  console.table(await lighthouseScores(base, lhPages, 1))
  const review = await reviewToScreen(browser, base)
  console.log(
    `\nReview POST → visible in another open page: median ${median(review).toFixed(0)} ms (${review.map((t) => t.toFixed(0)).join(', ')})`,
  )
  const bell = await reactionToBell(browser, base).catch((e: Error) => (console.log(e.message), []))
  if (bell.length)
    console.log(
      `Reaction POST → bell count changes for the author: median ${median(bell).toFixed(0)} ms (${bell.map((t) => t.toFixed(0)).join(', ')})`,
    )
} finally {
  await browser.close()
  child?.kill('SIGTERM')
}
