import type { APIRoute } from 'astro'

import { pageNumber } from '@/loaders/events'
import { payloadClient } from '@/loaders/payload'
import { loadPollPage } from '@/loaders/polls'
import { MESSAGES } from '@/rules/messages'

export const prerender = false

/** GET /polls.json?slug=&page=&pages= — the polls island's reads (the page's own loader). */
export const GET: APIRoute = async ({ url }) => {
  const page = await loadPollPage(await payloadClient(), {
    slug: url.searchParams.get('slug')?.trim() || null,
    page: pageNumber(url.searchParams.get('page')),
    pages: Math.min(pageNumber(url.searchParams.get('pages')), 20),
  })
  if (!page) {
    return Response.json({ errors: [{ message: MESSAGES.neighbourhoodNotFound }] }, { status: 404 })
  }
  return Response.json(page, { headers: { 'cache-control': 'no-cache' } })
}
