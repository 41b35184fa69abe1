/**
 * What the service worker may keep, and how a kept page is shown: plain functions over
 * Request/Response, so the rules read apart from the caching (Workbox, in ./sw.ts).
 */

/** Precached at install (./build.ts): answers a page that is neither reachable nor saved. */
export const OFFLINE_PAGE = '/offline'

/**
 * Never kept: the API, the admin and its assets, the realtime server, one-time pages, and
 * private messages (their answers are no-store too; this holds even if one were not).
 */
const NEVER = /^\/(api|admin|_next|app|apps|internal|healthz|readyz|metrics|messages)(\/|$)/

export const isKeptPath = (pathname: string) => !NEVER.test(pathname) && pathname !== OFFLINE_PAGE

/**
 * Images a saved page shows: the site's own (emoji, icons, the default avatar) and uploaded
 * photos, which anyone may see (collections/Media). Mirrored in src/components/ServiceWorker.astro.
 */
const IMAGES = /^\/(emoji|icons)\/|^\/api\/media\/file\/|^\/default-avatar\.svg$/

export const isKeptImage = (pathname: string) => IMAGES.test(pathname)

/** An image answer the server did not mark as not to be kept. */
export function isPublicImage(response: Response): boolean {
  return (
    response.status === 200 &&
    !response.redirected &&
    (response.headers.get('content-type') ?? '').startsWith('image/') &&
    !/\b(private|no-store)\b/i.test(response.headers.get('cache-control') ?? '')
  )
}

/** A page anyone may see: HTML the server did not mark as a member's own or not to be kept. */
export function isPublicAnswer(response: Response): boolean {
  const cacheControl = response.headers.get('cache-control') ?? ''
  return (
    response.status === 200 &&
    !response.redirected &&
    (response.headers.get('content-type') ?? '').startsWith('text/html') &&
    !/\b(private|no-store)\b/i.test(cacheControl)
  )
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The same page with `notice` at the top of its main content (before any script runs). */
export async function withNotice(page: Response, notice: string): Promise<Response> {
  const html = (await page.text()).replace(
    /<main id="main"[^>]*>/,
    (main) => `${main}<p class="offline-notice" role="status">${escapeHtml(notice)}</p>`,
  )
  return new Response(html, { status: page.status, headers: page.headers })
}

const TITLE = /<title>([^<]*)<\/title>/
const SITE_SUFFIX = ' · Belong'

/** The saved pages as links, newest first, named by their titles. */
async function savedLinks(saved: Cache): Promise<string> {
  const requests = [...(await saved.keys())].reverse()
  const items = await Promise.all(
    requests.map(async (request) => {
      const page = await saved.match(request)
      const title = page ? (TITLE.exec(await page.text())?.[1] ?? '') : ''
      const url = new URL(request.url)
      const name = title.endsWith(SITE_SUFFIX) ? title.slice(0, -SITE_SUFFIX.length) : title
      // Titles come escaped from the page's own HTML.
      return `<li><a href="${escapeHtml(url.pathname + url.search)}">${name || escapeHtml(url.pathname)}</a></li>`
    }),
  )
  return items.join('')
}

/** The offline page with the saved pages listed in its `data-saved-pages` list. */
export async function savedPagesList(offlinePage: Response, saved: Cache): Promise<Response> {
  const links = await savedLinks(saved)
  const html = (await offlinePage.text()).replace(
    /(<ul[^>]*data-saved-pages[^>]*>)(<\/ul>)/,
    (_all, open: string, close: string) => `${open}${links}${close}`,
  )
  const headers = new Headers(offlinePage.headers)
  headers.set('cache-control', 'no-store')
  return new Response(html, { status: 200, headers })
}
