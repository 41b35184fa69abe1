import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'

import { env } from '@/server/config/env'
import { currentRequest, logDestination, requestLogger } from './logger'
import { countRequest } from './metrics'
import { requestLine, type PlannedReason } from './requestLine'
import type { RouteTemplates } from './routes'

export type { PlannedReason } from './requestLine'

/** What the request log learns while a request is served. */
interface Notes {
  id: string
  /** When it arrived (performance.now()), and how its route is named: from withRequestLog. */
  started?: number
  routes?: RouteTemplates
  /** Answered from a static file whose headers went out in one list (getHeader cannot read them). */
  staticFile?: boolean
  member?: number | string
  error?: unknown
  planned?: PlannedReason
}

const notes = new WeakMap<IncomingMessage, Notes>()

/** An incoming id is kept only if it could not smuggle anything into a log line or a header. */
const WELL_FORMED_ID = /^[A-Za-z0-9._-]{1,64}$/
export const REQUEST_ID_HEADER = 'x-request-id'
let counting = !env.metricsOff
/** Whether answered requests get their info line (failures are logged whatever it says). */
let linesKept = true
// bench:metrics-switch compares one process with itself, keeping the figures and the request
// lines and keeping neither: SIGUSR2 switches both.
if (counting && env.metricsBenchSwitch)
  process.on('SIGUSR2', () => {
    counting = !counting
    linesKept = counting
  })

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

/** A 503 answered on purpose (before its head is written), not a failure of the site. */
export function notePlanned(res: ServerResponse, reason: PlannedReason) {
  const note = res.req && notes.get(res.req)
  if (note) note.planned = reason
}

/** A static file answered the request (its x-belong-render: static went out in writeHead's list). */
export function noteStaticFile(req: IncomingMessage) {
  const note = notes.get(req)
  if (note) note.staticFile = true
}

/** The request's id (made when it arrived), answered in X-Request-Id. */
export function idOfRequest(req: IncomingMessage): string {
  let note = notes.get(req)
  if (!note) notes.set(req, (note = { id: requestIdOf(req.headers[REQUEST_ID_HEADER]) }))
  return note.id
}

/**
 * Sets X-Request-Id on an answer written with setHeader. A static file sends the id in its one
 * writeHead list instead (staticPages.ts): a header set beforehand would make Node take each of
 * that list's headers through setHeader again.
 */
export function setRequestIdHeader(req: IncomingMessage, res: ServerResponse) {
  res.setHeader(REQUEST_ID_HEADER, idOfRequest(req))
}

/**
 * Serves one request under its id: every log line written while serving it carries the id (the
 * routes answer it in X-Request-Id: setRequestIdHeader); when the answer ends (or the client
 * leaves) the request is counted (metrics.ts) and logged as one line.
 */
export function withRequestLog(
  routes: RouteTemplates,
  req: IncomingMessage,
  res: ServerResponse,
  serve: () => void,
) {
  const note: Notes = {
    id: requestIdOf(req.headers[REQUEST_ID_HEADER]),
    started: performance.now(),
    routes,
  }
  notes.set(req, note)
  // One listener for every answer: no closure made per request.
  res.on('close', answered)
  currentRequest.run({ id: note.id }, serve)
}

/** The 'close' listener of every answer (`this`): counts and logs its request. */
function answered(this: ServerResponse) {
  const req = this.req
  const note = notes.get(req)!
  const elapsed = performance.now() - note.started!
  // 499 as nginx logs it: the client went away before the answer was complete.
  const status = this.writableFinished ? this.statusCode : 499
  const planned = status === 503 ? note.planned : undefined
  const failed = (status >= 500 && !planned) || note.error !== undefined
  const logging = failed
    ? requestLogger.isLevelEnabled('error')
    : linesKept && requestLogger.isLevelEnabled('info')
  if (!counting && !logging) return
  const method = req.method ?? 'GET'
  const url = req.url ?? '/'
  const rendered = note.staticFile ? 'static' : this.getHeader('x-belong-render')
  const route = note.routes!.of(method, url, typeof rendered === 'string' ? rendered : '')
  const header = this.getHeader('x-belong-cache')
  const cache = typeof header === 'string' ? header : undefined
  if (counting) countRequest(route, method, status, elapsed / 1000, cache, planned !== undefined)
  if (!logging) return
  const query = url.indexOf('?')
  // The path without its query (which may hold a token: reset links, unsubscribe links).
  const path = query === -1 ? url : url.slice(0, query)
  const tenths = Math.round(elapsed * 10)
  if (!failed) {
    logDestination.write(
      requestLine(note.id, method, path, route, status, tenths, cache, note.member, planned),
    )
    return
  }
  // Built in one go (fields in a fixed order); a failure's error goes through pino's serialiser.
  const line: Record<string, unknown> = {
    reqId: note.id,
    method,
    path,
    route: route.route,
    kind: route.kind,
    status,
    ms: tenths / 10,
  }
  if (cache !== undefined) line.cache = cache
  if (note.member !== undefined) line.member = note.member
  if (planned) line.planned = planned
  if (note.error !== undefined) line.err = note.error
  requestLogger.error(line, 'request failed')
}
