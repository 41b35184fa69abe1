import type { APIRoute } from 'astro'

import { payloadClient } from '@/loaders/payload'
import { sitemapEntries } from '@/loaders/sitemap'
import { publicOrigin } from '@/loaders/site'
import { sitemapIndexXml, sitemapParts, sitemapXml } from '@/views/seo'

export const prerender = false

/**
 * The sitemap, read from the database when asked (new neighbourhoods and stories are in it at
 * once): one urlset, or past 50,000 URLs a sitemap index of /sitemaps/{n}.xml parts.
 */
export const GET: APIRoute = async () => {
  const entries = await sitemapEntries(await payloadClient())
  const origin = publicOrigin()
  const parts = sitemapParts(entries.length)
  const body = parts > 1 ? sitemapIndexXml(origin, parts) : sitemapXml(origin, entries)
  return new Response(body, {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': 'public, max-age=300',
    },
  })
}
