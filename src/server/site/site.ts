/**
 * site/ — the public site on one origin: the HTTP server that routes /api, /admin, form posts and
 * pages (site), the builds of the static site (siteBuilds, prerender, pageRenderer and its
 * renderWorker processes), their regeneration after changes (siteRevision, siteRegen) and serving
 * the files fast (staticSite, staticFiles). It uses database/ and http/, never services/.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import path from 'node:path'

import { handleEndpoints, type Payload, type SanitizedConfig } from 'payload'

import { wantsOnDemand } from '@/rules/pageQueries'
import type { RealtimeServer } from '@/realtime/server'
import { loadAstroHandler, type AstroHandler } from './pageRenderer'
import {
  databaseUnavailableNow,
  databaseUnavailableResponse,
  isDatabaseDown,
  sendDatabaseUnavailable,
} from '@/server/database/databaseDown'
import { pgPool } from '@/server/database/db'
import { readFromPrimary } from '@/server/database/replicas'
import { apiReadCache } from '@/server/http/readCache'
import { earlyAnswer } from '@/server/http/earlyAnswers'
import { inErrorShape, refuseBadQuery } from '@/server/http/queryGate'
import { env } from '@/server/config/env'
import { toFetchRequest, sendFetchResponse } from '@/server/http/nodeFetch'
import {
  pagePolicy,
  policyOrigins,
  refuseUnsafeRequest,
  scriptHashesOfBuild,
  commonHeaderList,
  setCommonHeaders,
  siteOrigins,
} from '@/server/http/security'
import {
  accountOfRequest,
  clientAddress,
  createRateLimiter,
  limitFor,
  rateLimitSettings,
  tooManyRequestsResponse,
} from '@/server/http/rateLimits'
import type { SiteBuilds } from './siteBuilds'
import { staticSiteFor } from './staticSite'
import { clearFlash, flashCookie, flashOf, handleFormPost } from '@/server/http/formPosts'
import { isStaffRole } from '@/rules/moderation'
import { TWO_FACTOR_MESSAGES, TWO_FACTOR_PATH, hasSecondFactor } from '@/rules/twoFactor'
import { formHandlers } from '@/forms'
import { FLASH_COOKIE } from '@/views/forms'
import { serveMetrics } from '@/server/observability/metricsEndpoint'
import type { Readiness } from '@/server/observability/readiness'
import { noteError, noteMember, withRequestLog } from '@/server/observability/requestLog'
import { RouteTemplates } from '@/server/observability/routes'

/** The admin's own pages for signing in and out, open to anyone. */
const ADMIN_SIGN_IN =
  /^\/admin\/(login|logout|forgot|reset|create-first-user|unauthorized)(\/|\?|$)/
const ADMIN_LOGIN = /^\/admin\/login\/?(?:\?(.*))?$/
const ADMIN_IS_FOR_EDITORS = 'The admin is for editors; your account is a member’s.'

/** The editors' admin (a Next app mounted by src/server/process/admin.ts), as the site calls it. */
export type AdminHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>

