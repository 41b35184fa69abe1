import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { freePort } from '@/server/database/postgres'
import { signUpFormAt } from '@tests/support/signUpForm'
import type { ReceivedMail } from '@tests/support/smtp'

/**
 * Fault tests start the real site (`scripts/start.ts`, production mode, no admin) on their own
 * port with their own data folder, copied from the template that tests/faults/template.global.ts
 * built once (migrated database + site build), so each start takes seconds, not minutes.
 */

export const projectRoot = path.resolve(import.meta.dirname, '..', '..')

export interface Site {
  url: string
  port: number
  dataDir: string
  proc: ChildProcess
  output: string[]
  /** SIGTERM and wait for the exit (SIGKILL after 30 s); returns the exit code. */
  stop: () => Promise<number | null>
  /** SIGKILL, no goodbye. */
  kill: () => Promise<void>
}

/** One of the project's scripts (through tsx) in production mode, its output piped to the test. */
function spawnScript(script: string, env: Record<string, string>): ChildProcess {
  // SITE_CPU_PROF_DIR=dir (benches): each process writes a V8 CPU profile there when it stops
  // (Node refuses --cpu-prof in NODE_OPTIONS).
  const profile = process.env.SITE_CPU_PROF_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.SITE_CPU_PROF_DIR)}`]
    : []
  return spawn(process.execPath, [...profile, '--import', 'tsx', script], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production', ...env },
  })
}

/** A fresh data folder: a copy of the template (owners kept: the cluster belongs to `nobody`). */
export function freshDataDir(template: string, name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `belong-faults-${name}-`))
  fs.rmSync(dir, { recursive: true })
  const { status } = spawnSync('cp', ['-a', template, dir], { stdio: 'inherit' })
  if (status !== 0) throw new Error(`could not copy ${template}`)
  return dir
}

export async function startSite(
  dataDir: string,
  env: Record<string, string> = {},
  port?: number,
): Promise<Site> {
  port ??= await freePort()
  const url = `http://127.0.0.1:${port}`
  const output: string[] = []
  const proc = spawnScript('scripts/start.ts', {
    ADMIN: 'false',
    SEED: 'false',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    DATABASE_URL: '', // always the embedded database of DATA_DIR
    // No background site rebuilds while a test writes (they would compete for the CPU).
    SITE_REGEN_DELAY_MS: '600000',
    // The limiter stays in the path (it counts in PostgreSQL too), with room for the load.
    RATE_LIMITS: JSON.stringify({
      write: { max: 1_000_000, windowSeconds: 60 },
      signUp: { max: 1000, windowSeconds: 3600 },
      login: { max: 1000, windowSeconds: 60 },
      // One fresh account writes the whole load (tests/faults/account-limits.test.ts checks these).
      accountWrite: { max: 1_000_000, windowSeconds: 60 },
      newAccountWrite: { max: 1_000_000, windowSeconds: 60 },
      accountReview: { max: 1_000_000, windowSeconds: 60 },
      newAccountReview: { max: 1_000_000, windowSeconds: 60 },
      unconfirmedPost: { max: 1_000_000, windowSeconds: 60 },
    }),
    ...env,
  })
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line) output.push(line)
    if (output.length > 2000) output.splice(0, output.length - 2000)
  }
  proc.stdout!.on('data', collect)
  proc.stderr!.on('data', collect)
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)))
  let done = false
  void exited.then(() => (done = true))
  // Every start leaves its output in .tmp/faults/<data folder>-<port>.log.
  const saveLog = () => {
    const dir = path.join(projectRoot, '.tmp', 'faults')
    fs.mkdirSync(dir, { recursive: true })
    fs.writeFileSync(path.join(dir, `${path.basename(dataDir)}-${port}.log`), output.join('\n'))
  }

  const deadline = Date.now() + 240_000
  for (;;) {
    if (done)
      throw new Error(`the site exited before it was ready:\n${output.slice(-40).join('\n')}`)
    if (Date.now() > deadline) {
      proc.kill('SIGKILL')
      throw new Error(`the site was not ready in 240 s:\n${output.slice(-40).join('\n')}`)
    }
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) break
    await sleep(250)
  }
  return {
    url,
    port,
    dataDir,
    proc,
    output,
    stop: async () => {
      saveLog()
      if (done) return proc.exitCode
      proc.kill('SIGTERM')
      const timer = setTimeout(() => proc.kill('SIGKILL'), 30_000)
      const code = await exited
      clearTimeout(timer)
      return code
    },
    kill: async () => {
      saveLog()
      if (done) return
      proc.kill('SIGKILL')
      await exited
    },
  }
}

