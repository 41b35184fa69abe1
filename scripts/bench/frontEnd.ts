/**
 * Front-end measurements shared by `npm run bench:lighthouse` and `npm run bench:pages`: the
 * JavaScript a phone downloads to load each page (gzip, files, against the budgets of
 * tests/support/scriptBudget.ts; what the live connection loads after idle apart) and Lighthouse mobile
 * scores (median of `runs`).
 * VERBOSE=1 lists every script file and Lighthouse's layout shifts, console errors, long tasks
 * and script boot-up times.
 */
import { chromium } from '@playwright/test'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

import { budgetOf, gzipSize, KB, scriptsOf } from '@tests/support/scriptBudget'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--no-first-run',
]
/** `cookie`: a session cookie (`payload-token=…`) every request carries: a signed-in member's pages. */
export async function jsPerPage(base: string, pages: string[], cookie?: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS })
  const rows: Record<string, string | number>[] = []
  try {
    for (const p of pages) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
      if (cookie) {
        const [name, value] = cookie.split(/=(.*)/s) as [string, string]
        await context.addCookies([{ name, value, url: base }])
      }
      const page = await context.newPage()
      const loaded = await scriptsOf(page, base + p)
      if (process.env.VERBOSE) {
        for (const { url, body, late } of loaded)
          console.log(
            `  ${p} ${(gzipSize(body) / KB).toFixed(1)} KB ${url}${late ? ' (after idle)' : ''}`,
          )
      }
      const initial = loaded.filter((s) => !s.late)
      const gzip = initial.reduce((n, s) => n + gzipSize(s.body), 0)
      const later = loaded.filter((s) => s.late)
      const budget = budgetOf(p)
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
          ? `${later.length} file(s), ${(later.reduce((n, s) => n + gzipSize(s.body), 0) / KB).toFixed(1)} KB`
          : '',
      })
      await context.close()
    }
  } finally {
    await browser.close()
  }
  return rows
}

export async function lighthouseScores(
  base: string,
  pages: string[],
  runs: number,
  cookie?: string,
) {
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
          ...(cookie ? { extraHeaders: { cookie } } : {}),
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
