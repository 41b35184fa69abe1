import type { Pool } from 'pg'
import client from 'prom-client'

import { env } from '@/server/config/env'
import { registry } from './metrics'
import { timePoolQueries } from './queryTimes'
import { timedQuery } from './timedQuery'

/**
 * Gauges read when Prometheus scrapes (collect callbacks, no timers): the queues in PostgreSQL
 * (static pages to rewrite, jobs, the mail outbox), the connection pool and the realtime hub.
 * The queue figures are the same on every instance (one database); alert on their max.
 */
export interface SiteFigureSources {
  /** Absent in the realtime role (src/realtime/standalone.ts), which has no database. */
  pool?: Pool
  /** The in-process realtime server's counts; undefined when a realtime service elsewhere serves. */
  realtime?: () => { connections: number; channels: number; messagesSent: number }
  /** Whether the in-process realtime server listens; undefined when the service is elsewhere. */
  realtimeUp: () => boolean | undefined
  /** Pages of the served build not written yet, where this instance writes them (backfill.ts). */
  pagesLeft?: () => number | undefined
}

let sources: SiteFigureSources | undefined

/** Called once the site's pool and realtime server exist (boot, or the realtime role). */
export function watchSite(site: SiteFigureSources) {
  sources = site
  if (site.pool && !env.metricsOff) timePoolQueries(site.pool)
}

/** One scrape reads the database once, however many gauges ask. */
const QUERY_TIMEOUT_MS = 2000
/** Mails older than this are no longer retried by the dispatch job (collections/Mails/dispatch.ts). */
const MAIL_RETRY_WINDOW = '2 days'

export interface QueueFigures {
  stalePages: number
  oldestStalePage: number
  jobs: { task: string; waiting: number; oldest: number; failed: number; retrying: number }[]
  unsentMails: number
  oldestUnsentMail: number
  abandonedMails: number
  /** Private messages sent on each of the last 7 days (UTC), oldest first: counts, no contents. */
  messagesPerDay: { day: string; count: number }[]
  /** Open reports of private messages (the moderation queue's). */
  openMessageReports: number
}

// One statement, one row: a job is due once its wait (a retry's back-off, a schedule) is over,
// and its age counts from then.
const FIGURES_SQL = `
SELECT
  (SELECT count(*) FROM site_stale_pages)::int AS "stalePages",
  (SELECT COALESCE(EXTRACT(EPOCH FROM now() - min(since)), 0) FROM site_stale_pages)::float8
    AS "oldestStalePage",
  (SELECT COALESCE(json_agg(t), '[]') FROM (
     SELECT COALESCE(task_slug::text, 'workflow') AS task,
            count(*) FILTER (WHERE due)::int AS waiting,
            COALESCE(EXTRACT(EPOCH FROM now() - min(due_at) FILTER (WHERE due)), 0)::float8 AS oldest,
            count(*) FILTER (WHERE has_error)::int AS failed,
            count(*) FILTER (WHERE due AND total_tried > 0)::int AS retrying
       FROM (SELECT task_slug, has_error, total_tried, GREATEST(created_at, wait_until) AS due_at,
                    completed_at IS NULL AND NOT has_error
                      AND (wait_until IS NULL OR wait_until <= now()) AS due
               FROM payload_jobs) j
      GROUP BY 1) t) AS jobs,
  (SELECT count(*) FROM mails WHERE sent_at IS NULL AND created_at > now() - $1::interval)::int
    AS "unsentMails",
  (SELECT COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0) FROM mails
    WHERE sent_at IS NULL AND created_at > now() - $1::interval)::float8 AS "oldestUnsentMail",
  (SELECT count(*) FROM mails WHERE sent_at IS NULL AND created_at <= now() - $1::interval)::int
    AS "abandonedMails",
  (SELECT COALESCE(json_agg(json_build_object('day', d.day::date::text, 'count', d.n) ORDER BY d.day), '[]')
     FROM (SELECT days.day, count(m.id)::int AS n
             FROM generate_series(date_trunc('day', now() AT TIME ZONE 'UTC') - interval '6 days',
                                  date_trunc('day', now() AT TIME ZONE 'UTC'), interval '1 day') days(day)
             LEFT JOIN messages m ON m.created_at >= days.day AT TIME ZONE 'UTC'
                                 AND m.created_at < (days.day + interval '1 day') AT TIME ZONE 'UTC'
            GROUP BY days.day) d) AS "messagesPerDay",
  (SELECT count(*) FROM reports WHERE target_kind = 'message' AND status = 'open')::int
    AS "openMessageReports"`

async function readQueues(pool: Pool): Promise<QueueFigures> {
  const [row] = await timedQuery<QueueFigures>(pool, QUERY_TIMEOUT_MS, FIGURES_SQL, [
    MAIL_RETRY_WINDOW,
  ])
  if (!row) throw new Error('figures query answered no row')
  return row
}

let reading: { at: number; figures: Promise<QueueFigures | undefined> } | undefined
/** The queue figures of this scrape (undefined: the database did not answer). */
function queues(): Promise<QueueFigures | undefined> {
  if (!sources?.pool) return Promise.resolve(undefined)
  if (reading && Date.now() - reading.at < 1000) return reading.figures
  const figures = readQueues(sources.pool).catch(() => undefined)
  reading = { at: Date.now(), figures }
  return figures
}

/** A gauge whose value(s) are set by `read` at each scrape. */
function scraped<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  read: (gauge: client.Gauge<L>) => void | Promise<void>,
) {
  return new client.Gauge<L>({
    name,
    help,
    labelNames,
    registers: [registry],
    async collect() {
      await read(this)
    },
  })
}

