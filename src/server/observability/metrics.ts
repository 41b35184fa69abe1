import client from 'prom-client'

import {
  KeyedCounter,
  KeyedHistogram,
  type CounterSeries,
  type HistogramSeries,
} from './keyedMetrics'
import { logLinesDropped } from './logger'
import { RecentCounts } from './recent'
import type { RouteOf } from './routes'

/**
 * The process's Prometheus figures (served by metricsEndpoint.ts): requests by route template,
 * the read cache, pages written after a change, realtime pushes, and Node's own (RSS, heap,
 * event-loop delay, GC). Gauges read at scrape time are in figures.ts.
 */
export const registry = new client.Registry()
client.collectDefaultMetrics({ register: registry })
// Gauges named like counters (promtool refuses them); the same counts remain, by type, in
// nodejs_active_handles, nodejs_active_requests and nodejs_active_resources.
for (const name of ['handles', 'requests', 'resources'])
  registry.removeSingleMetric(`nodejs_active_${name}_total`)

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'OTHER']

const requests = new KeyedCounter({
  name: 'belong_http_requests_total',
  help: 'HTTP requests answered, by kind, route template, method, status code (499: the client left first) and class (2xx…5xx, or planned: a 503 answered on purpose).',
  labelNames: ['kind', 'route', 'method', 'code', 'class'] as const,
  registers: [registry],
})

const durations = new KeyedHistogram({
  name: 'belong_http_request_duration_seconds',
  help: 'Time from a request arriving to its answer ending, by kind, route template and method.',
  labelNames: ['kind', 'route', 'method'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
})

const readCache = new KeyedCounter({
  name: 'belong_api_read_cache_requests_total',
  help: 'API reads the read cache saw: hit (answered from memory), miss (kept for next time), bypass (not keepable).',
  labelNames: ['result'] as const,
  registers: [registry],
})

const pageDelay = new client.Histogram({
  name: 'belong_site_page_delay_seconds',
  help: 'From a write marking a static page stale to its file being rewritten (the write-to-page delay).',
  buckets: [0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 900],
  registers: [registry],
})

const pushes = new client.Counter({
  name: 'belong_realtime_pushes_total',
  help: 'Pushes this instance sent to the realtime service, by result.',
  labelNames: ['result'] as const,
  registers: [registry],
})

new client.Counter({
  name: 'belong_log_lines_dropped_total',
  help: 'Log lines dropped because the log was read slower than they came (a stuck pipe or journal); a line in the log says how many.',
  registers: [registry],
  collect() {
    this.reset()
    this.inc(logLinesDropped())
  },
})

/** The last 15 minutes on this instance, for the admin's site health (siteHealth.ts). */
export const recent = {
  requests: new RecentCounts<'answered' | 'failed' | 'planned'>(15),
  pages: new RecentCounts<'written'>(15),
  pushes: new RecentCounts<'sent' | 'failed'>(15),
}

const CLASSES = ['other', '1xx', '2xx', '3xx', '4xx', '5xx']

/** Where one kind of answer of one route is counted: its request counter and duration series. */
interface AnswerSeries {
  answered: CounterSeries
  took: HistogramSeries
}

/**
 * The series by route, method, status and planned or not. Routes are objects remembered per path
 * (routes.ts), so a request finds its series by two lookups, without building a key string.
 */
const seriesByRoute = new WeakMap<RouteOf, Map<number, AnswerSeries>>()

function answerSeries(routeOf: RouteOf, method: string, status: number, planned: boolean) {
  let byAnswer = seriesByRoute.get(routeOf)
  if (!byAnswer) seriesByRoute.set(routeOf, (byAnswer = new Map()))
  const index = METHODS.indexOf(method)
  const m = index === -1 ? METHODS.length - 1 : index
  // Statuses are three digits (Node refuses others): one number per method, status and planned.
  const key = (m * 1000 + status) * 2 + (planned ? 1 : 0)
  const found = byAnswer.get(key)
  if (found) return found
  const { kind, route } = routeOf
  const methodLabel = METHODS[m]!
  const statusClass = planned ? 'planned' : (CLASSES[Math.floor(status / 100)] ?? 'other')
  const series = `${kind} ${route} ${methodLabel}`
  const made: AnswerSeries = {
    answered: requests.seriesFor(`${series} ${status} ${statusClass}`, () => ({
      kind,
      route,
      method: methodLabel,
      code: String(status),
      class: statusClass,
    })),
    took: durations.seriesFor(series, () => ({ kind, route, method: methodLabel })),
  }
  byAnswer.set(key, made)
  return made
}

/**
 * One answered request (called when its answer ended, or the client left). `planned`: a 503
 * answered on purpose (requestLog.ts), in its own class so that failures alone count as errors.
 */
export function countRequest(
  routeOf: RouteOf,
  method: string,
  status: number,
  seconds: number,
  cache?: string,
  planned = false,
) {
  const { answered, took } = answerSeries(routeOf, method, status, planned)
  answered.value++
  durations.observeIn(took, seconds)
  if (cache === 'hit' || cache === 'miss' || cache === 'bypass')
    readCache.add(cache, () => ({ result: cache }))
  // Probes and scrapes are not what members see.
  if (routeOf.kind !== 'internal')
    recent.requests.add(planned ? 'planned' : status >= 500 ? 'failed' : 'answered')
}

/** Static pages rewritten, each this many seconds after its write (src/server/site/siteRegen.ts). */
export function countPagesWritten(delaysSeconds: number[]) {
  for (const seconds of delaysSeconds) {
    pageDelay.observe(seconds)
    recent.pages.add('written', 1, seconds)
  }
}

export function countPush(result: 'sent' | 'failed', events = 1) {
  pushes.labels(result).inc(events)
  recent.pushes.add(result, events)
}
