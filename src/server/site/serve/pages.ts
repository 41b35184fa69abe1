import type { IncomingMessage, ServerResponse } from 'node:http'

import { wantsOnDemand } from '@/rules/pageQueries'
import { readFromPrimary } from '@/server/database/replicas'
import { clearFlash, flashOf } from '@/server/http/formPosts'
import { noteError } from '@/server/observability/requestLog'
import { FLASH_COOKIE } from '@/views/forms'
import type { Site } from './context'
import { isPagePath, type BuildPolicies, type staticFiles } from './staticPages'

/** Astro's on-demand handler (the page route), with what the server tells the page. */
export type RenderOnDemand = (
  req: IncomingMessage,
  res: ServerResponse,
  locals: App.Locals,
  notFound?: () => boolean,
) => void

export function onDemand(site: Site, policies: BuildPolicies): RenderOnDemand {
  return (req, res, locals, notFound) => {
    if (site.builds?.served)
      res.setHeader('content-security-policy', policies.policyOf(site.builds.served.dir))
    res.setHeader('x-belong-render', 'on-demand')
    const afterForm = Boolean(req.headers.cookie?.includes(FLASH_COOKIE) || locals.form)
    if (afterForm) res.setHeader('cache-control', 'no-store')
    const render = () =>
      site.astro(
        req,
        res,
        (error) => {
          if (!error && !res.headersSent && notFound?.()) return
          if (error) {
            site.log(`astro: ${String(error)}`)
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
}

/** A page: the build's static file, else rendered on demand (a view, a message, no such file). */
export function page(
  site: Site,
  policies: BuildPolicies,
  serveFile: ReturnType<typeof staticFiles>,
  render: RenderOnDemand,
) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = new URL(req.url ?? '/', 'http://site')
    // A filter, sort or pager parameter asks for a view the static file does not hold; a
    // message to show once (after a form) needs the page rendered for this request.
    const flash = isPagePath(url.pathname) ? flashOf(req) : undefined
    const onDemandView = wantsOnDemand(url.pathname, url.searchParams)
    if ((req.method === 'GET' || req.method === 'HEAD') && !onDemandView && flash === undefined) {
      const served = site.builds?.served
      if (served) res.setHeader('content-security-policy', policies.policyOf(served.dir))
      if (serveFile(req, res, url.pathname)) return true
    }
    if (flash !== undefined) res.setHeader('set-cookie', clearFlash(site.secureCookies))
    // A page Astro built once (no on-demand route) is still served from its file.
    const fallback = flash === undefined ? undefined : () => serveFile(req, res, url.pathname)
    render(req, res, flash ? { flash } : {}, fallback)
    return true
  }
}

/** The build's own listing for its prerender (src/server/site/prerender.ts), not a public page. */
export function notAPage(_req: IncomingMessage, res: ServerResponse): boolean {
  res.writeHead(404, { 'content-type': 'text/plain' })
  res.end('Not found')
  return true
}
