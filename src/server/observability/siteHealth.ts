import { env } from '@/server/config/env'
import { liveFigures, type QueueFigures } from './figures'
import { recent } from './metrics'
import { offerSiteHealth, type HealthLine, type HealthReport } from './siteHealthReport'

/**
 * The site's promises at a glance for an admin without Prometheus (cms/components/SiteHealth*):
 * the same figures as /metrics, each line OK or 'needs attention' by the thresholds of the alert
 * rules (ops/prometheus/alerts.yml). Rates are this instance's last 15 minutes; queues are the
 * shared database's.
 */
const MINUTES = 15
/** A write reaches its static page within this (BelongPagesLate). */
const PAGE_LATE_S = 10
/** A mail or job older than this is stuck (BelongMailStuck, BelongJobStuck). */
const QUEUE_LATE_S = 600
/** A larger share of 5xx answers is an incident (BelongHighErrorRate). */
const ERROR_SHARE = 0.01
/**
 * An instance's memory budget and BelongMemoryNearLimit's 90% of it: npm start caps V8's heap
 * (bench:soak peaks at about 400 MB; full static and API caches add up to about 110 MB).
 */
const MEMORY_LIMIT_BYTES = 512 * 1024 * 1024
const MEMORY_NEAR = 0.9

const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`

export function duration(seconds: number): string {
  if (seconds < 10) return `${Math.round(seconds * 10) / 10} s`
  if (seconds < 120) return `${Math.round(seconds)} s`
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`
  if (seconds < 172_800) return `${Math.round(seconds / 3600)} h`
  return `${Math.round(seconds / 86_400)} days`
}

const noDatabase = (title: string, hint: string): HealthLine => ({
  title,
  state: 'unknown',
  summary: 'Cannot tell: the database did not answer.',
  hint,
})

function pagesLine(queues: QueueFigures | undefined): HealthLine {
  const title = 'Pages after a write'
  const hint = `A new post reaches its page within ${PAGE_LATE_S} s.`
  if (!queues) return noDatabase(title, hint)
  const { counts, max } = recent.pages.read()
  const written = counts.written ?? 0
  const late = queues.oldestStalePage > PAGE_LATE_S || max > PAGE_LATE_S
  const waiting = queues.stalePages
    ? `${count(queues.stalePages, 'page')} waiting, the oldest for ${duration(queues.oldestStalePage)}.`
    : 'No page is waiting.'
  const done = written
    ? ` ${count(written, 'page')} rewritten here in the last ${MINUTES} minutes, the slowest ${duration(max)} after its write.`
    : ''
  return {
    title,
    state: late ? 'attention' : 'ok',
    summary: waiting + done,
    hint: late
      ? `${hint} Look for 'could not regenerate' in the server log; a big import clears on its own.`
      : hint,
  }
}

function mailLine(queues: QueueFigures | undefined): HealthLine {
  const title = 'Mail to members'
  const hint = 'Every mail due is sent within 10 minutes.'
  if (!queues) return noDatabase(title, hint)
  const stuck = queues.oldestUnsentMail > QUEUE_LATE_S
  const abandoned = queues.abandonedMails
  const summary = queues.unsentMails
    ? `${count(queues.unsentMails, 'mail')} waiting to be sent, the oldest for ${duration(queues.oldestUnsentMail)}.`
    : 'Every mail is sent.'
  return {
    title,
    state: stuck || abandoned ? 'attention' : 'ok',
    summary: abandoned
      ? `${summary} ${count(abandoned, 'mail')} older than two days will not be tried again.`
      : summary,
    hint: stuck
      ? `${hint} Check that the mail server (SMTP_URL) answers and read the failing send job's error.`
      : hint,
    link: { href: '/admin/collections/payload-jobs', label: 'Jobs' },
  }
}

function messagesLine(queues: QueueFigures | undefined): HealthLine {
  const title = 'Private messages'
  const hint =
    'Counts only: staff never read messages, except one a member reports (in the moderation queue).'
  if (!queues) return noDatabase(title, hint)
  const days = queues.messagesPerDay
  const today = days.at(-1)?.count ?? 0
  const week = days.reduce((sum, d) => sum + d.count, 0)
  const reports = queues.openMessageReports
  return {
    title,
    state: 'ok',
    summary:
      `${count(today, 'message')} sent today, ${count(week, 'message')} in the last 7 days ` +
      `(${days.map((d) => d.count.toLocaleString('en-GB')).join(', ')}). ` +
      (reports
        ? `${count(reports, 'reported message')} waiting for an editor.`
        : 'No report waiting.'),
    hint,
    link: { href: '/admin/collections/reports', label: 'Reports' },
  }
}

