import type { Payload } from 'payload'
import client from 'prom-client'

import { currentRequest, logger } from './logger'
import { registry } from './metrics'
import { wellFormedRequestId } from './requestLog'

/**
 * Jobs carry the id of the request that queued them: `payload.jobs.queue` inside a request
 * stores it in the job's meta, and every task runs under it, so the task's log lines and the
 * mails it sends (src/server/services/email.ts) name the request that caused them. Each run is
 * counted by task: a kind of job added later is counted without a change here.
 */
const runs = new client.Counter({
  name: 'belong_job_runs_total',
  help: 'Job task runs on this instance, by task and result (completed, failed: retried while attempts remain).',
  labelNames: ['task', 'result'] as const,
  registers: [registry],
})

const durations = new client.Histogram({
  name: 'belong_job_run_duration_seconds',
  help: 'How long a job task ran on this instance, by task.',
  labelNames: ['task'] as const,
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
  registers: [registry],
})

interface RunArgs {
  job: { id: number | string; meta?: unknown }
}

/** What the job's meta says of it (JSON: anything may be there). */
function metaOf(args: RunArgs) {
  const meta = args.job.meta
  if (typeof meta !== 'object' || meta === null) return {}
  const requestId =
    'requestId' in meta && wellFormedRequestId(meta.requestId) ? meta.requestId : undefined
  return { requestId, scheduled: 'scheduled' in meta && meta.scheduled === true }
}

/** Handlers already wrapped: a second init in one process must not count every run twice. */
const wrapped = new WeakSet<object>()

function traced<A extends RunArgs, R>(task: string, handler: (args: A) => R | Promise<R>) {
  if (wrapped.has(handler)) return handler
  const tracedHandler = async (args: A): Promise<R> => {
    const { requestId, scheduled } = metaOf(args)
    const end = durations.startTimer({ task })
    const run = () => Promise.resolve(handler(args))
    // A scheduled job (every few seconds) is logged only when it fails.
    const level = scheduled ? 'debug' : 'info'
    try {
      const result = await (requestId ? currentRequest.run({ id: requestId }, run) : run())
      const failed = typeof result === 'object' && result !== null && 'state' in result
      runs.labels(task, failed && result.state === 'failed' ? 'failed' : 'completed').inc()
      logger[level](
        { reqId: requestId, task, job: args.job.id, ms: Math.round(end() * 1000) },
        'job ran',
      )
      return result
    } catch (error) {
      runs.labels(task, 'failed').inc()
      const ms = Math.round(end() * 1000)
      logger.warn({ reqId: requestId, task, job: args.job.id, ms, err: error }, 'job failed')
      throw error
    }
  }
  wrapped.add(tracedHandler)
  return tracedHandler
}

/** Installed once at init (payload.config.ts onInit), before the runner takes a job. */
export function traceJobs(payload: Payload) {
  for (const task of payload.config.jobs.tasks ?? []) {
    if (typeof task.handler === 'function') task.handler = traced(task.slug, task.handler)
  }
  const jobs = payload.jobs
  const queue = jobs.queue.bind(jobs)
  const queueWithRequest = (args: Parameters<typeof queue>[0]) => {
    const request = currentRequest.getStore()
    return queue(request ? { ...args, meta: { ...args.meta, requestId: request.id } } : args)
  }
  // Assigned as a value: the queue's signature is generic over every task's input.
  Object.defineProperty(jobs, 'queue', {
    value: queueWithRequest,
    writable: true,
    configurable: true,
  })
}
