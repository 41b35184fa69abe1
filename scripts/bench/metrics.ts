/**
 * What seeing inside the site costs (`npm run bench:metrics`): the built server's static page and
 * a cached API read, requests/s with nothing kept (METRICS=off, LOG_LEVEL=warn, twice: the
 * difference between two identical servers is the floor under every ratio), with the metrics
 * (METRICS_TOKEN, LOG_LEVEL=warn) and with the metrics and the request log (LOG_LEVEL=info, JSON
 * lines into a file, as a journal takes them). The four run side by side on one database and
 * one data folder, and are measured in turns (ROUNDS rounds, default 7, each in the reverse
 * order of the one before), so the machine's other load weighs on all of them alike; each
 * round's rates are compared within the round, and the rounds' medians reported (budget: within
 * 5%). ApacheBench (`ab -k -c 50`, apache2-utils) as bench:serve. At the end the servers stop
 * by SIGTERM and the request log is checked to hold a line for every request ab sent.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'

import { freePort, startEmbeddedPostgres } from '@/server/database/postgres'

import { benchSiteEnv, outputOf, waitFor } from './builtSite'
import { ab } from './nginx'

const PAGE = process.env.PAGE ?? '/neighbourhood/shoreditch'
const API = process.env.API ?? '/api/neighbourhoods?limit=5'
const ROUNDS = Number(process.env.ROUNDS ?? 7)
const REQUESTS = Number(process.env.REQUESTS ?? 20000)
const TOKEN = 'bench-metrics-token'

const OFF = { METRICS: 'off', LOG_LEVEL: 'warn' } as const
const CONFIGS = {
  off: OFF,
  // The same again: how far two identical servers differ here, the floor under any ratio.
  'off, again': OFF,
  metrics: { METRICS_TOKEN: TOKEN, LOG_LEVEL: 'warn' },
  'metrics + log': { METRICS_TOKEN: TOKEN, LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
} as const
type Config = keyof typeof CONFIGS
const NAMES = Object.keys(CONFIGS) as Config[]
const TARGETS = { static: PAGE, api: API } as const
type Target = keyof typeof TARGETS

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'belong-bench-metrics-'))
// PostgreSQL runs as nobody when we are root: it must pass through the folder.
fs.chmodSync(root, 0o755)
const dataDir = path.join(root, 'site')
fs.mkdirSync(dataDir, { mode: 0o755 })
const postgres = await startEmbeddedPostgres({ dir: path.join(root, 'db'), databases: ['belong'] })

const baseEnv = (port: number): NodeJS.ProcessEnv => ({
  ...benchSiteEnv(port, dataDir),
  DATABASE_URL: postgres.url('belong'),
})

interface Site {
  child: ChildProcess
  base: string
  logFile: string
}

/**
 * Starts the site in one configuration, its output into a file: a pipe read by this process
 * would stall the server while `ab` (run synchronously) keeps this process from reading it.
 */
async function start(config: Config, index: number): Promise<Site> {
  const port = await freePort()
  const logFile = path.join(root, `server-${index}.log`)
  const out = fs.openSync(logFile, 'w')
  // V8's limits as npm start sets them (the young generation's size decides how often the
  // per-request garbage is collected).
  const flags = ['--max-old-space-size=320', '--max-semi-space-size=8']
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', 'scripts/start.ts'], {
    env: { ...baseEnv(port), MALLOC_ARENA_MAX: '2', ...CONFIGS[config] },
    stdio: ['ignore', out, out],
  })
  fs.closeSync(out)
  // The servers on the first core, ab on the second (run below): otherwise who gets which core
  // from moment to moment sways a round by more than the figures measured (two identical servers
  // differed by up to ±40% a round unpinned).
  execFileSync('taskset', ['-a', '-p', '-c', '0', String(child.pid)], { stdio: 'ignore' })
  const base = `http://127.0.0.1:${port}`
  await waitFor(`${base}/healthz`, child, () => fs.readFileSync(logFile, 'utf8').slice(-4000))
  return { child, base, logFile }
}

/** SIGTERM, and SIGKILL if the server has not gone 20 s later: the bench always ends. */
async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return
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
 * /metrics' status on a connection of its own: a kept-alive one from the start may have been
 * closed by the server while ab held this process (fetch then fails with "other side closed").
 */
const scrapeStatus = (base: string) =>
  new Promise<number>((resolve, reject) => {
    const req = http.get(
      `${base}/metrics`,
      { agent: false, headers: { authorization: `Bearer ${TOKEN}` } },
      (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      },
    )
    req.on('error', reject)
  })

/** User + system CPU seconds a process has used (Linux /proc; 0 elsewhere). */
function cpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    // utime and stime, fields 14 and 15 of the line (11 and 12 after the command's name).
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
  } catch {
    return 0
  }
}
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length / 2
  return sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
const range = (values: number[]) =>
  `${Math.min(...values).toFixed(3)}–${Math.max(...values).toFixed(3)}`

