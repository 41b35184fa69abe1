/**
 * The script budget of a phone's page load: what a page downloads (every script response, gzip
 * -9) until the network is idle, against the budgets below. Measured by `npm run bench:lighthouse`
 * (scripts/bench/frontEnd.ts) and enforced by tests/e2e/script-budget.e2e.ts.
 */
import zlib from 'node:zlib'

import type { Page } from '@playwright/test'

export const KB = 1024

/** What a phone may download to load each page kind: gzip bytes and script files. */
const BUDGETS: Record<string, { gzip: number; files: number }> = {
  // The home's feeds hydrate with the page, so a member's followed feeds come in its one state request.
  // 86 KB since pages re-read only what the news touched (realtime's per-event quiet times, ~90
  // bytes) and the grid's store: still well under the 100 KB of every other page.
  '/': { gzip: 86 * KB, files: 9 },
  // Its header and its reviews are two islands (the header hydrates without waiting for the
  // list). A story's page counts as a neighbourhood's.
  neighbourhood: { gzip: 100 * KB, files: 9 },
  // A private conversation (signed in: measured by tests/e2e/messages.e2e.ts).
  conversation: { gzip: 100 * KB, files: 10 },
  // A market item, a lost or found post, an alert, and 'List an item': a neighbourhood page's budget.
  post: { gzip: 100 * KB, files: 9 },
}

export const budgetOf = (path: string) =>
  BUDGETS[path] ??
  (path.startsWith('/neighbourhood/')
    ? BUDGETS.neighbourhood!
    : /^\/messages\/\d+/.test(path)
      ? BUDGETS.conversation!
      : /^\/((market|lost-found|safety)\/\d+|market\/new\b)/.test(path)
        ? BUDGETS.post!
        : null)

export const gzipSize = (body: Buffer) => zlib.gzipSync(body, { level: 9 }).length

export interface ScriptLoad {
  url: string
  body: Buffer
  /** Asked for once the live connection started (after idle): not part of the page's load. */
  late: boolean
}

/** Every script `page` downloads to open `url`, until the network is idle. */
export async function scriptsOf(page: Page, url: string): Promise<ScriptLoad[]> {
  const bodies: Promise<ScriptLoad | null>[] = []
  // The live connection starts once the page is idle (widgets/lib/realtime.ts loads pusher-js,
  // its own lazy chunk, first): scripts asked for from then on are not part of the page's load.
  let live = false
  const onRequest = (req: import('@playwright/test').Request) => {
    if (req.resourceType() !== 'script') return
    if (/\/pusher[^/]*\.js$/.test(new URL(req.url()).pathname)) live = true
    const late = live
    bodies.push(
      req.response().then(
        async (res) => (res ? { url: req.url(), body: await res.body(), late } : null),
        () => null,
      ),
    )
  }
  page.on('request', onRequest)
  try {
    await page.goto(url, { waitUntil: 'networkidle' })
    return (await Promise.all(bodies)).filter((s): s is ScriptLoad => s !== null)
  } finally {
    page.off('request', onRequest)
  }
}
