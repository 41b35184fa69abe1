import {
  markWords,
  SEARCH_KIND_LABELS,
  SEARCH_KINDS,
  type SearchKind,
  type TextPart,
} from '@/rules/search'

/** One search result as a card shows it. */
export interface SearchHit {
  kind: SearchKind
  id: number
  title: TextPart[]
  excerpt: TextPart[]
  neighbourhood: { name: string; slug: string } | null
  href: string
}

/** A close neighbourhood name offered when nothing was found. */
export interface SearchSuggestion {
  kind: SearchKind
  id: number
  title: string
  href: string
  /** For a person, their user name; for content, its neighbourhood. */
  context: string | null
}

export interface SearchPage {
  q: string
  type: SearchKind | null
  page: number
  /** Matches per kind (every kind present, 0 when none). */
  counts: Record<SearchKind, number>
  total: number
  hits: SearchHit[]
  hasNext: boolean
  /** With no result: the closest neighbourhood names. */
  closest: SearchSuggestion[]
}

/** Marker characters ts_headline puts around matched words (never in stored text: cleaned). */
export const MARK_START = '\u0002'
export const MARK_END = '\u0003'

/**
 * An excerpt as runs: what PostgreSQL marked (stems) and, in the rest, the words close to the
 * query (typos, accents).
 */
export function excerptParts(headline: string, q: string): TextPart[] {
  const parts: TextPart[] = []
  for (const [i, piece] of headline.split(new RegExp(`[${MARK_START}${MARK_END}]`)).entries()) {
    if (!piece) continue
    if (i % 2 === 1) parts.push({ text: piece, mark: true })
    else parts.push(...markWords(piece, q))
  }
  return parts
}

/** Where a result leads: the same pages the feed and notifications link to. */
export function searchHitHref(
  kind: SearchKind,
  id: number,
  slug: string | null,
  neighbourhoodSlug: string | null,
): string {
  switch (kind) {
    case 'neighbourhood':
      return `/neighbourhood/${slug}`
    case 'story':
      return `/neighbourhood/${neighbourhoodSlug}/stories/${id}`
    case 'discussion':
      return `/discussions/${id}`
    case 'event':
      return neighbourhoodSlug
        ? `/neighbourhood/${neighbourhoodSlug}/events#event-${id}`
        : `/event#event-${id}`
    case 'poll':
      return `/polls/${id}`
    case 'spot':
      return `/neighbourhood/${neighbourhoodSlug}/local-spots`
    case 'safety':
      return `/safety/${id}`
    case 'lost-found':
      return `/lost-found/${id}`
    case 'market':
      return `/market/${id}`
    case 'person':
      return `/profile/${encodeURIComponent(slug ?? '')}`
  }
}

/** The address of a search: /search?q=…&type=…&page=… (defaults left out). */
export function searchHref(q: string, type: SearchKind | null = null, page = 1): string {
  const params = new URLSearchParams({ q })
  if (type) params.set('type', type)
  if (page > 1) params.set('page', String(page))
  return `/search?${params.toString()}`
}

/** The tabs: 'All' then every kind, each with its count and address. */
export function searchTabs(result: Pick<SearchPage, 'q' | 'type' | 'counts' | 'total'>) {
  return [
    { kind: null, label: 'All', count: result.total },
    ...SEARCH_KINDS.map((kind) => ({
      kind,
      label: SEARCH_KIND_LABELS[kind],
      count: result.counts[kind],
    })),
  ].map((tab) => ({
    ...tab,
    href: searchHref(result.q, tab.kind),
    current: tab.kind === result.type,
  }))
}

export const emptyCounts = (): Record<SearchKind, number> =>
  Object.fromEntries(SEARCH_KINDS.map((k) => [k, 0])) as Record<SearchKind, number>
