import type { IncomingMessage, ServerResponse } from 'node:http'

import { formHandlers } from '@/forms'
import type { EarlyAnswer } from '@/server/http/earlyAnswers'
import { handleFormPost } from '@/server/http/formPosts'
import type { SignedInReads } from '@/server/http/readCache'
import { refuseUnsafeRequest, setCommonHeaders } from '@/server/http/security'
import { setRequestIdHeader } from '@/server/observability/requestLog'
import { admin } from './serve/admin'
import { api, callApi, early } from './serve/api'
import type { Site } from './serve/context'
import { notAPage, onDemand, page } from './serve/pages'
import { probes } from './serve/probes'
import { buildPolicies, staticFiles, staticFirst } from './serve/staticPages'

/**
 * What the collections add to the site's routes. Made from the Payload config at start
 * (payload.config.ts `collectionRoutes`) and handed to the server as a value by the process
 * (src/server/process/boot.ts): the server never imports a collection.
 */
export interface CollectionRoutes {
  /** GET paths answered before Payload's request is made; each checks the session itself. */
  early: Record<string, EarlyAnswer>
  /** Whose kept answer a signed-in read of a cached route gets (src/server/http/readCache.ts). */
  signedIn: SignedInReads
}

/** One row: a request it matches is answered (true) or left to the rows below (false). */
export interface Route {
  /** The requests it takes, as a person reads them. */
  path: string
  /** Only these methods (any when absent). */
  methods?: readonly string[]
  /** Whether the request's URL (path and query, as sent) is this row's (any when absent). */
  when?: (url: string) => boolean
  serve: (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>
}

const READS = ['GET', 'HEAD'] as const
const pathnameOf = (url: string) => new URL(url, 'http://site').pathname
const exactly = (pathname: string) => (url: string) => url.split('?', 1)[0] === pathname
const prefix = (start: string) => (url: string) => url.startsWith(start)

/**
 * Every path the one origin serves, in the order a request meets them: the first row that
 * answers ends the walk. The WebSocket upgrade to /app/{key} is the server's other event
 * (./serve/upgrade.ts).
 */
export function siteRoutes(site: Site, collections: CollectionRoutes): Route[] {
  const policies = buildPolicies(site)
  const serveFile = staticFiles(site, policies)
  const render = onDemand(site, policies)
  const probe = probes(site)
  const { realtime } = site
  const formPost = { handlers: formHandlers, callApi: callApi(site), renderPage: render }
  return [
    // Readers are most of the traffic: a lookup and one header write, before anything else.
    { path: 'a file of the build', methods: READS, serve: staticFirst(site, serveFile) },
    {
      path: '* (the common headers, X-Request-Id)',
      serve: (req, res) => {
        setCommonHeaders(res, site.origins)
        setRequestIdHeader(req, res)
        return false
      },
    },
    { path: '/healthz /readyz /metrics', methods: READS, when: probe.isProbe, serve: probe.serve },
    // Another Host, a cross-site write, an API body that is neither JSON nor an upload.
    {
      path: '* (refused when unsafe)',
      serve: (req, res) => refuseUnsafeRequest(req, res, site.origins),
    },
    { path: '/healthz /readyz /metrics (other methods)', when: probe.isProbe, serve: probe.serve },
    // Reads the collections answer before Payload's request is made (the page state).
    ...Object.entries(collections.early).map(([pathname, answer]) => ({
      path: pathname,
      methods: ['GET'],
      when: exactly(pathname),
      serve: early(answer),
    })),
    {
      path: '/api, /api/*',
      when: (url) => url.startsWith('/api/') || url === '/api',
      serve: api(site, collections.signedIn),
    },
    {
      path: '{page}?_form={name} (a form without JavaScript, src/forms)',
      methods: ['POST'],
      serve: (req, res) =>
        handleFormPost(req, res, {
          ...formPost,
          origin: site.originOf(req),
          secureCookies: site.secureCookies,
        }),
    },
    // The in-repo realtime server's HTTP API (none with a hosted Pusher).
    ...(realtime
      ? [{ path: '/apps/*', when: prefix('/apps/'), serve: realtime.handleHttp } satisfies Route]
      : []),
    {
      path: '/admin, /admin/*, /_next/*',
      when: (url) =>
        url === '/admin' ||
        url.startsWith('/admin/') ||
        url.startsWith('/admin?') ||
        url.startsWith('/_next/'),
      serve: admin(site),
    },
    {
      path: "/internal/* (the build's own listing)",
      when: (url) => pathnameOf(url).startsWith('/internal/'),
      serve: notAPage,
    },
    {
      path: '* (a static page, else rendered on demand)',
      serve: page(site, policies, serveFile, render),
    },
  ]
}

/**
 * Walks the table: each row that matches serves until one answers. A row that answers at once
 * (a static file) keeps the walk synchronous; one that waits returns its promise.
 */
export function walk(
  routes: readonly Route[],
  req: IncomingMessage,
  res: ServerResponse,
  from = 0,
): Promise<void> | undefined {
  const url = req.url ?? '/'
  for (let i = from; i < routes.length; i++) {
    const route = routes[i]!
    if (route.methods && !route.methods.includes(req.method ?? 'GET')) continue
    if (route.when && !route.when(url)) continue
    const answered = route.serve(req, res)
    if (answered === true) return undefined
    if (answered !== false)
      return answered.then((done) => (done ? undefined : walk(routes, req, res, i + 1)))
  }
  return undefined
}
