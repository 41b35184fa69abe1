import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'

import { freePort, startEmbeddedPostgres } from '@/server/database/postgres'

import { benchSiteEnv, outputOf, waitFor } from './builtSite'

/**
 * The servers bench:metrics measures: built sites side by side on one database, pinned to the
 * first core, each writing its output into a file (a pipe read by the bench would stall the server
 * while `ab`, run synchronously, keeps the bench from reading it). Whatever happens, none is left
 * running when the bench ends.
 */

/** What both metrics benches measure (PAGE, API, SLICE and COPIES may be set in the environment). */
export const TARGETS = {
  static: process.env.PAGE ?? '/neighbourhood/shoreditch',
  api: process.env.API ?? '/api/neighbourhoods?limit=5',
} as const
export type Target = keyof typeof TARGETS
export const KINDS = Object.keys(TARGETS) as Target[]
/** About how long one measured turn lasts, in seconds. */
export const SLICE = Number(process.env.SLICE ?? 0.4)
/** Processes per configuration. */
export const COPIES = Number(process.env.COPIES ?? 3)
/** The servers' METRICS_TOKEN. */
export const TOKEN = 'bench-metrics-token'
/** A turn's request count from a warm rate: about SLICE seconds, in hundreds, at least 500. */
export const turnRequests = (rate: number) => Math.max(500, Math.round((rate * SLICE) / 100) * 100)

export interface Site {
  child: ChildProcess
  base: string
  logFile: string
}

const running = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    console.error(`${signal}: servers killed`)
    process.exit(130)
  })

/**
 * A fresh folder, database and site build for the servers (seeded with the demo, built once).
 * `remove` stops the database and deletes the folder.
 */
export async function prepareBenchSite() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'belong-bench-metrics-'))
  // PostgreSQL runs as nobody when we are root: it must pass through the folder.
  fs.chmodSync(root, 0o755)
  const dataDir = path.join(root, 'site')
  fs.mkdirSync(dataDir, { mode: 0o755 })
  const postgres = await startEmbeddedPostgres({
    dir: path.join(root, 'db'),
    databases: ['belong'],
  })
  const siteEnv = (): NodeJS.ProcessEnv => ({
    ...benchSiteEnv(0, dataDir),
    DATABASE_URL: postgres.url('belong'),
  })
  const remove = async () => {
    await postgres.stop()
    fs.rmSync(root, { recursive: true, force: true })
  }
  const building = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/start.ts', '--build-only'],
    { env: { ...siteEnv(), LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const buildLog = outputOf(building)
  if ((await new Promise((resolve) => building.on('exit', resolve))) !== 0) {
    await remove()
    throw new Error(`the build failed:\n${buildLog()}`)
  }
  return { root, siteEnv, remove }
}

/** `nodeFlags`: more of Node's flags (`--cpu-prof`: overheadProfile.ts). */
export async function startSite(
  env: NodeJS.ProcessEnv,
  logFile: string,
  cpu = '0',
  nodeFlags: string[] = [],
): Promise<Site> {
  const port = await freePort()
  const out = fs.openSync(logFile, 'w')
  // V8's limits as npm start sets them (the young generation's size decides how often the
  // per-request garbage is collected).
  const flags = ['--max-old-space-size=320', '--max-semi-space-size=8', ...nodeFlags]
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', 'scripts/start.ts'], {
    env: { ...env, PORT: String(port), MALLOC_ARENA_MAX: '2' },
    stdio: ['ignore', out, out],
  })
  fs.closeSync(out)
  running.add(child)
  child.once('exit', () => running.delete(child))
  // Who gets which core from moment to moment sways a measurement by more than the figures
  // measured: the servers share one core, ab has the other.
  execFileSync('taskset', ['-a', '-p', '-c', cpu, String(child.pid)], { stdio: 'ignore' })
  const base = `http://127.0.0.1:${port}`
  await waitFor(`${base}/healthz`, child, () => fs.readFileSync(logFile, 'utf8').slice(-4000))
  return { child, base, logFile }
}

/** SIGTERM, and SIGKILL if the server has not gone 20 s later: the bench always ends. */
export async function stopSite(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const killer = setTimeout(() => {
    console.error(`server ${child.pid} did not stop in 20 s after SIGTERM: killed`)
    child.kill('SIGKILL')
  }, 20_000)
  await exited
  clearTimeout(killer)
}

/**
 * CPU seconds a process has used, all its threads (the event loop, libuv's pool, V8's
 * collectors): from each thread's schedstat (nanoseconds), else /proc/<pid>/stat (10 ms ticks,
 * too coarse for a 0.4 s measurement).
 */
export function cpuSeconds(pid: number): number {
  try {
    let ns = 0
    for (const task of fs.readdirSync(`/proc/${pid}/task`))
      ns += Number(
        fs.readFileSync(path.join(`/proc/${pid}/task`, task, 'schedstat'), 'utf8').split(' ')[0],
      )
    return ns / 1e9
  } catch {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
      return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
    } catch {
      return 0
    }
  }
}
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100

/** A GET on a connection of its own (a kept-alive one may have been closed while ab ran). */
export const answerOf = (url: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.get(url, { agent: false, headers, timeout: 10_000 }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
    })
    req.on('timeout', () => req.destroy(new Error(`${url}: no answer in 10 s`)))
    req.on('error', reject)
  })

export const statusOf = async (url: string, headers: Record<string, string> = {}) =>
  (await answerOf(url, headers)).status

/**
 * Requests/s of one `ab -k -c 50 -n <requests>` run on the second core; throws with ab's output
 * when a request failed or did not answer (ab gives up after 30 s without an answer).
 */
export function ab(url: string, requests: number): number {
  const args = ['-c', '1', 'ab', '-k', '-q', '-n', String(requests), '-c', '50', url]
  let out: string
  try {
    out = execFileSync('taskset', args, { encoding: 'utf8', maxBuffer: 1 << 24, stdio: 'pipe' })
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string }
    throw new Error(`ab on ${url} failed: ${stderr ?? ''}${stdout ?? ''}`)
  }
  const failed = Number(/Failed requests:\s+(\d+)/.exec(out)?.[1] ?? 0)
  const non2xx = Number(/Non-2xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0)
  if (failed || non2xx) throw new Error(`ab: ${failed} failed, ${non2xx} non-2xx\n${out}`)
  return Number(/Requests per second:\s+([\d.]+)/.exec(out)![1])
}
