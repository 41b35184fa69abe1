import type { Endpoint, PayloadRequest } from 'payload'

import { parsePage } from '@/rules/paging'
import { isSearchKind, MAX_SEARCH_PAGE } from '@/rules/search'
import { pgPool } from '@/server/database/db'
import { refuse } from '@/server/http/requests'
import { command } from '@collections/shared/command'

import { searchPage, suggest } from '@/data/search/search'

const paramsOf = (req: PayloadRequest) => new URL(req.url ?? '', 'http://local').searchParams
const viewerIdOf = (req: PayloadRequest) => (typeof req.user?.id === 'number' ? req.user.id : null)

/**
 * GET /api/search?q=&type=&page= — 20 results a page with the counts per kind. Any q is an
 * answer (cut to 200 characters; empty finds nothing); an unknown type is a 400.
 */
const searchEndpoint: Endpoint = {
  path: '/search',
  method: 'get',
  handler: async (req) => {
    const params = paramsOf(req)
    const type = params.get('type') || null
    if (type !== null && !isSearchKind(type)) return refuse(400, 'Unknown result type.')
    const page = parsePage(params.get('page'), MAX_SEARCH_PAGE)
    return Response.json(
      await searchPage(pgPool(req.payload), {
        q: params.get('q') ?? '',
        type,
        page,
        viewerId: viewerIdOf(req),
      }),
    )
  },
}

/** search.suggest: up to 8 titles once 2 characters are typed. */
const suggestEndpoint = command(
  'search.suggest',
  async ({ req, input }) => ({
    suggestions: await suggest(pgPool(req.payload), input.q, viewerIdOf(req)),
  }),
  { root: true },
)

export const searchEndpoints = [searchEndpoint, suggestEndpoint]
