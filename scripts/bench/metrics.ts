/**
 * What seeing inside the site costs (`npm run bench:metrics`): the built server's static page and
 * a cached API read, requests/s with nothing kept (METRICS=off, LOG_LEVEL=warn), with the metrics
 * (METRICS_TOKEN, LOG_LEVEL=warn) and with the metrics and the request log (LOG_LEVEL=info, JSON
 * lines into a file, as a journal takes them), in one run on one data folder. The
 * configurations take turns (ROUNDS rounds, default 3) so a machine growing busier mid-run weighs
 * on each; their medians are compared (budget: within 5%). ApacheBench (`ab -k -c 50`,
 * apache2-utils) as bench:serve.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { waitFor } from './builtSite'
import { ab } from './nginx'

const PAGE = process.env.PAGE ?? '/neighbourhood/shoreditch'
const API = process.env.API ?? '/api/neighbourhoods?limit=5'
const ROUNDS = Number(process.env.ROUNDS ?? 3)
const TOKEN = 'bench-metrics-token'

const CONFIGS = {
  off: { METRICS: 'off', LOG_LEVEL: 'warn' },
  metrics: { METRICS_TOKEN: TOKEN, LOG_LEVEL: 'warn' },
  'metrics + request log': { METRICS_TOKEN: TOKEN, LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
} as const
type Config = keyof typeof CONFIGS
const NAMES = Object.keys(CONFIGS) as Config[]

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'belong-bench-metrics-'))
// PostgreSQL runs as nobody when we are root: it must pass through the folder.
fs.chmodSync(dataDir, 0o755)
const port = 4600 + Math.floor(Math.random() * 600)
const base = `http://127.0.0.1:${port}`

const logFile = path.join(dataDir, 'server.log')

/**
 * Starts the site in one configuration, its output into a file: a pipe read by this process
 * would stall the server while `ab` (run synchronously) keeps this process from reading it.
 */
async function start(config: Config): Promise<{ child: ChildProcess; logged: () => number }> {
  const out = fs.openSync(logFile, 'w')
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ADMIN: 'false',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      RATE_LIMIT_EXEMPT: '127.0.0.1',
      ...CONFIGS[config],
    },
    stdio: ['ignore', out, out],
  })
  fs.closeSync(out)
  await waitFor(`${base}/healthz`, child, () => fs.readFileSync(logFile, 'utf8').slice(-4000))
  return { child, logged: () => fs.statSync(logFile).size }
}

async function stop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length / 2
  return sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

const results = {} as Record<Config, { page: number[]; api: number[] }>
for (const name of NAMES) results[name] = { page: [], api: [] }
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const config of NAMES) {
      const site = await start(config)
      try {
        // Warm both (files in memory, the read cache filled, connections), then measure.
        ab(`${base}${PAGE}`)
        ab(`${base}${API}`)
        const before = site.logged()
        results[config].page.push(ab(`${base}${PAGE}`))
        results[config].api.push(ab(`${base}${API}`))
        // The figures were kept (or not) as configured.
        const scrape = await fetch(`${base}/metrics`, {
          headers: { authorization: `Bearer ${TOKEN}` },
        })
        if (scrape.ok !== (config !== 'off'))
          throw new Error(`${config}: /metrics answered ${scrape.status}`)
        console.log(
          `round ${round + 1} ${config}: page ${results[config].page.at(-1)!.toFixed(0)}/s, ` +
            `api ${results[config].api.at(-1)!.toFixed(0)}/s, ` +
            `${((site.logged() - before) / 1024 / 1024).toFixed(1)} MB logged`,
        )
      } finally {
        await stop(site.child)
      }
    }
  }
  console.log(`\nab -k -c 50, requests/s (median of ${ROUNDS}), and the ratio to 'off':`)
  console.log(`| request | ${NAMES.join(' | ')} |`)
  console.log(`| --- | ${NAMES.map(() => '---').join(' | ')} |`)
  for (const [what, key] of [
    [`static ${PAGE}`, 'page'],
    [`API ${API}`, 'api'],
  ] as const) {
    const off = median(results.off[key])
    const cells = NAMES.map((name) => {
      const rate = median(results[name][key])
      return name === 'off' ? rate.toFixed(0) : `${rate.toFixed(0)} (${(rate / off).toFixed(3)})`
    })
    console.log(`| ${what} | ${cells.join(' | ')} |`)
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true })
}
