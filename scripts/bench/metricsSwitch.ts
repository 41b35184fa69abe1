/**
 * What counting requests costs, one process against itself (`npm run bench:metrics-switch`).
 * bench:metrics compares processes, and two identical ones differ by up to 11% in CPU per request
 * for their whole life here, more than the 5% to be shown. Here each server runs with the metrics
 * (METRICS_TOKEN, LOG_LEVEL=warn, METRICS_BENCH_SWITCH=1) and the bench switches its counting off
 * and on with SIGUSR2 between short turns of `ab -k -c 50` (SLICE s, order alternating from round
 * to round): each round's ratio compares a process with itself a moment apart. COPIES processes
 * (default 3), MEASURE_S seconds (default 120); median ratio with a bootstrap 95% interval over
 * rounds and processes, and CPU per request from /proc. At the end each server's /metrics must
 * have counted exactly the requests sent while it counted: the switch did what it says.
 *
 * WITH_LOG=1 runs the servers with the request log too (LOG_LEVEL=info, JSON lines into a file),
 * which SIGUSR2 switches with the counting: "on" keeps everything the site keeps, "off" nothing,
 * held to 10% (the figures alone to 5%). Each server's log must then hold exactly one line for
 * every request sent while it kept them, and none for the others.
 */
import fs from 'node:fs'
import path from 'node:path'

import { loadAverage } from './builtSite'
import {
  ab,
  answerOf,
  cpuSeconds,
  prepareBenchSite,
  startSite,
  stopSite,
  type Site,
  COPIES,
  KINDS,
  SLICE,
  TARGETS,
  TOKEN,
  turnRequests,
  type Target,
} from './metricsSites'
import { bootstrap, meanOver, median, shown, within, type Choose } from '@tests/support/pairedStats'

const MEASURE_S = Number(process.env.MEASURE_S ?? 120)
const WITH_LOG = process.env.WITH_LOG === '1'
/** How much slower keeping may be: the figures alone 5%, with the request log 10%. */
const BOUND = WITH_LOG ? 0.1 : 0.05
const KEPT = WITH_LOG ? { LOG_LEVEL: 'info', LOG_FORMAT: 'json' } : { LOG_LEVEL: 'warn' }

interface Turn {
  rate: number
  cpu: number
}
/** A round: per target, per process, the turn counting (on) and not (off). */
type Round = Record<Target, { on: Turn; off: Turn }[]>

interface Server {
  site: Site
  counting: boolean
  /** Requests sent while it counted, by target. */
  counted: Record<Target, number>
}

const started = Date.now()
const { root, siteEnv, remove } = await prepareBenchSite()
const servers: Server[] = []

/** Switches a server's counting (the signal is handled before ab's first request arrives). */
async function countingOn(server: Server, on: boolean) {
  if (server.counting === on) return
  server.site.child.kill('SIGUSR2')
  server.counting = on
  await new Promise((resolve) => setTimeout(resolve, 20))
}

async function turn(server: Server, target: Target, on: boolean, requests: number) {
  await countingOn(server, on)
  const before = cpuSeconds(server.site.child.pid!)
  const rate = ab(`${server.site.base}${TARGETS[target]}`, requests)
  if (on) server.counted[target] += requests
  return { rate, cpu: cpuSeconds(server.site.child.pid!) - before }
}

/** Requests of a kind of page that a server's /metrics counted (`kind` label). */
async function countedOf(server: Server, kind: string) {
  const { text } = await answerOf(`${server.site.base}/metrics`, {
    authorization: `Bearer ${TOKEN}`,
  })
  let sum = 0
  for (const line of text.split('\n'))
    if (line.startsWith('belong_http_requests_total{') && line.includes(`kind="${kind}"`))
      sum += Number(line.slice(line.lastIndexOf(' ') + 1))
  return sum
}

