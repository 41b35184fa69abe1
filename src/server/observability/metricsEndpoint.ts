import { createHash, timingSafeEqual } from 'node:crypto'
import http, { type IncomingMessage, type ServerResponse } from 'node:http'

import { env } from '@/server/config/env'
import { registry } from './metrics'

/**
 * /metrics is not public: on the site's port it answers only `Authorization: Bearer
 * $METRICS_TOKEN` (401 otherwise), and 404 when no token is set; on METRICS_LISTEN, an address
 * only the monitoring network reaches, it answers anyone.
 */
export async function serveMetrics(req: IncomingMessage, res: ServerResponse, open = false) {
  const token = env.metricsToken
  if (env.metricsOff || (!open && !token)) return refuse(res, 404, 'Not found')
  if (!open && !bearerMatches(req.headers.authorization, token!)) {
    res.setHeader('www-authenticate', 'Bearer realm="metrics"')
    return refuse(res, 401, 'A bearer token is needed.')
  }
  const text = await registry.metrics()
  res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' })
  res.end(text)
}

function refuse(res: ServerResponse, status: number, message: string) {
  res.writeHead(status, { 'content-type': 'text/plain', 'cache-control': 'no-store' })
  res.end(message)
}

/** Compared as digests: equal lengths, and no early exit that would time the token out. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? ''
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(given), digest(token))
}

/** /metrics alone on its own address (METRICS_LISTEN); resolves once it listens. */
export async function listenForMetrics(address: { host: string; port: number }) {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD'))
      return refuse(res, 404, 'Not found')
    serveMetrics(req, res, true).catch(() => {
      if (!res.headersSent) refuse(res, 500, 'Could not collect the metrics.')
      else res.destroy()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(address.port, address.host, () => resolve())
  })
  return server
}
