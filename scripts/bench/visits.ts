import { chromium, type Request as BrowserRequest } from '@playwright/test'

import { CHROMIUM, FLAGS } from './frontEnd'

/** A signed-in member as the replay sends them: the session cookie and the account's id. */
export interface Session {
  cookie: string
  userId: number
}

/** One HTTP request of a page view, as the browser sent it, to be sent again. */
export interface Call {
  method: string
  /** Path and query under the origin. */
  path: string
  headers: Record<string, string>
  body?: string
  /** The browser sent the session cookie with it (a member's own read or write). */
  withSession: boolean
  /** A write made anew each time it is sent (another member's vote, a new review's text). */
  fresh?: () => { path?: string; body?: string; session?: Session }
}

/** What one page view costs the site: its HTML, then what its islands request. */
export interface Visit {
  page: string
  calls: Call[]
}

/**
 * Cached by a returning browser (hashed `/_astro/` files are immutable) or not the site's work
 * per page view: images, fonts, styles and the WebSocket (held open beside the load).
 */
const CACHED_TYPES = new Set(['image', 'font', 'stylesheet', 'media', 'websocket', 'manifest'])
const IMAGE = /\.(svg|png|ico|jpe?g|webp|avif|gif)$/
const kept = (request: BrowserRequest, origin: string) => {
  const url = new URL(request.url())
  return (
    url.origin === origin &&
    !CACHED_TYPES.has(request.resourceType()) &&
    !url.pathname.startsWith('/_astro/') &&
    // The favicon is an image too, though Chromium files it as 'other'.
    !IMAGE.test(url.pathname)
  )
}

/** The headers a replay needs from the browser's: what the server reads (CSRF, body, gzip). */
const REPLAYED = [
  'content-type',
  'sec-fetch-site',
  'origin',
  'accept',
  'x-payload-http-method-override',
]

/** How long after the network is idle a late island request is still counted (issue 57's way). */
const SETTLE_MS = 1500

/**
 * Loads each page in Chromium, signed out or with `session` (a `payload-token=…` cookie), until
 * the network is idle and a moment more; keeps the document request and every later request to
 * the site but cached assets and images.
 */
export async function recordVisits(
  base: string,
  pages: readonly string[],
  session?: string,
): Promise<Visit[]> {
  const origin = new URL(base).origin
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS })
  try {
    const visits: Visit[] = []
    for (const page of pages) {
      const context = await browser.newContext()
      if (session) {
        const [name, value] = session.split('=') as [string, string]
        await context.addCookies([{ name, value, url: base }])
      }
      const tab = await context.newPage()
      const seen: Promise<Call>[] = []
      tab.on('request', (request) => {
        if (kept(request, origin)) seen.push(callOf(request))
      })
      const answer = await tab.goto(base + page, { waitUntil: 'networkidle' })
      if (!answer?.ok()) throw new Error(`${page} answered ${answer?.status()}`)
      await tab.waitForTimeout(SETTLE_MS)
      visits.push({ page, calls: await Promise.all(seen) })
      await context.close()
    }
    return visits
  } finally {
    await browser.close()
  }
}

async function callOf(request: BrowserRequest): Promise<Call> {
  const all = await request.allHeaders()
  const url = new URL(request.url())
  const headers: Record<string, string> = { 'accept-encoding': 'gzip' }
  for (const name of REPLAYED) if (all[name] !== undefined) headers[name] = all[name]
  return {
    method: request.method(),
    path: url.pathname + url.search,
    headers,
    body: request.postData() ?? undefined,
    withSession: /(^|;\s*)payload-token=/.test(all.cookie ?? ''),
  }
}
