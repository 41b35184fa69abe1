/**
 * What seeing inside the site costs (`npm run bench:metrics`): requests/s and the server's CPU
 * per request of the built server's static page and a cached API read, with nothing kept
 * (METRICS=off, LOG_LEVEL=warn) and with the metrics (METRICS_TOKEN, LOG_LEVEL=warn); a second
 * server with nothing kept ("off, again") measures how far two identical servers differ, the
 * floor under the ratio. WITH_LOG=1 adds a server with the request log too (LOG_LEVEL=info, JSON
 * lines into a file) and checks that its log holds a line for every request sent.
 *
 * Two identical servers differed by ±15–40% from one 20,000-request measurement to the next here,
 * so one long measurement a configuration cannot resolve 5%. Instead the servers run side by side
 * on one database and are measured in many short turns: each round gives every server SLICE
 * seconds of `ab -k -c 50` (about; the request count is set from the warm-up's rate), in an order
 * that rotates from round to round, for MEASURE_S seconds in all (default 150). And two processes
 * of one configuration differ too, for their whole life (up to 11% in CPU per request in a run
 * here, the same in every round): each configuration runs as COPIES processes (default 3). Ratios
 * are taken within each round (same moment, same load) between the configurations' means over
 * their processes, and the report gives their median with a bootstrap 95% interval resampling
 * processes and rounds, and the CPU per request from /proc (each thread's schedstat). The verdict
 * says whether the interval shows "within 5%", shows more, or cannot tell.
 */
import fs from 'node:fs'
import path from 'node:path'

