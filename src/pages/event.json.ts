import type { APIRoute } from 'astro'

import { cleanQuery, loadEventPage, pageNumber } from '@/loaders/events'
import { payloadClient } from '@/loaders/payload'
import { viewerOf } from '@/loaders/viewer'
import { MESSAGES } from '@/rules/messages'

export const prerender = false

/**
 * GET /event.json?slug=&q=&page=&pages= — the events island's reads: the same loader as the
 * page, with the reader's own RSVPs. `pages` re-reads pages page..page+pages-1 in one query.
 */
export const GET: APIRoute = async ({ url, request }) => {
  const payload = await payloadClient()
  const viewer = await viewerOf(payload, request.headers)
  const page = await loadEventPage(payload, {
    slug: url.searchParams.get('slug')?.trim() || null,
    q: cleanQuery(url.searchParams.get('q')),
    page: pageNumber(url.searchParams.get('page')),
    pages: Math.min(pageNumber(url.searchParams.get('pages')), 20),
    viewerId: viewer?.id ?? null,
  })
  if (!page) {
    return Response.json({ errors: [{ message: MESSAGES.neighbourhoodNotFound }] }, { status: 404 })
  }
  return Response.json(page, { headers: { 'cache-control': 'private, no-store' } })
}