function jobsLine(queues: QueueFigures | undefined): HealthLine {
  const title = 'Background jobs'
  const hint = `Every job runs within ${QUEUE_LATE_S / 60} minutes of being due; none fails for good.`
  if (!queues) return noDatabase(title, hint)
  const waiting = queues.jobs.filter((job) => job.waiting > 0)
  const failed = queues.jobs.filter((job) => job.failed > 0)
  const stuck = queues.jobs.some((job) => job.oldest > QUEUE_LATE_S)
  const parts = [
    waiting.length
      ? `Waiting: ${waiting.map((j) => `${j.task} ${j.waiting} (oldest ${duration(j.oldest)})`).join(', ')}.`
      : 'Nothing waiting.',
    ...(failed.length
      ? [`Failed for good: ${failed.map((j) => `${j.task} ${j.failed}`).join(', ')}.`]
      : []),
  ]
  return {
    title,
    state: stuck || failed.length ? 'attention' : 'ok',
    summary: parts.join(' '),
    hint: failed.length
      ? 'Read the error of each failed job in Jobs, fix its cause, then delete the job.'
      : hint,
    link: { href: '/admin/collections/payload-jobs', label: 'Jobs' },
  }
}

function errorsLine(): HealthLine {
  if (env.metricsOff)
    return {
      title: 'Errors',
      state: 'unknown',
      summary: 'Not counted: this instance runs with METRICS=off.',
      hint: 'Fewer than 1 in 100 answers is a server error.',
    }
  const { counts } = recent.requests.read()
  const failed = counts.failed ?? 0
  const all = failed + (counts.answered ?? 0)
  const share = all ? failed / all : 0
  const percent = `${Math.round(share * 1000) / 10}%`
  // 503s answered on purpose (the admin being prepared) are not failures, but are said.
  const planned = counts.planned
    ? ` Besides, ${count(counts.planned, 'planned 503')} (the admin being prepared), not counted as errors.`
    : ''
  return {
    title: 'Errors',
    state: share > ERROR_SHARE ? 'attention' : 'ok',
    summary: `${count(failed, 'request')} of ${all.toLocaleString('en-GB')} failed (${percent}) here in the last ${MINUTES} minutes.${planned}`,
    hint:
      share > ERROR_SHARE
        ? "Over 1% of answers were server errors: the server log's failed requests carry the cause."
        : 'Fewer than 1 in 100 answers is a server error.',
  }
}

function databaseLine(
  queues: QueueFigures | undefined,
  pool: { connections: number; idle: number; waiting: number } | undefined,
): HealthLine {
  const poolWords = pool
    ? ` ${count(pool.connections, 'connection')} open, ${pool.idle} idle, ${count(pool.waiting, 'query', 'queries')} waiting for one.`
    : ''
  const up = queues !== undefined
  return {
    title: 'Database',
    state: !up ? 'attention' : pool?.waiting ? 'attention' : 'ok',
    summary: (up ? 'Answering.' : 'Not answering.') + poolWords,
    hint: !up
      ? 'Writes answer 503 meanwhile and nothing acknowledged is lost; see the PostgreSQL log.'
      : pool?.waiting
        ? 'Every connection is busy: long queries, or more load than one instance serves.'
        : 'Reachable, with a connection free for every query.',
  }
}

function realtimeLine(
  up: boolean | undefined,
  hub: { connections: number; channels: number } | undefined,
): HealthLine {
  const { counts } = recent.pushes.read()
  const failed = counts.failed ?? 0
  const pushes = failed + (counts.sent ?? 0)
  const pushWords = `${count(failed, 'push', 'pushes')} of ${pushes.toLocaleString('en-GB')} failed in the last ${MINUTES} minutes.`
  const where =
    up === undefined
      ? 'Served by a separate realtime service.'
      : up
        ? `Listening: ${count(hub?.connections ?? 0, 'browser')} connected on ${count(hub?.channels ?? 0, 'channel')}.`
        : 'Not listening.'
  const broken = up === false || failed > 0
  return {
    title: 'Live updates',
    state: broken ? 'attention' : 'ok',
    summary: `${where} ${pushWords}`,
    hint: broken
      ? 'Pages do not update live (writes still succeed): restart the realtime role, check PUSHER_HOST and its secret.'
      : 'Open pages show new posts as they are written.',
  }
}

function memoryLine(): HealthLine {
  const rss = process.memoryUsage.rss()
  const near = rss > MEMORY_LIMIT_BYTES * MEMORY_NEAR
  return {
    title: 'Memory',
    state: near ? 'attention' : 'ok',
    summary: `This instance uses ${Math.round(rss / 1024 / 1024)} MB of its ${MEMORY_LIMIT_BYTES / 1024 / 1024} MB.`,
    hint: near
      ? 'Near its limit: restart the instance when quiet, and lower API_CACHE_MB on a small machine.'
      : 'Well within its limit.',
  }
}

export async function siteHealth(): Promise<HealthReport> {
  const figures = await liveFigures()
  return {
    at: new Date().toISOString(),
    lines: [
      pagesLine(figures.queues),
      mailLine(figures.queues),
      jobsLine(figures.queues),
      messagesLine(figures.queues),
      errorsLine(),
      databaseLine(figures.queues, figures.pool),
      realtimeLine(figures.realtimeUp, figures.realtime),
      memoryLine(),
    ],
  }
}

/** Lets the admin's view read this process's figures (siteHealthReport.ts). */
export function serveSiteHealth() {
  offerSiteHealth(siteHealth)
}
