/**
 * Front-end budgets of issue 13 against the built server (`npm run bench:lighthouse`):
 *  - JavaScript each page makes a phone download to load (script responses, gzip) and the number
 *    of files, against the budgets; apart, what loads once the page is idle for the live
 *    connection (pusher-js, from the request for /api/realtime/config on), until the network is
 *    idle;
 *  - Lighthouse mobile (simulated throttling) scores and metrics for `/`, a neighbourhood page and
 *    a public story page (or the paths given on the command line).
 * Starts its own server (ADMIN=false, fresh DATA_DIR) unless BASE points at a running one.
 * RUNS=n runs Lighthouse n times per page and prints the median run (by performance score).
 * VERBOSE=1 lists every script file with its size, and Lighthouse's layout shifts, console
 * errors, long tasks and script boot-up times. The scores move with the machine's load (TBT is
 * measured CPU time × 4): run it on a quiet machine.
 */
import zlib from 'node:zlib'

import { chromium } from '@playwright/test'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

import { startBuiltSite } from './builtSite'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run']
const RUNS = Number(process.env.RUNS ?? 1)
const KB = 1024
/** gzip budgets per page kind (issue 13): bytes and files. */
const BUDGETS: Record<string, { gzip: number; files: number }> = {
  '/': { gzip: 80 * KB, files: 8 },
  neighbourhood: { gzip: 100 * KB, files: 8 },
}

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

async function jsPerPage(base: string, pages: string[]) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS })
  const rows: Record<string, string | number>[] = []
  try {
    for (const p of pages) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
      const page = await context.newPage()
      const bodies: Promise<[string, Buffer | null, boolean]>[] = []
      // The live connection starts once the page is idle (widgets/lib/realtime.ts asks for its
      // settings first): scripts asked for from then on are not part of the page's load.
      let live = false
      page.on('request', (req) => {
        if (new URL(req.url()).pathname === '/api/realtime/config') live = true
      })
      page.on('request', (req) => {
        if (req.resourceType() !== 'script') return
        const late = live
        bodies.push(
          req
            .response()
            .then((res) => (res ? res.body() : null))
            .then(
              (b): [string, Buffer | null, boolean] => [req.url(), b, late],
              (): [string, null, boolean] => [req.url(), null, late],
            ),
        )
      })
      await page.goto(base + p, { waitUntil: 'networkidle' })
      const loaded = (await Promise.all(bodies)).filter(
        (e): e is [string, Buffer, boolean] => e[1] !== null,
      )
      const size = (b: Buffer) => zlib.gzipSync(b, { level: 9 }).length
      if (process.env.VERBOSE) {
        for (const [url, b, late] of loaded)
          console.log(`  ${p} ${(size(b) / KB).toFixed(1)} KB ${url}${late ? ' (after idle)' : ''}`)
      }
      const initial = loaded.filter(([, , late]) => !late)
      const gzip = initial.reduce((n, [, b]) => n + size(b), 0)
      const later = loaded.filter(([, , late]) => late)
      const budget = BUDGETS[p] ?? (p.startsWith('/neighbourhood/') ? BUDGETS.neighbourhood : null)
      rows.push({
        page: p,
        files: initial.length,
        'gzip KB': (gzip / KB).toFixed(1),
        budget: budget ? `${budget.gzip / KB} KB, ${budget.files} files` : '',
        within: budget
          ? gzip <= budget.gzip && initial.length <= budget.files
            ? 'yes'
            : 'NO'
          : '',
        'after idle (live)': later.length
          ? `${later.length} file(s), ${(later.reduce((n, [, b]) => n + size(b), 0) / KB).toFixed(1)} KB`
          : '',
      })
      await context.close()
    }
  } finally {
    await browser.close()
  }
  return rows
}

async function lighthouseScores(base: string, pages: string[]) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...FLAGS],
  })
  const rows: Record<string, string | number>[] = []
  try {
    for (const p of pages) {
      const runs: Record<string, string | number>[] = []
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(base + p, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        })
        const lhr = result!.lhr
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
        const audit = (id: string) => lhr.audits[id]?.displayValue ?? ''
        const failed = Object.values(lhr.categories)
          .filter((c) => c.id !== 'performance')
          .flatMap((c) => c.auditRefs)
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => ref.id)
        if (process.env.VERBOSE) {
          for (const id of ['layout-shifts', 'errors-in-console', 'long-tasks', 'bootup-time']) {
            const items = (lhr.audits[id]?.details as { items?: unknown[] } | undefined)?.items
            if (items?.length) console.log(`  ${p} ${id}:`, JSON.stringify(items).slice(0, 1500))
          }
        }
        runs.push({
          page: p,
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          FCP: audit('first-contentful-paint'),
          LCP: audit('largest-contentful-paint'),
          TBT: audit('total-blocking-time'),
          CLS: audit('cumulative-layout-shift'),
          failing: failed.join(' '),
        })
      }
      runs.sort((a, b) => Number(a.performance) - Number(b.performance))
      rows.push(runs[Math.floor(runs.length / 2)]!)
    }
  } finally {
    chrome.kill()
  }
  return rows
}

const { base, child } = await startBuiltSite()
try {
  const story = await storyPath(base)
  const pages = process.argv.slice(2).length
    ? process.argv.slice(2)
    : ['/', '/neighbourhood/shoreditch', ...(story ? [story] : [])]
  console.log(`\nJavaScript per page (${base}, phone viewport, every script response, gzip -9):`)
  console.table(await jsPerPage(base, pages))
  console.log(`\nLighthouse (mobile, simulated throttling, median of ${RUNS}):`)
  console.table(await lighthouseScores(base, pages))
} finally {
  child?.kill('SIGTERM')
}
