import type { Endpoint } from 'payload'

import { MESSAGES } from '@/rules/messages'
import { parsePage } from '@/rules/paging'
import { refuse } from '@/server/http/requests'
import { parseShownPages } from '@/rules/pageQueries'
import { readSpots } from '@/data/localSpots'

/**
 * GET /api/local-businesses/spots?neighbourhood={id}&page=N[&pages=K] — the local-spots list as
 * the page shows it (SPEC §7: local_businesses by neighbourhood newest first, reactions, badges):
 * page N of 9, or K pages from page N (the island re-reads everything it shows that way).
 * A bad neighbourhood is a 400, an unknown one a 404; odd paging falls back to page 1.
 */
export const spotListEndpoint: Endpoint = {
  path: '/spots',
  method: 'get',
  handler: async (req) => {
    const params = new URL(req.url ?? '', 'http://local').searchParams
    const raw = params.get('neighbourhood') ?? ''
    const id = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN
    if (!Number.isSafeInteger(id) || id < 1) return refuse(400, MESSAGES.selectNeighbourhood)
    const list = await readSpots(req, id, {
      page: parsePage(params.get('page'), 1000),
      pages: parseShownPages(params.get('pages')),
    })
    if (!list) return refuse(404, MESSAGES.neighbourhoodNotFound)
    return Response.json(list, { headers: { 'cache-control': 'no-store' } })
  },
}
