/**
 * site/ — the public site on one origin: the HTTP server that routes /api, /admin, form posts and
 * pages (site, its route table in routes, a handler by concern in serve/), the builds of the
 * static site (siteBuilds, prerender, pageRenderer and its renderWorker processes), their
 * regeneration after changes (siteRevision, siteRegen) and serving the files fast (staticSite,
 * staticFiles). It uses database/ and http/, never services/.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http'

import { isDatabaseDown, sendDatabaseUnavailable } from '@/server/database/databaseDown'
import { noteError, setRequestIdHeader, withRequestLog } from '@/server/observability/requestLog'
import { RouteTemplates } from '@/server/observability/routes'
import { siteRoutes, walk, type CollectionRoutes } from './routes'
import { siteContext, type Site, type SiteSettings } from './serve/context'
import { upgrade } from './serve/upgrade'

export type { AdminHandler } from './serve/context'
export type { CollectionRoutes } from './routes'

export interface SiteOptions extends SiteSettings {
  /** The collections' own routes (payload.config.ts `collectionRoutes`), made at start. */
  routes: CollectionRoutes
}

/** One origin: the route table (./routes.ts) walked for every request, and the WebSocket upgrade. */
export async function createSiteServer(options: SiteOptions): Promise<http.Server> {
  const site = await siteContext(options)
  const routes = siteRoutes(site, options.routes)
  const templates = new RouteTemplates(options.config)
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    let walking: Promise<void> | undefined
    try {
      walking = walk(routes, req, res)
    } catch (error) {
      walking = Promise.reject(error)
    }
    walking?.catch((error: unknown) => failed(site, req, res, error))
  }
  const server = http.createServer((req, res) =>
    withRequestLog(templates, req, res, () => handle(req, res)),
  )
  // Idle keep-alive connections stay open longer than clients commonly keep theirs (60 s behind
  // most proxies): a client reusing one just as the server closed it gets a reset, which Node's
  // 5 s default made likely for API clients that do not retry (seen in the e2e run).
  server.keepAliveTimeout = 65_000
  server.headersTimeout = 66_000
  server.on('upgrade', upgrade(site))
  return server
}

/** A request that threw: 503 while the database is down, else 500; logged on its own line. */
async function failed(site: Site, req: IncomingMessage, res: ServerResponse, error: unknown) {
  noteError(req, error)
  if (!res.headersSent) setRequestIdHeader(req, res)
  if (!res.headersSent && (isDatabaseDown(error) || (await site.databaseUnavailable())))
    return sendDatabaseUnavailable(res)
  if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' })
  res.end('Something went wrong.')
}
