import type { Payload } from 'payload'

import { searchPage } from '@/data/search/search'
import { viewerOf } from '@/loaders/viewer'
import { parsePage } from '@/rules/paging'
import { cleanQuery, isSearchKind, MAX_SEARCH_PAGE } from '@/rules/search'
import { pgPool } from '@/server/database/db'
import type { SearchPage } from '@/views/search'

export interface SearchScreen {
  result: SearchPage
  /** ?type= named no kind: all kinds are shown, and the page says so. */
  unknownType: string | null
  signedIn: boolean
}

/** /search?q=&type=&page=: the same read as GET /api/search, as the viewer (own private stories). */
export async function loadSearch(
  payload: Payload,
  url: URL,
  headers: Headers,
): Promise<SearchScreen> {
  const params = url.searchParams
  const rawType = params.get('type') || null
  const type = isSearchKind(rawType) ? rawType : null
  const q = cleanQuery(params.get('q'))
  // Only a query needs the session: an empty search shows nobody's content.
  const viewer = q ? await viewerOf(payload, headers) : null
  const result = await searchPage(pgPool(payload), {
    q,
    type,
    page: parsePage(params.get('page'), MAX_SEARCH_PAGE),
    viewerId: viewer?.id ?? null,
  })
  return { result, unknownType: rawType && !type ? rawType : null, signedIn: Boolean(viewer) }
}