/** The pid of the cluster's postmaster, from its lock file (first line). */
export function postmasterPid(dataDir: string): number | undefined {
  try {
    const pid = Number(
      fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0],
    )
    return pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Stops what may still run on the folder (a killed app's PostgreSQL), then deletes it. */
export async function removeDataDir(dataDir: string) {
  await stopOrphanPostgres(dataDir)
  fs.rmSync(dataDir, { recursive: true, force: true })
}

/** Stop a postmaster left behind by a killed app (it is stopped by the next start otherwise). */
export async function stopOrphanPostgres(dataDir: string) {
  const pid = postmasterPid(dataDir)
  if (!pid || !alive(pid)) return
  process.kill(pid, 'SIGINT')
  await waitFor(() => !alive(pid), 20_000, 'the orphan PostgreSQL to stop')
}

export async function waitFor(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<number> {
  const started = Date.now()
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`)
    await sleep(50)
  }
  return Date.now() - started
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const jsonTo = (url: string) => ({ 'content-type': 'application/json', origin: url })

/** Signs up through the API as `userName` (with the sign-up form's token); answers the address. */
async function signUp(url: string, userName: string, password: string): Promise<string> {
  const email = `${userName}@faults.test`
  const created = await fetch(`${url}/api/users`, {
    method: 'POST',
    headers: jsonTo(url),
    body: JSON.stringify({ email, password, userName, ...(await signUpFormAt(url)) }),
  })
  if (created.status !== 201) throw new Error(`sign-up: ${created.status} ${await created.text()}`)
  return email
}

/** Signs in: JSON headers with a token (Authorization: JWT, so no cookie and no Origin check). */
async function signIn(url: string, email: string, password: string) {
  const login = await fetch(`${url}/api/users/login`, {
    method: 'POST',
    headers: jsonTo(url),
    body: JSON.stringify({ email, password }),
  })
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`)
  const { token } = (await login.json()) as { token: string }
  return { ...jsonTo(url), authorization: `JWT ${token}` }
}

/** A member with a token and a place. */
export async function member(url: string) {
  const userName = `fault${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const password = 'fault-member-password'
  const headers = await signIn(url, await signUp(url, userName, password), password)
  const place = await fetch(`${url}/api/neighbourhoods/new`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      name: `Faultford ${userName}`,
      slug: `faultford-${userName}`,
      tagline: 'Quiet streets',
      vibes: ['Calm'],
    }),
  })
  if (place.status !== 201) throw new Error(`neighbourhood: ${place.status} ${await place.text()}`)
  const { doc } = (await place.json()) as { doc: { id: number } }
  return { headers, neighbourhood: doc.id }
}

const quotedPrintable = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')

/**
 * Signs up, opens the confirmation link that arrived at `smtp`, signs in and follows the place:
 * a member owed what its followers are told. Answers their address and signed-in headers.
 */
export async function confirmedFollower(
  url: string,
  smtp: { received: ReceivedMail[] },
  neighbourhood: number,
  userName: string,
) {
  const password = 'fault-follower-password'
  const email = await signUp(url, userName, password)
  let link = ''
  await waitFor(
    () => {
      const mail = smtp.received.find((m) => m.to.includes(email))
      const text = mail ? quotedPrintable(mail.raw) : ''
      link = /https?:\/\/\S+confirm-email\?token=[\w.%-]+/.exec(text)?.[0] ?? ''
      return Boolean(link)
    },
    30_000,
    `the confirmation mail to ${email}`,
  )
  const confirmed = await fetch(link, { redirect: 'manual' })
  if (confirmed.status >= 400) throw new Error(`confirmation: ${confirmed.status}`)
  const headers = await signIn(url, email, password)
  const followed = await fetch(`${url}/api/follows/toggle`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ neighbourhood }),
  })
  if (followed.status !== 200) throw new Error(`follow: ${followed.status}`)
  return { email, headers }
}

/** A public event in the member's place, three days on: its followers are told of it. */
export async function newEvent(
  url: string,
  author: Awaited<ReturnType<typeof member>>,
  title: string,
) {
  const event = await fetch(`${url}/api/events/new`, {
    method: 'POST',
    headers: author.headers,
    body: JSON.stringify({
      title,
      description: 'Meet at the gate.',
      location: 'Park gate',
      eventDate: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      neighbourhood: author.neighbourhood,
    }),
  })
  if (event.status !== 201) throw new Error(`event: ${event.status} ${await event.text()}`)
}

export interface Answer {
  status: number
  startedAt: number
  id?: number
  retryAfter?: string | null
  body?: string
  at: number
}

/**
 * Writes reviews with `concurrency` writers until stopped, recording every answer. A request
 * that got no answer at all (connection reset) is recorded with status 0.
 */
export function writeLoad(
  url: string,
  who: { headers: Record<string, string>; neighbourhood: number },
  concurrency = 4,
  maxRequests = 5000,
) {
  const answers: Answer[] = []
  let running = true
  let sent = 0
  const writer = async (w: number) => {
    while (running && sent < maxRequests) {
      const n = sent++
      const startedAt = Date.now()
      try {
        const res = await fetch(`${url}/api/reviews/new`, {
          method: 'POST',
          headers: who.headers,
          body: JSON.stringify({
            neighbourhood: who.neighbourhood,
            rating: 4,
            comment: `fault load ${w}-${n}`,
          }),
          signal: AbortSignal.timeout(20_000),
        })
        const text = await res.text()
        let id: number | undefined
        if (res.ok) id = (JSON.parse(text) as { review: { id: number } }).review.id
        answers.push({
          startedAt,
          status: res.status,
          id,
          retryAfter: res.headers.get('retry-after'),
          body: res.ok ? undefined : text.slice(0, 200),
          at: Date.now(),
        })
        // A 503 says when to come back; a real client would wait. Keep it short here.
        if (res.status === 503 || res.status === 429) await sleep(100)
      } catch {
        answers.push({ startedAt, status: 0, at: Date.now() })
        await sleep(100)
      }
    }
  }
  const writers = Array.from({ length: concurrency }, (_, w) => writer(w))
  return {
    answers,
    get sent() {
      return sent
    },
    stop: async () => {
      running = false
      await Promise.all(writers)
      return answers
    },
  }
}

/** Ids of the neighbourhood's reviews as the API lists them now (all pages). */
export async function reviewIds(url: string, neighbourhood: number): Promise<Set<number>> {
  const ids = new Set<number>()
  for (let page = 1; ; page++) {
    const res = await fetch(
      `${url}/api/reviews?where[neighbourhood][equals]=${neighbourhood}&depth=0&limit=500&page=${page}&select[id]=true`,
    )
    if (!res.ok) throw new Error(`reviews: ${res.status}`)
    const body = (await res.json()) as { docs: { id: number }[]; hasNextPage: boolean }
    for (const doc of body.docs) ids.add(doc.id)
    if (!body.hasNextPage) return ids
  }
}

/** One row of the fault table (printed, and written to .tmp/faults/<name>.json). */
export function report(row: {
  fault: string
  sent: number
  acknowledged: number
  lost: number
  recoveryMs?: number
  notes?: string
}) {
  const dir = path.join(projectRoot, '.tmp', 'faults')
  fs.mkdirSync(dir, { recursive: true })
  fs.writeFileSync(path.join(dir, `${row.fault.replace(/\W+/g, '-')}.json`), JSON.stringify(row))
  console.log(`FAULT ${JSON.stringify(row)}`)
}

/** Ends a child process (SIGKILL after 10 s); nothing when it has already exited. */
export async function stopChild(
  child: ChildProcess | undefined,
  signal: NodeJS.Signals = 'SIGTERM',
) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill(signal)
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
  await exited
  clearTimeout(timer)
}

export interface RealtimeRole {
  proc: ChildProcess
  exited: Promise<unknown>
  output: string[]
}

/** The realtime role (`npm run realtime`) on 127.0.0.1:`port`, once it listens. */
export async function startRealtimeRole(
  app: { id: string; key: string; secret: string },
  port: number,
): Promise<RealtimeRole> {
  const output: string[] = []
  const proc = spawnScript('src/realtime/standalone.ts', {
    REALTIME_HOST: '127.0.0.1',
    REALTIME_PORT: String(port),
    PUSHER_APP_ID: app.id,
    PUSHER_KEY: app.key,
    PUSHER_SECRET: app.secret,
  })
  const exited = new Promise((resolve) => proc.once('exit', resolve))
  for (const stream of [proc.stdout!, proc.stderr!])
    stream.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  await waitFor(() => output.join('').includes('listening'), 60_000, 'the realtime role')
  return { proc, exited, output }
}