const sites = new Map<Config, Site>()
const sent = new Map<Config, number>(NAMES.map((name) => [name, 0]))
try {
  // The seed and the site build once, then the three servers side by side.
  const building = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/start.ts', '--build-only'],
    {
      env: { ...baseEnv(0), LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  const buildLog = outputOf(building)
  if ((await new Promise((resolve) => building.on('exit', resolve))) !== 0)
    throw new Error(`the build failed:\n${buildLog()}`)
  for (const [i, config] of NAMES.entries()) sites.set(config, await start(config, i))

  /** Each measured run: requests/s, and the server's CPU per request (µs) from /proc. */
  const rates = {} as Record<Config, Record<Target, number[]>>
  const cpu = {} as Record<Config, Record<Target, number[]>>
  for (const name of NAMES) {
    rates[name] = { static: [], api: [] }
    cpu[name] = { static: [], api: [] }
  }
  const run = (config: Config, target: Target) => {
    sent.set(config, sent.get(config)! + REQUESTS)
    const site = sites.get(config)!
    const before = cpuSeconds(site.child.pid!)
    const rate = ab(`${site.base}${TARGETS[target]}`, [], 1)
    return { rate, cpu: ((cpuSeconds(site.child.pid!) - before) / REQUESTS) * 1e6 }
  }
  // Warm each (files in memory, the read cache filled, the JIT), unmeasured.
  for (const config of NAMES) for (const target of ['static', 'api'] as const) run(config, target)

  console.log(`load average before: ${load()}`)
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 ? [...NAMES].reverse() : NAMES
    for (const target of ['static', 'api'] as const)
      for (const config of order) {
        const measured = run(config, target)
        rates[config][target].push(measured.rate)
        cpu[config][target].push(measured.cpu)
      }
    console.log(
      `round ${round + 1}: ` +
        NAMES.map(
          (name) =>
            `${name} static ${rates[name].static.at(-1)!.toFixed(0)}/s api ${rates[name].api.at(-1)!.toFixed(0)}/s`,
        ).join(', '),
    )
  }
  console.log(`load average after: ${load()}`)

  // The figures were kept (or not) as configured.
  for (const config of NAMES) {
    const status = await scrapeStatus(sites.get(config)!.base)
    if ((status === 200) !== !config.startsWith('off'))
      throw new Error(`${config}: /metrics answered ${status}`)
  }

  const pairs = [
    ['off again/off (noise)', 'off, again', 'off'],
    ['metrics on/off', 'metrics', 'off'],
    ['request log on/off', 'metrics + log', 'metrics'],
    ['both on/off', 'metrics + log', 'off'],
  ] as const
  /** Each round's `a` over `b`: same round, same load. */
  const ratios = (figures: typeof rates, a: Config, b: Config, target: Target) =>
    figures[a][target].map((value, i) => value / figures[b][target][i]!)
  const table = (title: string, figures: typeof rates, digits: number) => {
    console.log(`
${title}`)
    console.log(`| request | ${NAMES.join(' | ')} | ${pairs.map(([name]) => name).join(' | ')} |`)
    console.log(`| --- | ${[...NAMES, ...pairs].map(() => '---').join(' | ')} |`)
    for (const target of ['static', 'api'] as const) {
      const cells = NAMES.map((name) => median(figures[name][target]).toFixed(digits))
      const ratioCells = pairs.map(([, a, b]) => {
        const r = ratios(figures, a, b, target)
        return `${median(r).toFixed(3)} (${range(r)})`
      })
      console.log(
        `| ${target} ${TARGETS[target]} | ${cells.join(' | ')} | ${ratioCells.join(' | ')} |`,
      )
    }
  }
  table(
    `ab -k -c 50 -n ${REQUESTS}: requests/s, medians of ${ROUNDS} rounds; ratios taken within ` +
      'each round (median, range)',
    rates,
    0,
  )
  table(
    "The server's CPU per request (µs, user + system, from /proc; less swayed by the " +
      "machine's other load than requests/s): medians and ratios as above",
    cpu,
    1,
  )
  const verdicts = (['static', 'api'] as const).map((target) => {
    const ratio = median(ratios(rates, 'metrics', 'off', target))
    return `${target} ${ratio.toFixed(3)} (${ratio >= 0.95 ? 'within' : 'NOT within'} 5%)`
  })
  const noise = (['static', 'api'] as const).map(
    (target) => `${target} ${range(ratios(rates, 'off, again', 'off', target))}`,
  )
  console.log(`
requests/s with metrics on over off: ${verdicts.join(', ')}; two identical servers (off, again
over off) ranged ${noise.join(', ')} round by round`)
} finally {
  for (const site of sites.values()) await stop(site.child)
  // Every request ab sent to the logging server has its line, the last ones too (the log is
  // buffered and written out when the server stops).
  const logging = sites.get('metrics + log')
  if (logging) {
    const lines = fs
      .readFileSync(logging.logFile, 'utf8')
      .split('\n')
      .filter((line) => line.includes('"msg":"request"')).length
    const expected = sent.get('metrics + log')!
    console.log(`request log: ${lines} request lines for ${expected} requests sent by ab`)
    if (lines < expected) process.exitCode = 1
  }
  await postgres.stop()
  fs.rmSync(root, { recursive: true, force: true })
}
