/**
 * What one instance holds in memory under mixed load (`npm run bench:soak`): the demo site in one
 * process (public site, API and admin), ROUNDS rounds of ROUND_S seconds each of
 *  - readers on a static page, an on-demand page and an API list (autocannon, 20 connections),
 *  - members writing comments and toggling reactions (4 at a time, one write after another),
 *  - an editor opening the admin's dashboard and reviews list once per round (the admin's own
 *    server loaded and rendering),
 * printing the instance's RSS (and its render processes') at the end of each round and the most
 * it reached. Budget: ≤ 512 MB for the instance. Fresh data folder; ADMIN=false to leave the
 * admin out, KEEP=1 to leave the folder.
 */
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import autocannon from 'autocannon'

import { outputOf, waitFor } from './builtSite'
import { freePort } from '@/server/database/postgres'
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '@/seed'
import { currentCode } from '@/data/twoFactor'

const ROUNDS = Number(process.env.ROUNDS ?? 5)
const ROUND_S = Number(process.env.ROUND_S ?? 60)
const WRITERS = 4

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'belong-soak-'))
fs.chmodSync(dataDir, 0o755)
const port = await freePort()
const base = `http://127.0.0.1:${port}`
// Exactly what `npm start` runs: its environment settings and node's flags (the heap's limit).
const startScript = (
  JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: { start: string } }
).scripts.start
const [settings = '', flags = ''] = startScript.split(/\bnode\b/)
const startEnv = Object.fromEntries(
  settings
    .trim()
    .split(/\s+/)
    .map((pair) => pair.split('=')),
)
const nodeArgs = flags.trim().split(/\s+/)
const site = spawn(process.execPath, nodeArgs, {
  env: {
    ...process.env,
    ...startEnv,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_EXEMPT: '127.0.0.1',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
})
const log = outputOf(site)

/** Resident memory of a process, MB (0 once it is gone). */
function rssOf(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
  } catch {
    return 0
  }
}

/** The instance's child processes (render workers, PostgreSQL's postmaster and backends apart). */
function childrenOf(pid: number): { pid: number; command: string }[] {
  const ps = spawnSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' })
  return ps.stdout
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), command: m[2]! }))
}

/** A session cookie through the site's sign-in, with the demo staff's second step (README). */
async function signIn(email: string): Promise<string> {
  const send = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify(body),
    })
  let res = await send('/api/accounts/login', { email, password: DEMO_PASSWORD })
  if (res.status === 202) {
    const { challenge } = (await res.json()) as { challenge: string }
    res = await send('/api/accounts/login/code', { challenge, code: currentCode(DEMO_TOTP_SECRET) })
  }
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('payload-token='))
  if (!cookie) throw new Error(`login ${email}: ${res.status}`)
  return cookie.split(';')[0]!
}

/** An editor's visit to the admin: its dashboard and a list, rendered by the admin's server. */
async function adminVisit(cookie: string): Promise<void> {
  for (const path of ['/admin', '/admin/collections/reviews']) {
    const res = await fetch(`${base}${path}`, { headers: { cookie } })
    const html = await res.text()
    if (res.status !== 200 || !html.includes('<html'))
      throw new Error(`${path} answered ${res.status}`)
  }
}

const post = (cookie: string, url: string, body: unknown) =>
  fetch(`${base}${url}`, {
    method: 'POST',
    headers: { cookie, origin: base, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then(async (res) => {
    await res.arrayBuffer()
    return res.status
  })

/** One member writing until `until`: a comment, then a reaction toggle, on the busiest reviews. */
async function writer(
  cookie: string,
  reviews: number[],
  until: number,
  counts: { ok: number; bad: number },
) {
  for (let i = 0; Date.now() < until; i++) {
    const review = reviews[i % reviews.length]!
    const status =
      i % 2 === 0
        ? await post(cookie, '/api/comments/new', {
            targetKind: 'review',
            targetId: review,
            content: `Soak comment ${i} at ${new Date().toISOString()}`,
          })
        : await post(cookie, '/api/reactions/toggle', {
            targetKind: 'review',
            targetId: review,
            emoji: 'heart',
          })
    if (status < 300) counts.ok++
    else counts.bad++
  }
}

try {
  await waitFor(`${base}/healthz`, site, log)
  const members = await Promise.all(
    ['sofia', 'priya', 'olly', 'kwame'].map((name) => signIn(`${name}@belong.local`)),
  )
  // The site answers first; the admin once its server has started (503 until then).
  if (process.env.ADMIN !== 'false') await waitFor(`${base}/admin`, site, log)
  const editor = process.env.ADMIN === 'false' ? undefined : await signIn('tom@belong.local')
  const list = (await (
    await fetch(`${base}/api/reviews?where[neighbourhood][equals]=1&limit=10&depth=0`)
  ).json()) as { docs: { id: number }[] }
  const reviews = list.docs.map((d) => d.id)
  const readerPaths = [
    '/neighbourhood/shoreditch',
    '/neighbourhoods?search=park',
    '/api/reviews?limit=10&depth=1',
  ]
  console.log(`instance pid ${site.pid}, ${ROUNDS} rounds of ${ROUND_S} s; RSS in MB`)
  console.log(`after start: ${rssOf(site.pid!).toFixed(0)}`)
  let peak = 0
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(site.pid!))), 500)
  for (let round = 1; round <= ROUNDS; round++) {
    const until = Date.now() + ROUND_S * 1000
    const counts = { ok: 0, bad: 0 }
    if (editor) await adminVisit(editor)
    const readers = autocannon({
      url: base,
      connections: 20,
      duration: ROUND_S,
      requests: readerPaths.map((p) => ({ method: 'GET', path: p })),
    })
    await Promise.all([
      readers,
      ...members.slice(0, WRITERS).map((m) => writer(m, reviews, until, counts)),
    ])
    const result = await readers
    const workers = childrenOf(site.pid!).filter((c) => c.command.includes('node'))
    const workerRss = workers.reduce((sum, c) => sum + rssOf(c.pid), 0)
    console.log(
      `round ${round}: instance ${rssOf(site.pid!).toFixed(0)} MB (peak so far ${peak.toFixed(0)}),` +
        ` render processes ${workerRss.toFixed(0)} MB; reads ${result.requests.average.toFixed(0)}/s` +
        ` (${result.non2xx} non-2xx), writes ${counts.ok} ok ${counts.bad} refused`,
    )
  }
  clearInterval(sampler)
  console.log(`peak instance RSS: ${peak.toFixed(0)} MB (budget 512)`)
} finally {
  if (site.exitCode === null && site.signalCode === null) {
    site.kill('SIGTERM')
    await new Promise((resolve) => site.on('exit', resolve))
  }
  if (process.env.KEEP !== '1') fs.rmSync(dataDir, { recursive: true, force: true })
}
