import autocannon, { type Request } from 'autocannon'

import { cpuBetween, cpuOfDescendants } from './processCpu'
import type { Call, Session, Visit } from './visits'

export type { Session } from './visits'

/**
 * One kind of visitor: the page views it makes in turn (each its HTML and the requests after
 * it) and its share of all page views. `session` gives a member's cookie for each new round
 * of visits.
 */
export interface Kind {
  name: string
  share: number
  visits: Visit[]
  session?: () => Session
  /** Connections at most (each is one visitor's browser loading pages one after another). */
  connections: number
}

export interface KindResult {
  name: string
  pageViews: number
  requests: number
  p50: number
  p99: number
  bad: number
  /** The statuses of the answers that were not 2xx, with their counts. */
  statuses: string
}

export interface Step {
  target: number
  seconds: number
  /** Page views per second answered, all kinds together. */
  achieved: number
  kinds: KindResult[]
  /** CPU seconds per second of everything the bench started (the site's side). */
  siteCores: number
  /** The same by role: app instances, PostgreSQL, nginx, realtime. */
  coresByRole: Map<string, number>
  /** CPU seconds per second of the bench's own process (the load generator). */
  loaderCores: number
}

const asRequest = (call: Call, kind: Kind): Request => {
  const request: Request = { method: call.method, path: call.path, headers: call.headers }
  if (call.body !== undefined) request.body = call.body
  // autocannon's own setupRequest stays unless this one is given (undefined would replace it).
  if ((call.withSession && kind.session) || call.fresh)
    request.setupRequest = (built, context) => {
      // One member for one round of visits, as one browser keeps its session.
      context.session ??= kind.session?.()
      const fresh = call.fresh?.() ?? {}
      const session = (fresh.session ?? context.session) as Session | undefined
      return {
        ...built,
        path: fresh.path ?? call.path,
        // The recorded private channel (the bell's) is the recording member's: each asks for its own.
        body: (fresh.body ?? call.body)?.replace(
          /private-user-\d+/g,
          `private-user-${session?.userId}`,
        ),
        headers: session ? { ...call.headers, cookie: session.cookie } : call.headers,
      }
    }
  return request
}

/** The kind's page views, one round: what each connection sends again and again. */
const roundOf = (kind: Kind) =>
  kind.visits.flatMap((visit) => visit.calls.map((c) => asRequest(c, kind)))

async function runKind(base: string, kind: Kind, pageViewsPerSecond: number, seconds: number) {
  const round = roundOf(kind)
  const callsPerView = round.length / kind.visits.length
  const rate = Math.max(1, Math.round(pageViewsPerSecond * kind.share * callsPerView))
  const result = await autocannon({
    url: base,
    requests: round,
    overallRate: rate,
    // autocannon's rate gives each connection its quota at the top of every second, sent one
    // after the other: as few connections as the rate needs at 50 ms a request keeps those
    // bursts small (a page view's wait is the site's, not the generator's).
    connections: Math.min(kind.connections, Math.ceil(rate * 0.05)),
    duration: seconds,
    timeout: 5,
    // Its correction assumes a request due every 1/rate ms of each connection (1 ms here) and
    // adds a made-up sample for each ms a slow answer took; a falling rate shows saturation.
    ignoreCoordinatedOmission: true,
  })
  return {
    name: kind.name,
    pageViews: result.requests.total / callsPerView,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
    statuses: Object.entries(result.statusCodeStats)
      .filter(([status]) => !status.startsWith('2'))
      .map(([status, { count }]) => `${count}× ${status}`)
      .concat(result.errors ? [`${result.errors} errors (${result.timeouts} timeouts)`] : [])
      .join(', '),
  }
}

/** Every kind at once, at its share of `pageViewsPerSecond`, for `seconds`. */
export async function runStep(
  base: string,
  kinds: Kind[],
  pageViewsPerSecond: number,
  seconds: number,
): Promise<Step> {
  const siteBefore = cpuOfDescendants()
  const loaderBefore = process.cpuUsage()
  const started = performance.now()
  const results = await Promise.all(kinds.map((k) => runKind(base, k, pageViewsPerSecond, seconds)))
  const elapsed = (performance.now() - started) / 1000
  const loader = process.cpuUsage(loaderBefore)
  const byRole = cpuBetween(siteBefore, cpuOfDescendants())
  const coresByRole = new Map([...byRole].map(([role, cpu]) => [role, cpu / elapsed]))
  return {
    target: pageViewsPerSecond,
    seconds: elapsed,
    achieved: results.reduce((n, r) => n + r.pageViews, 0) / seconds,
    kinds: results,
    siteCores: [...coresByRole.values()].reduce((sum, cores) => sum + cores, 0),
    coresByRole,
    loaderCores: (loader.user + loader.system) / 1e6 / elapsed,
  }
}