export interface SiteOptions {
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

/**
 * One origin: /api → Payload REST, /admin and /_next → the admin, /app and /apps → the realtime
 * server, then the prerendered site, then Astro's on-demand pages.
 */
export async function createSiteServer(options: SiteOptions): Promise<http.Server> {
  const { builds, payload, config, realtime, admin, log } = options
  const bootBuild = builds?.served
  if (builds && !bootBuild) throw new Error('No site build to serve.')
  let astro: AstroHandler = (_req, res) => {
    res.writeHead(404, { 'content-type': 'text/plain' })
    res.end('Pages are served by astro dev in development.')
  }
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
  const policySources = policyOrigins({
    tileUrl: env.tiles.url,
    realtimeElsewhere: env.pusher.external && !env.pusher.sameOrigin,
  })

  // One policy string per build (its inline-script hashes), made on its first request and again
  // when pages written later add a hash (the list read anew).
  type Policy = { clientDir: string; hashes: string[]; policy: string; head: string[] }
  const policies = new Map<string, Policy>()
  const policyEntry = (dir: string) => {
    let entry = policies.get(dir)
    const clientDir = entry?.clientDir ?? path.join(dir, 'client')
    const scriptHashes = scriptHashesOfBuild(clientDir)
    if (entry?.hashes !== scriptHashes) {
      const policy = pagePolicy({ ...policySources, scriptHashes })
      // A static file's whole head: the common headers with the newest build's page policy.
      const head = [...commonHeaderList(origins, policy), 'x-belong-render', 'static']
      entry = { clientDir, hashes: scriptHashes, policy, head }
      policies.set(dir, entry)
    }
    return entry
  }
  const policyOf = (dir: string) => policyEntry(dir).policy
  const staticHeadOf = (dir: string) => policyEntry(dir).head

  /** A file of the newest build, else of the boot build (assets of pages rendered on demand). */
  const serveStaticFile = (req: IncomingMessage, res: ServerResponse, pathname: string) => {
    if (!builds?.served || !bootBuild) return false
    const head = staticHeadOf(builds.served.dir)
    const filePath = storyAlias(pathname)
    return [builds.served, bootBuild].some((build) =>
      staticSiteFor(build.dir).serve(req, res, filePath, head),
    )
  }

  const serveSite = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://site')
    // The build's own listing for its prerender (src/server/site/prerender.ts), not a public page.
    if (url.pathname.startsWith('/internal/')) {
      res.writeHead(404, { 'content-type': 'text/plain' })
      return res.end('Not found')
    }
    // A filter, sort or pager parameter asks for a view the static file does not hold; a
    // message to show once (after a form) needs the page rendered for this request.
    const flash = isPagePath(url.pathname) ? flashOf(req) : undefined
    const onDemandView = wantsOnDemand(url.pathname, url.searchParams)
    if ((req.method === 'GET' || req.method === 'HEAD') && !onDemandView && flash === undefined) {
      if (builds?.served) res.setHeader('content-security-policy', policyOf(builds.served.dir))
      if (serveStaticFile(req, res, url.pathname)) return
    }
    if (flash !== undefined) res.setHeader('set-cookie', clearFlash(secureCookies))
    // A page Astro built once (no on-demand route) is still served from its file.
    const fallback = flash === undefined ? undefined : () => serveStaticFile(req, res, url.pathname)
    renderOnDemand(req, res, flash ? { flash } : {}, fallback)
  }

  /**
   * The admin is for editors: a signed-in member opening one of its pages goes to their profile
   * with a line saying why, instead of Payload's bare 'Unauthorized'. Sign-in pages stay open.
   */
  const sessionCookie = `${config.cookiePrefix ?? 'payload'}-token=`
  const turnAwayMember = async (req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? ''
    if (req.method !== 'GET' || !path.startsWith('/admin')) return false
    // The admin's own sign-in form knows no second factor: the site's /login asks for it.
    const adminLogin = ADMIN_LOGIN.exec(path)
    if (adminLogin) {
      const back = new URLSearchParams(adminLogin[1] ?? '').get('redirect')
      const next = back && back.startsWith('/admin') ? back : '/admin'
      res.writeHead(303, {
        location: `/login?next=${encodeURIComponent(next)}`,
        'cache-control': 'no-store',
      })
      res.end()
      return true
    }
    if (ADMIN_SIGN_IN.test(path)) return false
    const cookie = req.headers.cookie
    if (!cookie?.includes(sessionCookie)) return false
    const { user } = await payload.auth({ headers: new Headers({ cookie }) })
    if (!user) return false
    const role = (user as { role?: string }).role
    // An editor or admin without a second factor sets it up first, then comes back.
    const needsSecondFactor = isStaffRole(role) && !hasSecondFactor(user)
    if (isStaffRole(role) && !needsSecondFactor) return false
    res.writeHead(303, {
      location: needsSecondFactor
        ? `${TWO_FACTOR_PATH}?next=${encodeURIComponent(path)}`
        : '/profile',
      'cache-control': 'no-store',
      'set-cookie': flashCookie(
        needsSecondFactor ? TWO_FACTOR_MESSAGES.adminNeedsTwoFactor : ADMIN_IS_FOR_EDITORS,
        secureCookies,
      ),
    })
    res.end()
    return true
  }

