/**
 * What search engines and link previews read: absolute URLs, the JSON-LD of a neighbourhood, the
 * sitemap and robots.txt. Pure: the origin comes from the caller (src/loaders/site.ts publicOrigin,
 * from PUBLIC_URL, never from a request's Host).
 */

/** A path or URL made absolute on `origin`; the query and hash are kept. */
export const absoluteUrl = (origin: string, pathOrUrl: string): string =>
  new URL(pathOrUrl, origin.endsWith('/') ? origin : `${origin}/`).href

/** The canonical path of a page: no query, no trailing slash (except the home page). */
export const canonicalPath = (pathname: string): string =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : '/'

export interface NeighbourhoodSeo {
  name: string
  description: string
  url: string
  image: string | null
  reviewCount: number
  /** The mean of the real reviews' ratings; null with none. */
  averageRating: number | null
  latitude: number | null
  longitude: number | null
}

/**
 * schema.org Place of a neighbourhood page. AggregateRating only with at least one review (a
 * rating of nothing is invalid structured data), from the same counts the page shows.
 */
export function neighbourhoodJsonLd(n: NeighbourhoodSeo): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Place',
    name: n.name,
    description: n.description || undefined,
    url: n.url,
    image: n.image ?? undefined,
    address: {
      '@type': 'PostalAddress',
      addressLocality: 'London',
      addressCountry: 'GB',
    },
    geo:
      n.latitude !== null && n.longitude !== null
        ? { '@type': 'GeoCoordinates', latitude: n.latitude, longitude: n.longitude }
        : undefined,
    aggregateRating:
      n.reviewCount > 0 && n.averageRating !== null
        ? {
            '@type': 'AggregateRating',
            ratingValue: Math.round(n.averageRating * 10) / 10,
            reviewCount: n.reviewCount,
            bestRating: 5,
            worstRating: 1,
          }
        : undefined,
  }
}

/** JSON for a <script type="application/ld+json">: `<` escaped so text cannot close the tag. */
export const jsonLdText = (data: unknown): string =>
  JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028|\u2029/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`)

/** At most this many URLs in one sitemap file (sitemaps.org); past it, a sitemap index. */
export const SITEMAP_MAX_URLS = 50_000

export interface SitemapEntry {
  /** Path on the site, e.g. /neighbourhood/shoreditch. */
  path: string
  lastModified?: string | Date | null
}

const xmlEscape = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  )

const lastmod = (value: SitemapEntry['lastModified']) => {
  if (!value) return ''
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? '' : `<lastmod>${date.toISOString()}</lastmod>`
}

/** One sitemap file (urlset) of `entries` on `origin`. */
export function sitemapXml(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map(
    (e) =>
      `<url><loc>${xmlEscape(absoluteUrl(origin, e.path))}</loc>${lastmod(e.lastModified)}</url>`,
  )
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}

/** The path of part `n` (1-based) of a sitemap split past SITEMAP_MAX_URLS. */
export const sitemapPartPath = (n: number) => `/sitemaps/${n}.xml`

/** How many sitemap files `total` URLs need. */
export const sitemapParts = (total: number) => Math.max(1, Math.ceil(total / SITEMAP_MAX_URLS))

/** The sitemap index naming each part. */
export function sitemapIndexXml(origin: string, parts: number): string {
  const items = Array.from(
    { length: parts },
    (_, i) =>
      `<sitemap><loc>${xmlEscape(absoluteUrl(origin, sitemapPartPath(i + 1)))}</loc></sitemap>`,
  )
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`
}

/**
 * robots.txt: everything public may be crawled; the admin, the API (but its image files), the
 * account pages and a member's feed not (they are per-person or empty for a crawler). Names the
 * sitemap by its absolute URL.
 */
export function robotsTxt(origin: string): string {
  const disallow = [
    '/admin',
    '/api/',
    '/login',
    '/register',
    '/forgot-password',
    '/reset-password',
    '/feed',
  ]
  return [
    'User-agent: *',
    // Images are files under the API: link previews (OpenGraph, Twitter cards) fetch them.
    'Allow: /api/media/file/',
    ...disallow.map((p) => `Disallow: ${p}`),
    'Allow: /',
    '',
    `Sitemap: ${absoluteUrl(origin, '/sitemap.xml')}`,
    '',
  ].join('\n')
}
