/**
 * What seeing inside the site costs (`npm run bench:metrics`): the built server's static page and
 * a cached API read, requests/s with its figures and request log on (METRICS_TOKEN, LOG_LEVEL=info,
 * JSON lines into a pipe) against off (METRICS=off, LOG_LEVEL=warn), in one run on one data
 * folder. The configurations alternate (on, off, on, off…: ROUNDS pairs, default 2) so a machine
 * growing busier mid-run weighs on both; the medians are compared (budget: within 5%).
 * ApacheBench (`ab -k -c 50`, apache2-utils) as bench:serve.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { waitFor } from './builtSite'
import { ab } from './nginx'

const PAGE = process.env.PAGE ?? '/neighbourhood/shoreditch'
const API = process.env.API ?? '/api/neighbourhoods?limit=5'
const ROUNDS = Number(process.env.ROUNDS ?? 2)

const CONFIGS = {
  on: { METRICS_TOKEN: 'bench-metrics-token', LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
  off: { METRICS: 'off', LOG_LEVEL: 'warn' },
} as const
type Config = keyof typeof CONFIGS

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'belong-bench-metrics-'))
// PostgreSQL runs as nobody when we are root: it must pass through the folder.
fs.chmodSync(dataDir, 0o755)
const port = 4600 + Math.floor(Math.random() * 600)
const base = `http://127.0.0.1:${port}`

/** Starts the site in one configuration; its output is read and dropped, as a collector would. */
async function start(config: Config): Promise<{ child: ChildProcess; logged: () => number }> {
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
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let bytes = 0
  let tail = ''
  const read = (chunk: Buffer) => {
    bytes += chunk.length
    tail = (tail + chunk.toString()).slice(-4000)
  }
  child.stdout!.on('data', read)
  child.stderr!.on('data', read)
  await waitFor(`${base}/healthz`, child, () => tail)
  return { child, logged: () => bytes }
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

const results: Record<Config, { page: number[]; api: number[] }> = {
  on: { page: [], api: [] },
  off: { page: [], api: [] },
}
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const config of ['on', 'off'] as const) {
      const site = await start(config)
      try {
        // Warm both (files in memory, the read cache filled, connections), then measure.
        ab(`${base}${PAGE}`)
        ab(`${base}${API}`)
        const before = site.logged()
        results[config].page.push(ab(`${base}${PAGE}`))
        results[config].api.push(ab(`${base}${API}`))
        if (config === 'on') {
          const scrape = await fetch(`${base}/metrics`, {
            headers: { authorization: `Bearer ${CONFIGS.on.METRICS_TOKEN}` },
          })
          if (!scrape.ok) throw new Error(`the 'on' site did not answer /metrics: ${scrape.status}`)
        }
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
  console.log(`\nMetrics and request log on vs off, ab -k -c 50, requests/s (median of ${ROUNDS}):`)
  console.log('| request | on | off | on ÷ off |')
  console.log('| --- | --- | --- | --- |')
  for (const [what, key] of [
    [`static ${PAGE}`, 'page'],
    [`API ${API}`, 'api'],
  ] as const) {
    const on = median(results.on[key])
    const off = median(results.off[key])
    console.log(`| ${what} | ${on.toFixed(0)} | ${off.toFixed(0)} | ${(on / off).toFixed(3)} |`)
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true })
}