  /** Astro's on-demand handler (the page route), with what the server tells the page. */
  const renderOnDemand = (
    req: IncomingMessage,
    res: ServerResponse,
    locals: App.Locals,
    notFound?: () => boolean,
  ) => {
    if (builds?.served) res.setHeader('content-security-policy', policyOf(builds.served.dir))
    res.setHeader('x-belong-render', 'on-demand')
    const afterForm = Boolean(req.headers.cookie?.includes(FLASH_COOKIE) || locals.form)
    if (afterForm) res.setHeader('cache-control', 'no-store')
    const render = () =>
      astro(
        req,
        res,
        (error) => {
          if (!error && !res.headersSent && notFound?.()) return
          if (error) {
            log(`astro: ${String(error)}`)
            noteError(req, error)
          }
          if (!res.headersSent) res.writeHead(error ? 500 : 404, { 'content-type': 'text/plain' })
          res.end(error ? 'Something went wrong.' : 'Not found')
        },
        locals,
      )
    // The page after a form shows what the form wrote, perhaps on another instance a moment
    // ago: it reads the primary, never a replica that may not have replayed it yet.
    if (afterForm) readFromPrimary(render)
    else render()
  }

  // The Host header was checked against the site's names (src/server/http/security.ts).
  const originOf = (req: IncomingMessage) =>
    env.publicUrl ? origins.publicOrigin : `http://${req.headers.host}`
  const secureCookies = env.publicUrl?.startsWith('https://') ?? false

  /**
   * One API request: its rate limit, then Payload's handler. The /api route and the forms posted
   * to pages (src/server/http/formPosts.ts) both go through here, so both meet the same rules.
   */
  const callApi = async (request: Request, req: IncomingMessage): Promise<Response> => {
    const wait = await limitWait(request.method, new URL(request.url).pathname, req)
    return wait.seconds ? tooManyRequestsResponse(wait.seconds, wait.refused) : dispatchApi(request)
  }
  /** Seconds the client must wait before this write (0: go on), and which limit says so. */
  const limitWait = async (method: string, pathname: string, req: IncomingMessage) => {
    const limited = limitFor(method, pathname)
    return limited ? limit(limited, addressOf(req), req, pathname) : { seconds: 0, refused: null }
  }
  const dispatchApi = async (request: Request): Promise<Response> => {
    // A query Payload's language refuses is the client's fault: a 400 here, never Payload's 500.
    const badQuery = await refuseBadQuery(config, request)
    if (badQuery) return badQuery
    const response = await handleEndpoints({ config, request })
    // (A 401/403 too: with the database down, Payload cannot read the user of a token.)
    if ([401, 403].includes(response.status) || response.status >= 500)
      if (await databaseUnavailable()) return databaseUnavailableResponse()
    return inErrorShape(response)
  }

