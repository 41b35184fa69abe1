import { isSlug, slugify } from './slug'

/** Compare: two or three neighbourhoods side by side, at /compare?n={slug},{slug}[,{slug}]. */
export const COMPARE_PATH = '/compare'
export const COMPARE_MIN = 2
export const COMPARE_MAX = 3
/** Stories and discussions are counted over this many days. */
export const COMPARE_RECENT_DAYS = 90
/** How many upcoming events, recent stories and discussions, and tags a column lists. */
export const COMPARE_LIST_SIZE = 3
export const COMPARE_TAGS = 5
/** The newest review's first lines: this many characters at most. */
export const COMPARE_EXCERPT = 180

/** Only this much of the address is read: longer lists are cut, never a 5xx. */
const MAX_PARAM_CHARS = 4000
/** Longer than any slug (100 and a '-21' suffix): not looked up, and cut in messages. */
export const MAX_VALUE_CHARS = 110

export const COMPARE_TEXT = {
  toggle: 'Compare',
  title: 'Compare neighbourhoods',
  tray: 'Compare tray',
  trayLink: (count: number) => `Compare (${count})`,
  pickOneMore: 'Pick one more neighbourhood to compare.',
  full: `You can compare up to ${COMPARE_MAX} neighbourhoods. Remove one first.`,
  clear: 'Clear',
  remove: (name: string) => `Remove ${name} from compare`,
  toggleLabel: (name: string) => `Compare ${name}`,
  howTo: `Choose ${COMPARE_MIN} or ${COMPARE_MAX} neighbourhoods with the Compare button on their cards or pages, then open Compare.`,
  tooMany: (count: number) =>
    `You asked to compare ${count} neighbourhoods: at most ${COMPARE_MAX} fit side by side.`,
  unknown: (values: readonly string[]) =>
    values.length === 1
      ? `We don't know a neighbourhood called “${values[0]}”.`
      : `We don't know neighbourhoods called ${values.map((v) => `“${v}”`).join(', ')}.`,
} as const

/** What the address asks for: distinct values in the order given, lower-cased and trimmed. */
export interface CompareQuery {
  values: string[]
  /** True when a no-JavaScript form added a name (`?add=`): always answered by a redirect. */
  added: boolean
}

/**
 * Reads `?n=` (comma-separated, and repeated `n` too, as a GET form sends them) and `?add=` (a
 * name typed in the page's form, made a slug). Empty parts and duplicates are dropped.
 */
export function readCompareQuery(params: URLSearchParams): CompareQuery {
  const raw = params.getAll('n').join(',').slice(0, MAX_PARAM_CHARS)
  const parts = raw.split(',').map((part) => part.trim().toLowerCase())
  const add = slugify((params.get('add') ?? '').slice(0, MAX_VALUE_CHARS))
  if (add) parts.push(add)
  const values = [...new Set(parts.filter((part) => part !== ''))]
  return { values, added: params.has('add') }
}

/** A value that could name a neighbourhood (no odd characters, not absurdly long). */
export const isSlugLike = (value: string) => value.length <= MAX_VALUE_CHARS && isSlug(value)

/** How a value is quoted back in a message: cut, so a long address cannot flood the page. */
export const shownValue = (value: string) =>
  value.length > MAX_VALUE_CHARS ? `${value.slice(0, MAX_VALUE_CHARS)}…` : value

/** The one order of a comparison: its slugs sorted, so every shared link for a set is the same. */
export const canonicalSlugs = (slugs: readonly string[]) =>
  [...new Set(slugs)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))

/** The address comparing `slugs` (slugs only: commas and [a-z0-9-] need no escaping). */
export const compareHref = (slugs: readonly string[]) =>
  slugs.length ? `${COMPARE_PATH}?n=${canonicalSlugs(slugs).join(',')}` : COMPARE_PATH

/**
 * Where a request should go instead, or null to answer it here. Only lists of well-formed slugs
 * that fit are redirected (to their sorted spelling), so the target always reads back as itself
 * and no value with odd characters can loop; anything else is answered with a message.
 */
export function compareRedirect(pathAndSearch: string, query: CompareQuery): string | null {
  if (query.values.length > COMPARE_MAX) return null
  if (!query.values.every(isSlugLike)) return null
  const target = compareHref(query.values)
  return target === pathAndSearch ? null : target
}
