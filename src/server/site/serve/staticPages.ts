import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'

import { wantsOnDemand } from '@/rules/pageQueries'
import {
  commonHeaderList,
  pagePolicy,
  policyOrigins,
  scriptHashesOfBuild,
} from '@/server/http/security'
import { env } from '@/server/config/env'
import { idOfRequest, noteStaticFile, REQUEST_ID_HEADER } from '@/server/observability/requestLog'
import { staticSiteFor } from '@/server/site/staticSite'
import { FLASH_COOKIE } from '@/views/forms'
import type { Site } from './context'

type Policy = { clientDir: string; hashes: string[]; policy: string; head: string[] }

/** The page policy of a build, and a static file's whole head with it. */
export interface BuildPolicies {
  policyOf: (dir: string) => string
  staticHeadOf: (dir: string) => string[]
}

/**
 * One policy string per build (its inline-script hashes), made on its first request and again
 * when pages written later add a hash (the list read anew).
 */
export function buildPolicies(site: Site): BuildPolicies {
  const sources = policyOrigins({
    tileUrl: env.tiles.url,
    realtimeElsewhere: env.pusher.external && !env.pusher.sameOrigin,
  })
  const policies = new Map<string, Policy>()
  const entry = (dir: string) => {
    let known = policies.get(dir)
    const clientDir = known?.clientDir ?? path.join(dir, 'client')
    const scriptHashes = scriptHashesOfBuild(clientDir)
    if (known?.hashes !== scriptHashes) {
      const policy = pagePolicy({ ...sources, scriptHashes })
      // A static file's whole head: the common headers with the newest build's page policy.
      const head = [...commonHeaderList(site.origins, policy), 'x-belong-render', 'static']
      known = { clientDir, hashes: scriptHashes, policy, head }
      policies.set(dir, known)
    }
    return known
  }
  return { policyOf: (dir) => entry(dir).policy, staticHeadOf: (dir) => entry(dir).head }
}

/** A page rather than an asset (a flash message is for the page that shows it). */
export const isPagePath = (pathname: string) => !/\.[a-z0-9]+$/i.test(pathname)

/** A story answers at /neighbourhood/{slug}/stories/{id} too (SPEC §2): one file, at /story/. */
const storyAlias = (pathname: string) =>
  pathname.replace(/^(\/neighbourhood\/[^/]+)\/stories\/(\d+)\/?$/, '$1/story/$2')

/** A file of the newest build, else of the boot build (assets of pages rendered on demand). */
export function staticFiles(site: Site, policies: BuildPolicies) {
  return (req: IncomingMessage, res: ServerResponse, pathname: string): boolean => {
    const { builds, bootBuild } = site
    if (!builds?.served || !bootBuild) return false
    const head = policies.staticHeadOf(builds.served.dir)
    const filePath = storyAlias(pathname)
    // The id goes in the one header list unless a route set headers already (then it is set).
    const last = res.hasHeader(REQUEST_ID_HEADER) ? [] : [REQUEST_ID_HEADER, idOfRequest(req)]
    const served =
      staticSiteFor(builds.served.dir).serve(req, res, filePath, head, last) ||
      staticSiteFor(bootBuild.dir).serve(req, res, filePath, head, last)
    if (served) noteStaticFile(req)
    return served
  }
}

/**
 * Static files first, before any routing (readers are most of the traffic): a lookup and one
 * header write. Anything it does not answer plainly (a Host that is not ours, a view parameter,
 * an address to normalise, no such file) takes the full path below.
 */
export function staticFirst(site: Site, serveFile: ReturnType<typeof staticFiles>) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (!site.builds?.served || !site.bootBuild) return false
    const raw = req.url ?? '/'
    const query = raw.indexOf('?')
    const pathname = query === -1 ? raw : raw.slice(0, query)
    if (!pathname.startsWith('/') || pathname.includes('/.') || pathname.includes('//'))
      return false
    if (query !== -1 && wantsOnDemand(pathname, new URLSearchParams(raw.slice(query + 1))))
      return false
    if (!site.origins.allowsHost((req.headers.host ?? '').toLowerCase())) return false
    if (req.headers.cookie?.includes(FLASH_COOKIE) && isPagePath(pathname)) return false
    return serveFile(req, res, pathname)
  }
}
