/**
 * observability/ — what an operator sees of a running site: the log (logger, requestLog), the
 * Prometheus figures (metrics, figures, routes, metricsEndpoint) and whether this instance should
 * take traffic (readiness). It stands on config/ alone: pools and servers are handed to it.
 */
import { AsyncLocalStorage } from 'node:async_hooks'

import { pino, type Logger } from 'pino'
import { build as prettyStream } from 'pino-pretty'

import { env } from '@/server/config/env'

/** The request being served, so every line logged while serving it names its request id. */
export const currentRequest = new AsyncLocalStorage<{ id: string }>()

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
  env.logFormat === 'pretty'
    ? prettyStream({ colorize: true, ignore: 'pid,hostname', translateTime: 'SYS:HH:MM:ss' })
    : undefined,
)
