/**
 * Front-end measurements shared by `npm run bench:lighthouse` and `npm run bench:pages`: the
 * JavaScript a phone downloads to load each page (gzip, files, against the BUDGETS below; what
 * the live connection loads after idle apart) and Lighthouse mobile scores (median of `runs`).
 * VERBOSE=1 lists every script file and Lighthouse's layout shifts, console errors, long tasks
 * and script boot-up times.
 */
import zlib from 'node:zlib'

import { chromium } from '@playwright/test'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--no-first-run',
]
const KB = 1024
/** What a phone may download to load each page kind: gzip bytes and script files. */
const BUDGETS: Record<string, { gzip: number; files: number }> = {
  '/': { gzip: 80 * KB, files: 8 },
  // Its header and its reviews are two islands (the header hydrates without waiting for the list).
  neighbourhood: { gzip: 100 * KB, files: 9 },
}

export async function jsPerPage(base: string, pages: string[]) {
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

export async function lighthouseScores(base: string, pages: string[], runs: number) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...FLAGS],
  })
  const rows: Record<string, string | number>[] = []
  try {
    for (const p of pages) {
      const results: Record<string, string | number>[] = []
      for (let i = 0; i < runs; i++) {
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
        results.push({
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
      results.sort((a, b) => Number(a.performance) - Number(b.performance))
      rows.push(results[Math.floor(results.length / 2)]!)
    }
  } finally {
    chrome.kill()
  }
  return rows
}
