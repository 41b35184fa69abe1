/**
 * Where a static page's time goes (`npm run bench:overhead-profile`): the built server with
 * nothing kept (METRICS=off, LOG_LEVEL=warn) and with the figures and the request log
 * (METRICS_TOKEN, LOG_LEVEL=info, JSON lines), each under V8's CPU profiler, sent the same
 * REQUESTS (default 60,000) of `ab -k -c 50` for PAGE after a warm-up. Prints each one's self
 * time by function and by file over the measured requests alone (not the start or the stop), in
 * µs per request, and keeps the .cpuprofile files in PROFILE_DIR (default .tmp/profiles) for
 * Chrome's DevTools. One run, under the profiler's own cost: it says what costs what, the
 * rates are bench:serve's and bench:metrics'.
 */
import fs from 'node:fs'
import path from 'node:path'

import { printSelfTimes } from './cpuProfileSummary'
import { ab, prepareBenchSite, startSite, stopSite, TARGETS, TOKEN } from './metricsSites'
import { loadAverage } from './builtSite'

const REQUESTS = Number(process.env.REQUESTS ?? 60_000)
const ROWS = Number(process.env.ROWS ?? 30)
const PROFILE_DIR = path.resolve(process.env.PROFILE_DIR ?? '.tmp/profiles')
const CONFIGS: Record<string, Record<string, string>> = {
  off: { METRICS: 'off', LOG_LEVEL: 'warn' },
  'metrics + log': { METRICS_TOKEN: TOKEN, LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
}
const nowUs = () => Number(process.hrtime.bigint() / 1000n)

const { root, siteEnv, remove } = await prepareBenchSite()
try {
  for (const [i, [name, config]] of Object.entries(CONFIGS).entries()) {
    const dir = path.join(PROFILE_DIR, name.replace(/\W+/g, '-'))
    fs.rmSync(dir, { recursive: true, force: true })
    const site = await startSite(
      { ...siteEnv(), ...config },
      path.join(root, `server-${i}.log`),
      '0',
      ['--cpu-prof', `--cpu-prof-dir=${dir}`],
    )
    const url = `${site.base}${TARGETS.static}`
    ab(url, 5000)
    const from = nowUs()
    const rate = ab(url, REQUESTS)
    const to = nowUs()
    await stopSite(site.child)
    const [file] = fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))
    if (!file) throw new Error(`${name}: no profile written in ${dir}`)
    console.log(
      `\n## ${name}: ${rate.toFixed(0)} requests/s under the profiler, load ${loadAverage()}`,
    )
    printSelfTimes(path.join(dir, file), ROWS, REQUESTS, { from, to })
  }
} finally {
  await remove()
}