import {
  ab,
  cpuSeconds,
  prepareBenchSite,
  startSite,
  statusOf,
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
import { loadAverage } from './builtSite'
import { bootstrap, meanOver, median, shown, within, type Choose } from '@tests/support/pairedStats'

const MEASURE_S = Number(process.env.MEASURE_S ?? 150)
const MAX_ROUNDS = Number(process.env.ROUNDS ?? 1000)

const OFF = { METRICS: 'off', LOG_LEVEL: 'warn' }
const CONFIGS: Record<string, Record<string, string>> = {
  off: OFF,
  metrics: { METRICS_TOKEN: TOKEN, LOG_LEVEL: 'warn' },
  // The same as off: how far two identical servers differ here, the floor under any ratio.
  'off, again': OFF,
  ...(process.env.WITH_LOG === '1'
    ? { 'metrics + log': { METRICS_TOKEN: TOKEN, LOG_LEVEL: 'info', LOG_FORMAT: 'json' } }
    : {}),
}
const NAMES = Object.keys(CONFIGS)

const PAIRS = [
  ['metrics on/off', 'metrics', 'off'],
  ['off again/off (noise floor)', 'off, again', 'off'],
  ...(NAMES.includes('metrics + log')
    ? [
        ['request log on/off', 'metrics + log', 'metrics'] as const,
        ['metrics + log/off (all the site keeps)', 'metrics + log', 'off'] as const,
      ]
    : []),
] as const

const started = Date.now()
const { root, siteEnv, remove } = await prepareBenchSite()

/** One server's turn in a round: requests/s and CPU seconds used. */
interface Turn {
  rate: number
  cpu: number
}
/** Each configuration's turns in a round, one per process. */
type Round = Record<Target, Record<string, Turn[]>>

/** The processes: a configuration's name and its copy's number. */
const SERVERS = NAMES.flatMap((name) =>
  Array.from({ length: COPIES }, (_, copy) => ({ name, copy })),
)
const sites = new Map<string, Site>()
const keyOf = (name: string, copy: number) => `${name} #${copy + 1}`
const sent = new Map<string, number>(NAMES.map((name) => [name, 0]))

/** What each server is doing when ab gave up on one (it waits 30 s for an answer). */
async function diagnose() {
  for (const [name, site] of sites) {
    const pid = site.child.pid!
    const before = cpuSeconds(pid)
    const health = await statusOf(`${site.base}/healthz`).then(String, (e: Error) => e.message)
    console.error(
      `${name} (pid ${pid}): /healthz ${health}; CPU ${((cpuSeconds(pid) - before) * 1000).toFixed(0)} ms meanwhile; ` +
        `log tail:\n${fs.readFileSync(site.logFile, 'utf8').slice(-1500)}`,
    )
  }
}

function turn(name: string, copy: number, target: Target, requests: number): Turn {
  const site = sites.get(keyOf(name, copy))!
  sent.set(name, sent.get(name)! + requests)
  const before = cpuSeconds(site.child.pid!)
  const rate = ab(`${site.base}${TARGETS[target]}`, requests)
  return { rate, cpu: cpuSeconds(site.child.pid!) - before }
}

/** Round `r`'s order: rotated by r, reversed every other cycle (each server first as often). */
const orderOf = (r: number) => {
  const rotated = SERVERS.map((_, i) => SERVERS[(i + r) % SERVERS.length]!)
  return Math.floor(r / SERVERS.length) % 2 ? rotated.reverse() : rotated
}

/** A configuration's mean over its processes (`choose` resamples them). */
const meanOf = (turns: Turn[], pick: number[], of: (turn: Turn) => number) =>
  meanOver(turns.map(of), pick)

try {
  // The servers side by side, on the seeded database and its build.
  for (const [i, { name, copy }] of SERVERS.entries())
    sites.set(
      keyOf(name, copy),
      await startSite({ ...siteEnv(), ...CONFIGS[name] }, path.join(root, `server-${i}.log`)),
    )
  console.log(`build and start: ${((Date.now() - started) / 1000).toFixed(0)} s`)

  // Warm each (files in memory, the read cache filled, the JIT), unmeasured; the slices' request
  // counts from the first server's warm rate.
  const requests = {} as Record<Target, number>
  for (const target of KINDS)
    for (const { name, copy } of SERVERS) {
      const { rate } = turn(name, copy, target, 5000)
      requests[target] ??= turnRequests(rate)
    }

  console.log(`load average before: ${loadAverage()}`)
  const rounds: Round[] = []
  const measuring = Date.now()
  try {
    while (rounds.length < MAX_ROUNDS && Date.now() - measuring < MEASURE_S * 1000) {
      const round = { static: {}, api: {} } as Round
      for (const target of KINDS)
        for (const { name, copy } of orderOf(rounds.length))
          (round[target][name] ??= [])[copy] = turn(name, copy, target, requests[target])
      rounds.push(round)
      if (rounds.length % 20 === 0) console.log(`${rounds.length} rounds, load ${loadAverage()}`)
    }
  } catch (error) {
    console.error(String(error))
    await diagnose()
    throw error
  }
  const seconds = (Date.now() - measuring) / 1000
  console.log(`load average after: ${loadAverage()}`)

  // The figures were kept (or not) as configured.
  for (const { name, copy } of SERVERS) {
    const status = await statusOf(`${sites.get(keyOf(name, copy))!.base}/metrics`, {
      authorization: `Bearer ${TOKEN}`,
    })
    if ((status === 200) !== !name.startsWith('off'))
      throw new Error(`${name}: /metrics answered ${status}`)
  }

  console.log(`
${rounds.length} rounds in ${seconds.toFixed(0)} s, ${COPIES} processes a configuration; each round every
process one turn of ab -k -c 50 (static ${requests.static} requests, api ${requests.api}; about ${SLICE} s
each), in rotating order. Ratios within each round between the configurations' means over their
processes: median [bootstrap 95% interval, processes and rounds resampled]. CPU per request: all
the server's threads (schedstat), summed over the rounds.`)
  for (const target of KINDS) {
    const rate = (t: Turn) => t.rate
    const cpu = (t: Turn) => t.cpu
    const ratesOf = (a: string, b: string) =>
      bootstrap(rounds, (s, choose: Choose) => {
        const [pickA, pickB] = [choose(COPIES), choose(COPIES)]
        return median(
          s.map((r) => meanOf(r[target][a]!, pickA, rate) / meanOf(r[target][b]!, pickB, rate)),
        )
      })
    const cpuOf = (a: string, b: string) =>
      bootstrap(rounds, (s, choose: Choose) => {
        const [pickA, pickB] = [choose(COPIES), choose(COPIES)]
        let sumA = 0
        let sumB = 0
        for (const r of s) {
          sumA += meanOf(r[target][a]!, pickA, cpu)
          sumB += meanOf(r[target][b]!, pickB, cpu)
        }
        return sumA / sumB
      })
    // Each process apart: how far two of one configuration differ shows here.
    const perRequest = SERVERS.map(({ name, copy }) => {
      const used = rounds.reduce((sum, r) => sum + r[target][name]![copy]!.cpu, 0)
      const perSecond = median(rounds.map((r) => r[target][name]![copy]!.rate))
      return `${keyOf(name, copy)} ${perSecond.toFixed(0)}/s, ${((used / (rounds.length * requests[target])) * 1e6).toFixed(1)} µs`
    })
    console.log(`
${target} ${TARGETS[target]}: ${perRequest.join('; ')}`)
    for (const [label, a, b] of PAIRS) {
      const rates = ratesOf(a, b)
      const cpus = cpuOf(a, b)
      // The figures alone are held to 5%; the figures and the request log together to 10%.
      const bound = label.startsWith('metrics on') ? 0.05 : label.startsWith('metrics +') ? 0.1 : 0
      console.log(
        `  ${label}: requests/s ${shown(rates)} ${bound ? within(rates, 'below', bound) : ''}; ` +
          `CPU/request ${shown(cpus)} ${bound ? within(cpus, 'above', bound) : ''}`,
      )
    }
  }
  console.log(`\ntotal ${((Date.now() - started) / 1000).toFixed(0)} s, load ${loadAverage()}`)
} finally {
  for (const site of sites.values()) await stopSite(site.child)
  // Every request ab sent to the logging server has its line, the last ones too (the log is
  // buffered and written out when the server stops).
  const logging = SERVERS.filter(({ name }) => name === 'metrics + log')
    .map(({ name, copy }) => sites.get(keyOf(name, copy)))
    .filter((site) => site !== undefined)
  if (logging.length) {
    const lines = logging
      .flatMap((site) => fs.readFileSync(site.logFile, 'utf8').split('\n'))
      .filter((line) => line.includes('"msg":"request"')).length
    const expected = sent.get('metrics + log')!
    console.log(`request log: ${lines} request lines for ${expected} requests sent by ab`)
    if (lines < expected) process.exitCode = 1
  }
  await remove()
}
