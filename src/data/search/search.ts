import pLimit from 'p-limit'
import type { Pool, QueryResultRow } from 'pg'

import { env } from '@/server/config/env'
import { clientTransaction } from '@/server/database/db'

import {
  cleanQuery,
  markWords,
  prefixTsQuery,
  SEARCH_PAGE_SIZE,
  SUGGEST_MIN_LENGTH,
  type SearchKind,
} from '@/rules/search'
import {
  emptyCounts,
  excerptParts,
  searchHitHref,
  type SearchPage,
  type SearchSuggestion,
} from '@/views/search'

import {
  CLOSEST_SQL,
  SEARCH_SQL,
  SUGGEST_SQL,
  SUGGEST_TRIGRAM_SETTINGS,
  TRIGRAM_SETTINGS,
} from './queries'
import { sharedAnswer } from './sharedAnswers'

/**
 * Cold searches take turns (env.searchConcurrency): ranking is CPU work in the database, and a
 * burst of searches from strangers must not hold every connection the rest of the site reads by.
 */
const searchTurns = pLimit(env.searchConcurrency)

/**
 * Runs reads in one read-only transaction with the trigram thresholds set for it alone, once a
 * search turn is free.
 */
function withTrigramSettings<T>(
  pool: Pool,
  work: (run: Run) => Promise<T>,
  settings = TRIGRAM_SETTINGS,
): Promise<T> {
  return searchTurns(() =>
    clientTransaction(
      pool,
      (client) => work(async (text, values) => (await client.query(text, values)).rows),
      `BEGIN READ ONLY; ${settings}`,
    ),
  )
}

/** Runs one statement in the search's transaction; `R` names the columns the SQL selects. */
type Run = <R extends QueryResultRow>(text: string, values: unknown[]) => Promise<R[]>

type HitRow = {
  counts: Partial<Record<SearchKind, number>>
  kind: SearchKind | null
  doc_id: number
  title: string
  slug: string | null
  neighbourhood_name: string | null
  neighbourhood_slug: string | null
  excerpt: string
}

export interface SearchInput {
  q: string
  type: SearchKind | null
  page: number
  viewerId: number | null
}

/** One page of results (20) with the counts per kind; the closest neighbourhoods when empty. */
export async function searchPage(pool: Pool, input: SearchInput): Promise<SearchPage> {
  const q = cleanQuery(input.q)
  const empty: SearchPage = {
    q,
    type: input.type,
    page: input.page,
    counts: emptyCounts(),
    total: 0,
    hits: [],
    hasNext: false,
    closest: [],
  }
  if (!q) return empty
  const viewerId = await ownAnswersFor(pool, input.viewerId)
  const work = () => searchDatabase(pool, { ...input, q, viewerId }, empty)
  return sharedAnswer(JSON.stringify(['search', q, input.type, input.page, viewerId]), work)
}

/**
 * The viewer whose answers are their own: a member with entries nobody else may find (their
 * private stories). Everyone else, signed in or not, gets the one public answer (sharedAnswer,
 * keyed by this viewer: null for the public answer).
 */
async function ownAnswersFor(pool: Pool, viewerId: number | null): Promise<number | null> {
  return viewerId !== null && (await hasOwnEntries(pool, viewerId)) ? viewerId : null
}

/** Whether an account has entries only it may find; known until a searched collection changes. */
export function hasOwnEntries(pool: Pool, accountId: number): Promise<boolean> {
  return sharedAnswer(JSON.stringify(['own', accountId]), async () => {
    const { rows } = await pool.query<{ own: boolean }>(
      'SELECT EXISTS (SELECT 1 FROM search_index WHERE author_id = $1 AND is_public IS NOT TRUE) AS own',
      [accountId],
    )
    return rows[0]?.own === true
  })
}

/** Whether any of the accounts a request's tokens name has entries only it may find. */
export async function anyHasOwnEntries(pool: Pool, accounts: number[]): Promise<boolean> {
  for (const id of accounts) if (await hasOwnEntries(pool, id)) return true
  return false
}

function searchDatabase(pool: Pool, input: SearchInput, empty: SearchPage): Promise<SearchPage> {
  const { q } = input
  return withTrigramSettings(pool, async (run) => {
    const offset = (input.page - 1) * SEARCH_PAGE_SIZE
    const rows = await run<HitRow>(SEARCH_SQL, [
      q,
      input.viewerId,
      input.type,
      SEARCH_PAGE_SIZE + 1,
      offset,
    ])
    const counts = { ...emptyCounts(), ...rows[0]?.counts }
    const total = Object.values(counts).reduce((a, b) => a + b, 0)
    const found = rows.filter((r): r is HitRow & { kind: SearchKind } => r.kind !== null)
    const hits = found.slice(0, SEARCH_PAGE_SIZE).map((r) => ({
      kind: r.kind,
      id: r.doc_id,
      title: markWords(r.title, q),
      excerpt: excerptParts(r.excerpt ?? '', q),
      neighbourhood:
        r.neighbourhood_slug && r.kind !== 'neighbourhood'
          ? { name: r.neighbourhood_name ?? '', slug: r.neighbourhood_slug }
          : null,
      href: searchHitHref(r.kind, r.doc_id, r.slug, r.neighbourhood_slug),
    }))
    const closest =
      total === 0
        ? (await run<{ doc_id: number; title: string; slug: string }>(CLOSEST_SQL, [q])).map(
            (r): SearchSuggestion => ({
              kind: 'neighbourhood',
              id: r.doc_id,
              title: r.title,
              href: searchHitHref('neighbourhood', r.doc_id, r.slug, null),
              context: null,
            }),
          )
        : []
    return { ...empty, counts, total, hits, hasNext: found.length > SEARCH_PAGE_SIZE, closest }
  })
}

/** Up to 8 titles for the header's box; none under 2 characters. */
export async function suggest(
  pool: Pool,
  raw: string,
  viewerId: number | null,
): Promise<SearchSuggestion[]> {
  const q = cleanQuery(raw)
  const prefix = prefixTsQuery(q)
  if (q.length < SUGGEST_MIN_LENGTH || !prefix) return []
  const own = await ownAnswersFor(pool, viewerId)
  const work = async () =>
    suggestionsOf(
      await withTrigramSettings(
        pool,
        (run) => run<Omit<HitRow, 'counts' | 'excerpt'>>(SUGGEST_SQL, [q, own, prefix]),
        SUGGEST_TRIGRAM_SETTINGS,
      ),
    )
  return sharedAnswer(JSON.stringify(['suggest', q, own]), work)
}

function suggestionsOf(rows: Omit<HitRow, 'counts' | 'excerpt'>[]): SearchSuggestion[] {
  return rows.map((r) => {
    const kind = r.kind as SearchKind
    return {
      kind,
      id: r.doc_id,
      title: r.title,
      href: searchHitHref(kind, r.doc_id, r.slug, r.neighbourhood_slug),
      context: kind === 'person' ? `@${r.slug ?? ''}` : r.neighbourhood_name,
    }
  })
}
