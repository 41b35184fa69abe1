import type { APIRoute } from 'astro'

import { payloadClient } from '@/loaders/payload'
import { sitemapEntries, sitemapPart } from '@/loaders/sitemap'
import { publicOrigin } from '@/loaders/site'
import { sitemapXml } from '@/views/seo'

export const prerender = false

/** Part n of a sitemap split past 50,000 URLs (named by the index at /sitemap.xml). */
export const GET: APIRoute = async ({ params }) => {
  const n = /^[1-9]\d{0,4}$/.test(params.part ?? '') ? Number(params.part) : 0
  const entries = n ? sitemapPart(await sitemapEntries(await payloadClient()), n) : []
  if (entries.length === 0) return new Response('Not found', { status: 404 })
  return new Response(sitemapXml(publicOrigin(), entries), {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': 'public, max-age=300',
    },
  })
}
