import { env } from '@/server/config/env'

/** Hashed build assets (/_astro/): a new build gives them new names, so they never change. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable'

/**
 * Pages and other files without a hash in their name: a browser asks again every time (a 304
 * while its ETag matches), so a rewritten page shows at once. The same with or without a CDN:
 * browsers also honour stale-while-revalidate, which would show a reader the previous page.
 */
export function pageCacheControl(): string {
  return 'public, max-age=0, must-revalidate'
}

/**
 * What a CDN keeps of those files (CDN-Cache-Control, RFC 9213: CDNs read it before
 * Cache-Control, browsers ignore it): a day by default, since every rewritten page is purged.
 * None without a CDN.
 */
export function pageCdnCacheControl(): string | undefined {
  const cdn = env.cdn
  return cdn ? `max-age=${cdn.pageMaxAge}, stale-while-revalidate=${cdn.pageSwr}` : undefined
}
