/**
 * Site-wide search: the kinds it finds, how a query is read (capped, never an error) and the
 * word matching the highlighter uses. Shared by the endpoint, the page and the header island.
 */

/** The kinds with their tabs' labels, in the tabs' order ('All' first). */
export const SEARCH_KIND_LABELS = {
  neighbourhood: 'Neighbourhoods',
  story: 'Stories',
  discussion: 'Discussions',
  event: 'Events',
  poll: 'Polls',
  spot: 'Local spots',
  safety: 'Safety alerts',
  'lost-found': 'Lost and found',
  market: 'Market',
  person: 'People',
} as const
export type SearchKind = keyof typeof SEARCH_KIND_LABELS
export const SEARCH_KINDS = Object.keys(SEARCH_KIND_LABELS) as SearchKind[]

/** One result's kind as a word on its card. */
export const SEARCH_KIND_NAMES: Record<SearchKind, string> = {
  neighbourhood: 'Neighbourhood',
  story: 'Story',
  discussion: 'Discussion',
  event: 'Event',
  poll: 'Poll',
  spot: 'Local spot',
  safety: 'Safety alert',
  'lost-found': 'Lost and found',
  market: 'Market item',
  person: 'Person',
}

export const SEARCH_PAGE_SIZE = 20
export const SUGGESTION_COUNT = 8
/** Longer queries are cut here: nobody types more, and every word costs the planner. */
export const MAX_QUERY_LENGTH = 200
/** Suggestions start from this many characters. */
export const SUGGEST_MIN_LENGTH = 2
/** The furthest page a pager links to (20 × 500 = 10,000 results). */
export const MAX_SEARCH_PAGE = 500

export const isSearchKind = (value: unknown): value is SearchKind =>
  typeof value === 'string' && (SEARCH_KINDS as readonly string[]).includes(value)

/**
 * The query as searched: control characters dropped, spaces collapsed, cut to 200 characters.
 * Any text is a valid query (SQL and pattern characters are only ever bound parameters).
 */
export function cleanQuery(raw: unknown): string {
  if (typeof raw !== 'string') return ''
  return (
    raw
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, MAX_QUERY_LENGTH)
      .trim()
  )
}

/** Lower case without accents ('Café' → 'cafe'), as the index folds titles and bodies. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

/** The query's words (letters and digits only), folded. */
export function queryWords(q: string): string[] {
  return fold(q).match(/[\p{L}\p{N}]+/gu) ?? []
}

/**
 * A prefix query for suggestions' title words ('brunch shor' → 'brunch:* & shor:*'), built
 * from letters and digits alone so that it always parses; null when nothing is left.
 */
export function prefixTsQuery(q: string): string | null {
  const words = queryWords(q).slice(0, 8)
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null
}

/** Whether a word of a result matches a query word closely enough to mark it. */
export function wordMatches(word: string, queryWord: string): boolean {
  const a = fold(word)
  if (a === queryWord) return true
  // Stems and prefixes ('festivals' ~ 'festival', 'shor' ~ 'shoreditch').
  const stem = Math.min(queryWord.length, Math.max(4, queryWord.length - 2))
  if (queryWord.length >= 3 && a.startsWith(queryWord.slice(0, stem))) return true
  // One or two wrong letters ('shordich' ~ 'shoreditch'): share a long enough prefix.
  return queryWord.length >= 5 && a.length >= 4 && a.slice(0, 3) === queryWord.slice(0, 3)
}

export interface TextPart {
  text: string
  mark: boolean
}

/** Splits text into runs, marking the words that match a query word. */
export function markWords(text: string, q: string): TextPart[] {
  const words = queryWords(q)
  const parts: TextPart[] = []
  for (const piece of text.split(/([\p{L}\p{N}]+)/u)) {
    if (!piece) continue
    const mark = /[\p{L}\p{N}]/u.test(piece) && words.some((w) => wordMatches(piece, w))
    const last = parts.at(-1)
    if (last && last.mark === mark) last.text += piece
    else parts.push({ text: piece, mark })
  }
  return parts
}