/** A gauge of one queue figure (left out of the scrape while the database does not answer). */
function queueGauge(name: string, help: string, pick: (f: QueueFigures) => number) {
  scraped(name, help, [], async (gauge) => {
    const figures = await queues()
    // NaN, not 0, while the database does not answer: no alert reads it as 'all sent'.
    gauge.set(figures ? pick(figures) : NaN)
  })
}

/**
 * Every task this process has seen in the queue: a task whose jobs are all done leaves the table
 * (done jobs are deleted), and its gauges then read 0 rather than vanishing between scrapes.
 */
const tasksSeen = new Set<string>()

/** A gauge with one value per job task. */
function jobGauge(name: string, help: string, pick: (job: QueueFigures['jobs'][number]) => number) {
  scraped(name, help, ['task'], async (gauge) => {
    const figures = await queues()
    gauge.reset()
    if (!figures) return
    for (const job of figures.jobs) tasksSeen.add(job.task)
    const byTask = new Map(figures.jobs.map((job) => [job.task, job]))
    for (const task of tasksSeen) {
      const job = byTask.get(task)
      gauge.labels(task).set(job ? pick(job) : 0)
    }
  })
}

scraped(
  'belong_database_up',
  'Whether the database answered this scrape (1) or not (0).',
  [],
  async (g) => g.set(sources?.pool ? ((await queues()) ? 1 : 0) : NaN),
)
queueGauge(
  'belong_site_stale_pages',
  'Static pages waiting to be rewritten after a change.',
  (f) => f.stalePages,
)
queueGauge(
  'belong_site_oldest_stale_page_seconds',
  'Age of the oldest static page waiting to be rewritten (0 when none waits).',
  (f) => f.oldestStalePage,
)
jobGauge('belong_jobs_waiting', 'Jobs due to run and not run yet, by task.', (j) => j.waiting)
jobGauge(
  'belong_jobs_oldest_waiting_seconds',
  'How long the oldest due job has waited, by task (0 when none waits).',
  (j) => j.oldest,
)
jobGauge(
  'belong_jobs_failed',
  'Jobs that failed for good (retries spent), by task.',
  (j) => j.failed,
)
jobGauge(
  'belong_jobs_retrying',
  'Due jobs that failed at least once and will be tried again.',
  (j) => j.retrying,
)
queueGauge(
  'belong_mail_outbox_unsent',
  'Outbox mails not sent yet (of the last two days).',
  (f) => f.unsentMails,
)
queueGauge(
  'belong_mail_outbox_oldest_unsent_seconds',
  'Age of the oldest outbox mail not sent yet (0 when none).',
  (f) => f.oldestUnsentMail,
)
queueGauge(
  'belong_mail_outbox_abandoned',
  'Outbox mails older than two days never sent: the dispatch job no longer retries them.',
  (f) => f.abandonedMails,
)

/**
 * What the pool holds and who waits for it. pg's pool queues every checkout, even one an idle
 * connection will take on the next tick, so its raw `waitingCount` counts a scrape's own query
 * on a quiet site; nobody really waits while a connection is idle.
 */
export function poolFigures(pool: Pool) {
  return {
    connections: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.idleCount > 0 ? 0 : pool.waitingCount,
  }
}

/** A gauge of something this process holds (the pool, the realtime hub). */
function heldGauge(name: string, help: string, read: (s: SiteFigureSources) => number | undefined) {
  scraped(name, help, [], (gauge) => {
    const value = sources && read(sources)
    gauge.set(value ?? NaN)
  })
}

heldGauge(
  'belong_db_pool_connections',
  'Connections the pool holds (busy and idle).',
  (s) => s.pool && poolFigures(s.pool).connections,
)
heldGauge(
  'belong_db_pool_idle_connections',
  'Pooled connections not in use.',
  (s) => s.pool && poolFigures(s.pool).idle,
)
heldGauge(
  'belong_db_pool_waiting_clients',
  'Queries waiting for a pooled connection (all are in use).',
  (s) => s.pool && poolFigures(s.pool).waiting,
)
heldGauge(
  'belong_site_build_pages_unwritten',
  'Pages of the served build not written as files yet (answered on demand meanwhile); only on the instance writing them.',
  (s) => s.pagesLeft?.(),
)
heldGauge(
  'belong_realtime_up',
  'Whether the realtime service is listening (1) or not (0).',
  (s) => {
    const up = s.realtimeUp()
    return up === undefined ? undefined : Number(up)
  },
)
heldGauge(
  'belong_realtime_connections',
  'Open WebSocket connections to the in-process realtime hub.',
  (s) => s.realtime?.().connections,
)
heldGauge(
  'belong_realtime_channels',
  'Channels with at least one subscriber on the in-process hub.',
  (s) => s.realtime?.().channels,
)

new client.Counter({
  name: 'belong_realtime_messages_sent_total',
  help: 'Messages the in-process realtime hub sent to subscribers.',
  registers: [registry],
  collect() {
    const sent = sources?.realtime?.().messagesSent
    this.reset()
    if (sent !== undefined) this.inc(sent)
  },
})

/** The same figures a scrape reads, for the admin's site health (siteHealth.ts). */
export async function liveFigures() {
  const held = sources
  return {
    queues: await queues(),
    pool: held?.pool && poolFigures(held.pool),
    realtimeUp: held?.realtimeUp(),
    realtime: held?.realtime?.(),
  }
}
