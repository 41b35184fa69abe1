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

/**
 * An answered request's line, the one pino would write for `requestLogger.info(fields,
 * 'request')` (same fields, same order), as one string: this runs for every request, and
 * pino's field-by-field serialising was most of the line's cost. The request id is well formed
 * or a UUID, the method an HTTP token (Node refuses others) and the route a template: only the
 * path and the cache's and member's values need quoting.
 */
export function requestLine(
  id: string,
  method: string,
  path: string,
  route: RouteOf,
  status: number,
  ms: number,
  cache: string | undefined,
  member: number | string | undefined,
  planned: PlannedReason | undefined,
): string {
  let line =
    `{"level":30,"time":${Date.now()}${BINDINGS},"reqId":"${id}","method":"${method}",` +
    `"path":${JSON.stringify(path)},"route":${JSON.stringify(route.route)},"kind":"${route.kind}",` +
    `"status":${status},"ms":${ms}`
  if (cache !== undefined) line += `,"cache":${JSON.stringify(cache)}`
  if (member !== undefined) line += `,"member":${JSON.stringify(member)}`
  if (planned) line += `,"planned":"${planned}"`
  return `${line},"msg":"request"}\n`
}
