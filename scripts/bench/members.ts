/**
 * What a signed-in member costs the site beside a reader: the same public reads signed out and
 * signed in (the browser's session cookie, as a member's islands send it), one autocannon run
 * each, side by side, then the member's one personal request of a page view. The demo seed (SCALE=1) on a
 * throwaway embedded PostgreSQL, the real site (scripts/start.ts, ADMIN=false).
 * Budget: signed-in req/s at least half the signed-out, p99 ≤ 50 ms at 50 connections.
 * Usage: npm run bench:members   (SCALE=1, DURATION=10 s, CONNECTIONS=50, REUSE=1)
 */
import path from 'node:path'

import autocannon from 'autocannon'

import { outputOf, waitFor } from './builtSite'
import { busiestReviews, memberToken, scaledSite, serveSeedingBuild } from './scaleSeed'

const SCALE = Number(process.env.SCALE ?? 1)
const DURATION = Number(process.env.DURATION ?? 10)
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50)
const root = path.resolve('.tmp/bench-members')
const { base, env, start, stop, db } = await scaledSite(root, SCALE, process.env.REUSE === '1')
serveSeedingBuild(root, env, base)

const site = start()
const log = outputOf(site)

interface Run {
  rps: number
  p50: number
  p99: number
  bad: number
}

async function load(url: string, headers: Record<string, string>, signedIn = false): Promise<Run> {
  const probe = await fetch(url, { headers })
  if (probe.status !== 200) throw new Error(`${url} → ${probe.status}: ${await probe.text()}`)
  const answer = (await probe.json()) as { user?: unknown }
  // A personal read measured as a visitor's would measure the wrong thing.
  if (signedIn && !answer.user) throw new Error(`${url} answered as to a visitor`)
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
  }
}

const cell = (run: Run) =>
  `${run.rps.toFixed(0).padStart(7)} ${String(run.p50).padStart(4)} ${String(run.p99).padStart(5)}` +
  (run.bad ? ` (${run.bad} bad)` : '')

try {
  await waitFor(`${base}/healthz`, site, log)
  // As a member's islands send it: Payload takes the cookie of a request without an Origin
  // only when Sec-Fetch-Site says it came from this site (its CSRF rule).
  const member = {
    cookie: `payload-token=${await memberToken(base)}`,
    'sec-fetch-site': 'same-origin',
  }
  const busiest = await busiestReviews(db)
  const ids = busiest.ids.join(',')

  const shared: [string, string][] = [
    ['/api/neighbourhoods?limit=10', '/api/neighbourhoods?limit=10'],
    ['/api/reviews?limit=10&depth=1', '/api/reviews?limit=10&depth=1'],
    ['/api/forum?page=1', '/api/forum?page=1'],
  ]
  // A page view's own read (widgets/lib/pageState.ts): what a neighbourhood page asks, signed
  // in only (the session, unread count, hidden posts, follow state, own emoji on 10 reviews).
  const own: [string, string][] = [
    [
      'page state (neighbourhood page)',
      `/api/users/state?follow=${busiest.neighbourhood}&reactions=review:${ids}`,
    ],
  ]

  const rows: string[] = []
  const show = (row: string) => {
    rows.push(row)
    console.log(row)
  }
  show(
    `${'read'.padEnd(32)} ${'signed out: req/s  p50   p99'.padStart(30)}   ${'signed in: req/s  p50   p99'.padStart(29)}   in/out`,
  )
  for (const [name, url] of shared) {
    const out = await load(`${base}${url}`, {})
    const signedIn = await load(`${base}${url}`, member)
    show(
      `${name.padEnd(32)} ${cell(out).padStart(30)}   ${cell(signedIn).padStart(29)}   ${(signedIn.rps / out.rps).toFixed(2)}×`,
    )
  }
  for (const [name, url] of own) {
    const signedIn = await load(`${base}${url}`, member, true)
    show(`${name.padEnd(32)} ${'—'.padStart(30)}   ${cell(signedIn).padStart(29)}`)
  }
  console.log(`\n${CONNECTIONS} connections, ${DURATION} s each; latency in ms`)
  for (const row of rows) console.log(row)
} finally {
  await stop(site)
}
