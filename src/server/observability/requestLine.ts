import os from 'node:os'

import type { RouteOf } from './routes'

/**
 * Why a 503 was answered on purpose: the admin still being prepared, or /readyz telling a load
 * balancer to send nothing here (starting, draining after SIGTERM, a dependency down). Such an
 * answer is counted and logged apart from failures (docs/operations.md, Monitoring).
 */
export type PlannedReason = 'admin preparing' | 'starting' | 'draining' | 'not ready'

/** What every line of this process starts with after its time, as pino writes it. */
const BINDINGS = `,"pid":${process.pid},"hostname":${JSON.stringify(os.hostname())}`

/** The route's and kind's fields, made once per route object (routes.ts remembers them). */
const routeFields = new WeakMap<RouteOf, string>()
function fieldsOf(route: RouteOf): string {
  let fields = routeFields.get(route)
  if (fields === undefined) {
    fields = `,"route":${JSON.stringify(route.route)},"kind":"${route.kind}","status":`
    routeFields.set(route, fields)
  }
  return fields
}

/**
 * The line's start up to its request id, for the millisecond it was written in: many requests
 * end in the same one, and turning a 13-digit time into digits is most of a line's number work.
 */
let startMs = -1
let start = ''
function startAt(now: number): string {
  if (now !== startMs) {
    startMs = now
    start = `{"level":30,"time":${now}${BINDINGS},"reqId":"`
  }
  return start
}

/**
 * Tenths of a millisecond as JavaScript prints `tenths / 10` ("3", "0.4", "12.5"), from small
 * integers (whose digits V8 keeps) instead of a fraction's shortest form.
 */
const msText = (tenths: number) =>
  tenths % 10 === 0 ? `${tenths / 10}` : `${Math.floor(tenths / 10)}.${tenths % 10}`

/** Whether JSON.stringify would write the path as it is, between quotes (most paths). */
function plain(path: string): boolean {
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i)
    // A control character, a quote, a backslash or half of a surrogate pair.
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) return false
  }
  return true
}

/**
 * An answered request's line, the one pino would write for `requestLogger.info(fields,
 * 'request')` (same fields, same order), as one string: this runs for every request, and
 * pino's field-by-field serialising was most of the line's cost. The request id is well formed
 * or a UUID, the method an HTTP token (Node refuses others) and the route a template: only the
 * path and the cache's and member's values need quoting. `tenths`: the time taken in tenths of
 * a millisecond (logged as `ms`).
 */
export function requestLine(
  id: string,
  method: string,
  path: string,
  route: RouteOf,
  status: number,
  tenths: number,
  cache: string | undefined,
  member: number | string | undefined,
  planned: PlannedReason | undefined,
  now = Date.now(),
): string {
  const quotedPath = plain(path) ? `"${path}"` : JSON.stringify(path)
  let line =
    `${startAt(now)}${id}","method":"${method}","path":${quotedPath}${fieldsOf(route)}` +
    `${status},"ms":${msText(tenths)}`
  if (cache !== undefined) line += `,"cache":${JSON.stringify(cache)}`
  if (member !== undefined) line += `,"member":${JSON.stringify(member)}`
  if (planned) line += `,"planned":"${planned}"`
  return `${line},"msg":"request"}\n`
}