  const healthz = async (res: ServerResponse) => {
    let database = false
    try {
      await pgPool(payload).query('SELECT 1')
      database = true
    } catch {
      database = false
    }
    const ready = database && options.realtimeReady()
    res.writeHead(ready ? 200 : 503, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ ok: ready, database, realtime: options.realtimeReady() }))
  }

  // A request that failed while the database is down answers 503 + Retry-After: try again later.
  const databaseUnavailable = () => databaseUnavailableNow(payload, options.databaseTrouble)

  /**
   * Static files first, before any routing (readers are most of the traffic): a lookup and one
   * header write. Anything it does not answer plainly (a Host that is not ours, a view parameter,
   * an address to normalise, no such file) takes the full path below.
   */
  const serveStaticFirst = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (!builds?.served || !bootBuild || (req.method !== 'GET' && req.method !== 'HEAD'))
      return false
    const raw = req.url ?? '/'
    const query = raw.indexOf('?')
    const pathname = query === -1 ? raw : raw.slice(0, query)
    if (!pathname.startsWith('/') || pathname.includes('/.') || pathname.includes('//'))
      return false
    if (query !== -1 && wantsOnDemand(pathname, new URLSearchParams(raw.slice(query + 1))))
      return false
    if (!origins.allowsHost((req.headers.host ?? '').toLowerCase())) return false
    if (req.headers.cookie?.includes(FLASH_COOKIE) && isPagePath(pathname)) return false
    return serveStaticFile(req, res, pathname)
  }

  const readyz = (res: ServerResponse) =>
    options.readiness ? options.readiness.serve(res) : healthz(res)
  /** Probes and scrapes: a load balancer and Prometheus ask each machine by its own address. */
  const probes: Record<string, (req: IncomingMessage, res: ServerResponse) => Promise<void>> = {
    '/healthz': (_req, res) => healthz(res),
    '/readyz': (_req, res) => readyz(res),
    '/metrics': (req, res) => serveMetrics(req, res),
  }
  const probeOf = (url: string) => probes[url.split('?')[0]!]

  const routeTemplates = new RouteTemplates(config)
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    if (serveStaticFirst(req, res)) return
    const url = req.url ?? '/'
    setCommonHeaders(res, origins)
    const probe = probeOf(url)
    const isRead = req.method === 'GET' || req.method === 'HEAD'
    if (probe && isRead)
      return void probe(req, res).catch((error: unknown) => failed(req, res, error))
    if (refuseUnsafeRequest(req, res, origins)) return
    const route = async () => {
      if (probe) return probe(req, res)
      if (url.startsWith('/api/') || url === '/api') {
        // The limit before the body is read: a client over it sends nothing more for us to read.
        const wait = await limitWait(req.method ?? 'GET', new URL(url, 'http://site').pathname, req)
        if (wait.seconds)
          return sendFetchResponse(res, tooManyRequestsResponse(wait.seconds, wait.refused))
        // Reads answered before Payload's request is made (src/server/http/earlyAnswers.ts).
        const early = await earlyAnswer(req)
        if (early) return void res.writeHead(early.status, early.headers).end(early.body)
        // Signed-out public reads from memory (src/server/http/readCache.ts), and the signed-in
        // ones whose route knows whose answer they get.
        await apiReadCache().sortSignedIn(req)
        if (apiReadCache().serve(req, res)) return
        const request = await toFetchRequest(req, res, originOf(req))
        if (!request) return
        // An answer the cache keeps outlives a replica's lag (it is dropped when the write is
        // announced, which may be before the replica has it): it is read on the primary.
        const response = await (apiReadCache().mayKeep(req)
          ? readFromPrimary(() => dispatchApi(request))
          : dispatchApi(request))
        return sendFetchResponse(res, await apiReadCache().keep(req, response))
      }
      if (
        await handleFormPost(req, res, {
          handlers: formHandlers,
          origin: originOf(req),
          callApi,
          renderPage: renderOnDemand,
          secureCookies,
        })
      )
        return
      if (realtime && url.startsWith('/apps/') && (await realtime.handleHttp(req, res))) return
      if (
        url === '/admin' ||
        url.startsWith('/admin/') ||
        url.startsWith('/admin?') ||
        url.startsWith('/_next/')
      ) {
        if (admin && (await turnAwayMember(req, res))) return
        if (admin) return admin(req, res)
        res.writeHead(503, { 'content-type': 'text/plain' })
        return res.end('The admin is not built in this mode.')
      }
      return serveSite(req, res)
    }
    route().catch((error: unknown) => failed(req, res, error))
  }
  /** A request that threw: 503 while the database is down, else 500; logged on its own line. */
  const failed = async (req: IncomingMessage, res: ServerResponse, error: unknown) => {
    noteError(req, error)
    if (!res.headersSent && (isDatabaseDown(error) || (await databaseUnavailable())))
      return sendDatabaseUnavailable(res)
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' })
    res.end('Something went wrong.')
  }
  const server = http.createServer((req, res) =>
    withRequestLog(routeTemplates, req, res, () => handle(req, res)),
  )
  // Idle keep-alive connections stay open longer than clients commonly keep theirs (60 s behind
  // most proxies): a client reusing one just as the server closed it gets a reset, which Node's
  // 5 s default made likely for API clients that do not retry (seen in the e2e run).
  server.keepAliveTimeout = 65_000
  server.headersTimeout = 66_000
  server.on('upgrade', (req, socket, head) => {
    if (!realtime || !origins.allowsHost(req.headers.host ?? '')) return socket.destroy()
    limit('socket', addressOf(req)).then(
      ({ seconds: wait }) => {
        if (wait) {
          socket.end(`HTTP/1.1 429 Too Many Requests\r\nRetry-After: ${wait}\r\n\r\n`)
        } else if (!realtime.handleUpgrade(req, socket, head)) socket.destroy()
      },
      () => socket.destroy(),
    )
  })
  return server
}

/** A page rather than an asset (a flash message is for the page that shows it). */
const isPagePath = (pathname: string) => !/\.[a-z0-9]+$/i.test(pathname)

/** A story answers at /neighbourhood/{slug}/stories/{id} too (SPEC §2): one file, at /story/. */
function storyAlias(pathname: string): string {
  return pathname.replace(/^(\/neighbourhood\/[^/]+)\/stories\/(\d+)\/?$/, '$1/story/$2')
}
