import type { Endpoint } from 'payload'

import { parseListQuery } from '@/views/discussion'
import { listDiscussions } from '@/data/discussions'

/**
 * GET /api/discussions/list?tag=&neighbourhood={slug}&page= — the discussions list as the list
 * page shows it (SPEC §7 discussions view). Odd parameters fall back (no tag, page 1): never a 5xx.
 */
export const discussionListEndpoint: Endpoint = {
  path: '/list',
  method: 'get',
  handler: async (req) => {
    const params = new URL(req.url ?? '', 'http://local').searchParams
    const slug = (params.get('neighbourhood') ?? '').trim().slice(0, 100) || null
    return Response.json(await listDiscussions(req, parseListQuery(params, slug)))
  },
}
