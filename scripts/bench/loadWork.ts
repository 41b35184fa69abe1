/**
 * What the browser's main thread does while a page loads (`npm run bench:load-work`), in a form
 * steadier than Lighthouse's score on a small machine: Chromium (phone viewport, no throttling)
 * loads each page RUNS times (5 by default) until the network is idle and one second more, and
 * the table gives the mean of
 *  - script: CPU-profile time in scripts, by file (React's runtime, each island's chunk, the
 *    page's own inline scripts, pusher-js) — what islands cost to start and to redraw;
 *  - long tasks: main-thread tasks over 12.5 ms (over 50 ms at Lighthouse's 4× CPU) and what
 *    they would add to its Total Blocking Time at 4×;
 *  - SVG images: documents the browser built for SVG shown as <img> (each on the main thread).
 * Starts its own server (ADMIN=false, fresh DATA_DIR) unless BASE points at a running one; the
 * paths given on the command line, or the pages with the most islands.
 */
import { chromium, type Browser } from 'playwright'

import { startBuiltSite } from './builtSite'
import { CHROMIUM, FLAGS } from './frontEnd'

const RUNS = Number(process.env.RUNS ?? 5)
const LONG_TASK_US = 12_500

interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
}

/** One load: script self-time by file (ms), long tasks, their blocking time at 4×, SVG documents. */
async function loadOnce(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
  await cdp.send('Profiler.start')
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink'],
  })
  await page.goto(url, { waitUntil: 'networkidle' })
  await new Promise((resolve) => setTimeout(resolve, 1000))
  const { profile } = await cdp.send('Profiler.stop')
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as {
    traceEvents: TraceEvent[]
  }
  await context.close()

  const byFile = new Map<string, number>()
  const nodes = new Map(profile.nodes.map((n) => [n.id, n.callFrame.url]))
  profile.samples?.forEach((id, i) => {
    const src = nodes.get(id)
    if (!src) return
    const path = new URL(src, url).pathname
    // Islands' chunks by name without the hash; the page itself for its inline scripts.
    const file = path.startsWith('/_astro/') ? path.slice(8).replace(/\.[\w-]+\.js$/, '') : path
    byFile.set(file, (byFile.get(file) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000)
  })

  // The renderer's main thread: the one with the most task time.
  const busy = new Map<string, number>()
  for (const e of traceEvents)
    if (e.name === 'RunTask' && e.dur)
      busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + e.dur)
  const main = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0]
  const onMain = traceEvents.filter((e) => `${e.pid}:${e.tid}` === main)
  const long = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > LONG_TASK_US)
  return {
    byFile,
    longTasks: long.length,
    blockingAt4x: long.reduce((sum, e) => sum + Math.max(0, (e.dur! * 4) / 1000 - 50), 0),
    svgImages: onMain.filter((e) => e.name === 'IsolatedSVGDocumentHost::IsolatedSVGDocumentHost')
      .length,
  }
}

/** The seed's first discussion with comments (its page has the most reaction bars). */
async function discussionPath(base: string): Promise<string | null> {
  const res = await fetch(`${base}/api/discussions?limit=1&sort=-commentCount&depth=0`)
  if (!res.ok) return null
  const { docs } = (await res.json()) as { docs: { id: number }[] }
  return docs[0] ? `/discussions/${docs[0].id}` : null
}

const { base, child } = await startBuiltSite()
const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS })
try {
  const pages = process.argv.slice(2).length
    ? process.argv.slice(2)
    : [
        '/neighbourhood/shoreditch',
        '/neighbourhood/shoreditch/local-spots',
        '/event',
        ...[await discussionPath(base)].filter((p): p is string => p !== null),
        '/forum',
      ]
  const rows: Record<string, string | number>[] = []
  for (const path of pages) {
    const runs: Awaited<ReturnType<typeof loadOnce>>[] = []
    for (let i = 0; i < RUNS; i++) runs.push(await loadOnce(browser, base + path))
    const mean = (f: (r: (typeof runs)[number]) => number) =>
      runs.reduce((sum, r) => sum + f(r), 0) / runs.length
    const files = new Set(runs.flatMap((r) => [...r.byFile.keys()]))
    const script = [...files]
      .map((file) => [file, mean((r) => r.byFile.get(file) ?? 0)] as const)
      .sort((a, b) => b[1] - a[1])
    rows.push({
      page: path,
      'script ms': mean((r) => [...r.byFile.values()].reduce((a, b) => a + b, 0)).toFixed(1),
      'by file (ms)': script
        .filter(([, ms]) => ms >= 1)
        .slice(0, 5)
        .map(([file, ms]) => `${file} ${ms.toFixed(1)}`)
        .join(', '),
      'long tasks': mean((r) => r.longTasks).toFixed(1),
      'blocking at 4× (ms)': mean((r) => r.blockingAt4x).toFixed(0),
      'SVG images': mean((r) => r.svgImages).toFixed(1),
    })
  }
  console.log(`\nMain-thread work while loading (${base}, 390 px, unthrottled, mean of ${RUNS}):`)
  console.table(rows)
} finally {
  await browser.close()
  child?.kill()
}
