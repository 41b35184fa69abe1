import type { APIRoute } from 'astro'

import { payloadClient } from '@/loaders/payload'
import { prerenderedPaths } from '@/loaders/sitePaths'

// Asked by the server's prerender (src/server/site/prerender.ts) on its private port; the public
// server answers 404 for /internal/.
export const prerender = false

export const GET: APIRoute = async () =>
  new Response(JSON.stringify({ paths: await prerenderedPaths(await payloadClient()) }), {
    headers: { 'content-type': 'application/json' },
  })
