import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'

import { env } from '@/server/config/env'
import { currentRequest, logger } from './logger'
import { countRequest } from './metrics'
import type { RouteTemplates } from './routes'

/** What the request log learns while a request is served. */
interface Notes {
  id: string
  member?: number | string
  error?: unknown
}

const notes = new WeakMap<IncomingMessage, Notes>()

/** An incoming id is kept only if it could not smuggle anything into a log line or a header. */
const WELL_FORMED_ID = /^[A-Za-z0-9._-]{1,64}$/
export const REQUEST_ID_HEADER = 'x-request-id'
const counting = !env.metricsOff

export const wellFormedRequestId = (id: unknown): id is string =>
  typeof id === 'string' && WELL_FORMED_ID.test(id)

export function requestIdOf(incoming: string | string[] | undefined): string {
  return wellFormedRequestId(incoming) ? incoming : randomUUID()
}

/** The signed-in member of the request, when something read it anyway (never an e-mail). */
export function noteMember(req: IncomingMessage, id: number | string | undefined) {
  const note = notes.get(req)
  if (note && id !== undefined) note.member = id
}

/** The error that made a request fail, logged with its stack on the request's line. */
export function noteError(req: IncomingMessage, error: unknown) {
  const note = notes.get(req)
  if (note) note.error = error
}

/**
 * Serves one request under its id: the id is answered in X-Request-Id and carried by every log
 * line written while serving it; when the answer ends (or the client leaves) the request is
 * counted (metrics.ts) and logged as one line.
 */
export function withRequestLog(
  routes: RouteTemplates,
  req: IncomingMessage,
  res: ServerResponse,
  serve: () => void,
) {
  const started = performance.now()
  const note: Notes = { id: requestIdOf(req.headers[REQUEST_ID_HEADER]) }
  notes.set(req, note)
  res.setHeader(REQUEST_ID_HEADER, note.id)
  res.once('close', () => {
    const seconds = (performance.now() - started) / 1000
    // 499 as nginx logs it: the client went away before the answer was complete.
    const status = res.writableFinished ? res.statusCode : 499
    const failed = status >= 500 || note.error !== undefined
    const logging = logger.isLevelEnabled(failed ? 'error' : 'info')
    if (!counting && !logging) return
    const method = req.method ?? 'GET'
    const rendered = res.getHeader('x-belong-render')
    const route = routes.of(method, req.url ?? '/', typeof rendered === 'string' ? rendered : '')
    const cache = res.getHeader('x-belong-cache')
    if (counting)
      countRequest(route, method, status, seconds, typeof cache === 'string' ? cache : undefined)
    if (!logging) return
    const line = {
      reqId: note.id,
      method,
      // The path without its query (which may hold a token: reset links, unsubscribe links).
      path: (req.url ?? '/').split('?')[0],
      route: route.route,
      kind: route.kind,
      status,
      ms: Math.round(seconds * 10_000) / 10,
      ...(typeof cache === 'string' && { cache }),
      ...(note.member !== undefined && { member: note.member }),
      ...(note.error !== undefined && { err: note.error }),
    }
    if (failed) logger.error(line, 'request failed')
    else logger.info(line, 'request')
  })
  currentRequest.run({ id: note.id }, serve)
}
