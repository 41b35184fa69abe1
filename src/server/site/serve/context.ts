import type { IncomingMessage, ServerResponse } from 'node:http'

import type { Payload, SanitizedConfig } from 'payload'

import type { RealtimeServer } from '@/realtime/server'
import { env } from '@/server/config/env'
import { databaseUnavailableNow } from '@/server/database/databaseDown'
import { pgPool } from '@/server/database/db'
import {
  accountOfRequest,
  clientAddress,
  createRateLimiter,
  limitFor,
  rateLimitSettings,
  type LimitWait,
} from '@/server/http/rateLimits'
import { siteOrigins, type SiteOrigins } from '@/server/http/security'
import type { Readiness } from '@/server/observability/readiness'
import { noteMember } from '@/server/observability/requestLog'
import { loadAstroHandler, type AstroHandler } from '@/server/site/pageRenderer'
import type { SiteBuild, SiteBuilds } from '@/server/site/siteBuilds'
import { staticSiteFor } from '@/server/site/staticSite'

/** The editors' admin (a Next app mounted by src/server/process/admin.ts), as the site calls it. */
export type AdminHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>

/** What the process hands the site's server besides the collections' routes. */
export interface SiteSettings {
  payload: Payload
  config: SanitizedConfig
  /** Absent in development, where `astro dev` serves the pages. */
  builds?: SiteBuilds
  realtime?: RealtimeServer
  admin?: AdminHandler
  /** Checked by /healthz besides the database. */
  realtimeReady: () => boolean
  /** True while the database is known to be down or just restarted (src/server/process/database.ts). */
  databaseTrouble?: () => boolean
  /** Answers /readyz; without it /readyz answers as /healthz does. */
  readiness?: Readiness
  log: (line: string) => void
}

/** What every route's handler reads: the settings, and what the server made of them at start. */
export interface Site extends SiteSettings {
  /** The build served when the server started (its assets serve pages rendered on demand). */
  bootBuild?: SiteBuild
  astro: AstroHandler
  origins: SiteOrigins
  secureCookies: boolean
  /** Our own origin for a request (the Host was checked against the site's names). */
  originOf: (req: IncomingMessage) => string
  addressOf: (req: IncomingMessage) => string
  /** The rate limits, counted in PostgreSQL (src/server/http/rateLimits.ts). */
  limit: ReturnType<typeof createRateLimiter>
  /** Seconds the client must wait before this write (0: go on), and which limit says so. */
  limitWait: (method: string, pathname: string, req: IncomingMessage) => Promise<LimitWait>
  /** A request that failed while the database is down answers 503 + Retry-After. */
  databaseUnavailable: () => Promise<boolean>
}

const notInDevelopment: AstroHandler = (_req, res) => {
  res.writeHead(404, { 'content-type': 'text/plain' })
  res.end('Pages are served by astro dev in development.')
}

/** The server's context, made once at start: the build's page handler, origins and limits. */
export async function siteContext(settings: SiteSettings): Promise<Site> {
  const { builds, payload } = settings
  const bootBuild = builds?.served
  if (builds && !bootBuild) throw new Error('No site build to serve.')
  let astro = notInDevelopment
  if (builds && bootBuild) {
    builds.pin(bootBuild.dir)
    astro = await loadAstroHandler(bootBuild.dir)
    // The index of the build's files is made now, before the server listens: made by the first
    // request instead, it held every request in flight (about 170 ms for 15,000 pages).
    staticSiteFor(bootBuild.dir)
  }
  const origins = siteOrigins(env.publicUrl, env.port)
  const limit = createRateLimiter(
    () => pgPool(payload),
    rateLimitSettings(process.env),
    // The limits read the account of every write anyway: the request log names it too.
    async (req) => {
      const account = await accountOfRequest(payload, req)
      noteMember(req, account?.id)
      return account
    },
  )
  const addressOf = (req: IncomingMessage) => clientAddress(req, env.trustProxy)
  return {
    ...settings,
    bootBuild,
    astro,
    origins,
    secureCookies: env.publicUrl?.startsWith('https://') ?? false,
    originOf: (req) => (env.publicUrl ? origins.publicOrigin : `http://${req.headers.host}`),
    addressOf,
    limit,
    limitWait: async (method, pathname, req) => {
      const limited = limitFor(method, pathname)
      return limited ? limit(limited, addressOf(req), req, pathname) : { seconds: 0, refused: null }
    },
    databaseUnavailable: () => databaseUnavailableNow(payload, settings.databaseTrouble),
  }
}
