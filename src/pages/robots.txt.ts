import type { APIRoute } from 'astro'

import { publicOrigin } from '@/loaders/site'
import { robotsTxt } from '@/views/seo'

export const prerender = false

/** robots.txt naming the sitemap by PUBLIC_URL (never the request's Host). */
export const GET: APIRoute = () =>
  new Response(robotsTxt(publicOrigin()), {
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'public, max-age=3600',
    },
  })
