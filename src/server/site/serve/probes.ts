import type { IncomingMessage, ServerResponse } from 'node:http'

import { pgPool } from '@/server/database/db'
import { serveMetrics } from '@/server/observability/metricsEndpoint'
import type { Site } from './context'

type Probe = (req: IncomingMessage, res: ServerResponse) => Promise<void>

/** 200 when the database answers and realtime is listening, else 503. */
async function healthz(site: Site, res: ServerResponse) {
  let database = false
  try {
    await pgPool(site.payload).query('SELECT 1')
    database = true
  } catch {
    database = false
  }
  const ready = database && site.realtimeReady()
  res.writeHead(ready ? 200 : 503, { 'content-type': 'application/json' })
  res.end(JSON.stringify({ ok: ready, database, realtime: site.realtimeReady() }))
}

/** Probes and scrapes: a load balancer and Prometheus ask each machine by its own address. */
export function probes(site: Site) {
  const byPath: Record<string, Probe> = {
    '/healthz': (_req, res) => healthz(site, res),
    '/readyz': (_req, res) => (site.readiness ? site.readiness.serve(res) : healthz(site, res)),
    '/metrics': (req, res) => serveMetrics(req, res),
  }
  const probeOf = (url: string) => byPath[url.split('?')[0]!]
  return {
    isProbe: (url: string) => probeOf(url) !== undefined,
    serve: async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
      await probeOf(req.url ?? '/')!(req, res)
      return true
    },
  }
}