try {
  for (let i = 0; i < COPIES; i++) {
    const env = { ...siteEnv(), METRICS_TOKEN: TOKEN, ...KEPT, METRICS_BENCH_SWITCH: '1' }
    const site = await startSite(env, path.join(root, `server-${i}.log`))
    servers.push({ site, counting: true, counted: { static: 0, api: 0 } })
  }
  console.log(`build and start: ${((Date.now() - started) / 1000).toFixed(0)} s`)
  // Warm both ways (files in memory, the read cache filled, the JIT); request counts per turn
  // from the first server's warm rate.
  const requests = {} as Record<Target, number>
  for (const target of KINDS)
    for (const server of servers)
      for (const on of [true, false]) {
        const { rate } = await turn(server, target, on, 5000)
        requests[target] ??= turnRequests(rate)
      }

  console.log(`load average before: ${loadAverage()}`)
  const rounds: Round[] = []
  const measuring = Date.now()
  while (Date.now() - measuring < MEASURE_S * 1000) {
    const round = { static: [], api: [] } as Round
    for (const target of KINDS)
      for (const [p, server] of servers.entries()) {
        // Which goes first alternates by round and process (neither gets the warmer moment).
        const first = (rounds.length + p) % 2 === 0
        const a = await turn(server, target, first, requests[target])
        const b = await turn(server, target, !first, requests[target])
        round[target][p] = first ? { on: a, off: b } : { on: b, off: a }
      }
    rounds.push(round)
    if (rounds.length % 20 === 0) console.log(`${rounds.length} rounds, load ${loadAverage()}`)
  }
  const seconds = (Date.now() - measuring) / 1000
  console.log(`load average after: ${loadAverage()}`)

  // Each server counted exactly what was sent while it counted (and nothing while it did not).
  for (const [p, server] of servers.entries())
    for (const target of KINDS) {
      const counted = await countedOf(server, target)
      if (counted !== server.counted[target])
        throw new Error(
          `server ${p + 1}: /metrics counted ${counted} ${target} requests, ${server.counted[target]} sent while counting`,
        )
    }

  console.log(`
${rounds.length} rounds in ${seconds.toFixed(0)} s, ${COPIES} processes; each round every process one
turn counting and one not (ab -k -c 50, static ${requests.static} requests, api ${requests.api}; about
${SLICE} s each), in alternating order. Ratios counting/not within each process and round: median
[bootstrap 95% interval, rounds and processes resampled]. /metrics counted exactly the requests
sent while counting, on every server.`)
  for (const target of KINDS) {
    const rates = bootstrap(rounds, (s, choose: Choose) => {
      const pick = choose(COPIES)
      return median(
        s.map((r) =>
          meanOver(
            r[target].map((t) => t.on.rate / t.off.rate),
            pick,
          ),
        ),
      )
    })
    const cpus = bootstrap(rounds, (s, choose: Choose) => {
      const pick = choose(COPIES)
      let on = 0
      let off = 0
      for (const r of s) {
        on += meanOver(
          r[target].map((t) => t.on.cpu),
          pick,
        )
        off += meanOver(
          r[target].map((t) => t.off.cpu),
          pick,
        )
      }
      return on / off
    })
    const perRequest = (side: 'on' | 'off') => {
      const used = rounds.reduce(
        (sum, r) => sum + r[target].reduce((n, t) => n + t[side].cpu, 0),
        0,
      )
      return ((used / (rounds.length * COPIES * requests[target])) * 1e6).toFixed(1)
    }
    console.log(`
${target} ${TARGETS[target]}: CPU per request ${perRequest('on')} µs counting, ${perRequest('off')} µs not
  ${WITH_LOG ? 'figures + request log' : 'counting'}/not: requests/s ${shown(rates)} ${within(rates, 'below', BOUND)}; CPU/request ${shown(cpus)} ${within(cpus, 'above', BOUND)}`)
  }
  console.log(`\ntotal ${((Date.now() - started) / 1000).toFixed(0)} s, load ${loadAverage()}`)
} finally {
  for (const server of servers) await stopSite(server.site.child)
  // The log holds a line for every request sent while lines were kept, and only for those (the
  // last ones too: the log is buffered and written out when the server stops).
  if (WITH_LOG)
    for (const [p, server] of servers.entries()) {
      const lines = fs
        .readFileSync(server.site.logFile, 'utf8')
        .split('\n')
        .filter((line) => line.includes('"msg":"request"'))
      for (const target of KINDS) {
        const logged = lines.filter((line) => line.includes(`"kind":"${target}"`)).length
        console.log(
          `server ${p + 1}: ${logged} ${target} request lines, ${server.counted[target]} sent while keeping`,
        )
        if (logged !== server.counted[target]) process.exitCode = 1
      }
    }
  await remove()
}
