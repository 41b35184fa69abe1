/**
 * observability/ — what an operator sees of a running site: the log (logger, requestLog), the
 * Prometheus figures (metrics, figures, routes, metricsEndpoint) and whether this instance should
 * take traffic (readiness). It stands on config/ alone: pools and servers are handed to it.
 */
import { AsyncLocalStorage } from 'node:async_hooks'

import { pino, type DestinationStream, type Logger } from 'pino'
import { build as prettyStream } from 'pino-pretty'

import { env } from '@/server/config/env'
import { BufferedLines } from './logLines'

/** The request being served, so every line logged while serving it names its request id. */
export const currentRequest = new AsyncLocalStorage<{ id: string }>()

/** JSON lines go out buffered and asynchronously (logLines.ts); flushLog writes out the rest. */
const json = env.logFormat === 'json' ? new BufferedLines(1) : undefined
/** Where both loggers write (tests read the request log's lines as they pass). */
export const logDestination: DestinationStream =
  json ?? prettyStream({ colorize: true, ignore: 'pid,hostname', translateTime: 'SYS:HH:MM:ss' })

/**
 * The process's one logger, Payload's too (payload.config.ts): JSON lines for a log collector,
 * or readable lines on a terminal.
 */
export const logger: Logger = pino(
  {
    level: env.logLevel,
    mixin: () => {
      const request = currentRequest.getStore()
      return request ? { reqId: request.id } : {}
    },
  },
  logDestination,
)

/**
 * The request log's own logger: the same lines and destination, without the mixin (its lines
 * name their request themselves, and are written after the request's context has ended).
 */
export const requestLogger: Logger = pino({ level: env.logLevel }, logDestination)

/** JSON lines dropped because the log was read slower than they came (logLines.ts). */
export const logLinesDropped = () => json?.dropped ?? 0

/** Waiting on a log nobody reads must not keep a stopping server from exiting. */
const FLUSH_LIMIT_MS = 5000

/** Writes out the buffered lines (the server's stop, before the process exits). */
export function flushLog(): Promise<void> {
  return new Promise((resolve) => {
    if (!json) return resolve()
    setTimeout(resolve, FLUSH_LIMIT_MS)
    json.flush(resolve)
  })
}
