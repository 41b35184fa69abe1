import { COMPARE_EXCERPT, compareHref } from '@/rules/compare'
import { categoryLabel } from '@/rules/localSpots'
import { ratingSummary, type RatingSummary, type StarCounts } from '@/rules/ratingSummary'
import { discussionHref } from './discussion'
import { EVENT_CLOCK, formatEventDate } from './event'
import type { NeighbourhoodCardView } from './neighbourhood'
import { populationView, type PopulationView } from './population'
import { storyHref } from './story'

/** A linked line of a column: an upcoming event, a recent story or discussion. */
export interface CompareItem {
  title: string
  href: string
  /** The event's date, or when the post was written (ISO). */
  date: string
  dateLabel: string
}

/** A list shown in a column: how many there are in all, and the first few. */
export interface CompareList {
  total: number
  items: CompareItem[]
}

/** One neighbourhood's column of the comparison (SPEC Compare). */
export interface CompareColumn extends NeighbourhoodCardView {
  href: string
  rating: RatingSummary
  /** The people within 400 m and per km², when the population lookup found them. */
  population: PopulationView | null
  spots: { category: string; label: string; count: number }[]
  spotsTotal: number
  events: CompareList
  stories: CompareList
  discussions: CompareList
  tags: { tag: string; uses: number }[]
  newestReview: {
    excerpt: string
    rating: number
    authorName: string
    createdAt: string
  } | null
}

/** What /compare shows: a comparison, or a message with links (and the status it answers). */
export type ComparePage =
  | { kind: 'compare'; status: 200; columns: CompareColumn[] }
  | { kind: 'too-few'; status: 200; known: NeighbourhoodCardView[] }
  | {
      kind: 'unknown'
      status: 404
      unknown: string[]
      known: NeighbourhoodCardView[]
    }
  | { kind: 'too-many'; status: 400; count: number; firstThree: string[] }

/** Rows of the section queries (src/loaders/compare.ts), keyed by neighbourhood id. */
export interface CompareRows {
  stars: { id: number; rating: number; count: number }[]
  spots: { id: number; category: string; count: number }[]
  events: { id: number; item_id: number; title: string; at: Date | string; total: number }[]
  posts: {
    id: number
    kind: 'story' | 'discussion'
    item_id: number
    title: string
    at: Date | string
    total: number
  }[]
  tags: { id: number; tag: string; uses: number }[]
  newest: {
    id: number
    rating: number
    comment: string
    author_name: string
    created_at: Date | string
  }[]
}

export interface CompareNeighbourhood extends NeighbourhoodCardView {
  populationEstimate?: number | null
  populationYear?: number | null
  populationSource?: string | null
  populationQuality?: number | null
}

const iso = (at: Date | string) => new Date(at).toISOString()
const dayLabel = (at: string) =>
  new Date(at).toLocaleDateString('en-GB', {
    timeZone: EVENT_CLOCK.timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  })

function listOf(
  rows: { item_id: number; title: string; at: Date | string; total: number }[],
  href: (id: number) => string,
  label: (at: string) => string,
): CompareList {
  return {
    total: rows[0] ? Number(rows[0].total) : 0,
    items: rows.map((r) => ({
      title: r.title,
      href: href(r.item_id),
      date: iso(r.at),
      dateLabel: label(iso(r.at)),
    })),
  }
}

/** The first lines of a review: line breaks folded, cut at a word near COMPARE_EXCERPT. */
export function firstLines(text: string, length = COMPARE_EXCERPT): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= length) return flat
  const cut = flat.slice(0, length)
  const space = cut.lastIndexOf(' ')
  return `${(space > length / 2 ? cut.slice(0, space) : cut).trimEnd()}…`
}

/** One column from its neighbourhood and the rows of every section query. */
export function toCompareColumn(n: CompareNeighbourhood, rows: CompareRows): CompareColumn {
  const mine = <T extends { id: number }>(list: T[]) => list.filter((r) => r.id === n.id)
  const counts: StarCounts = { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 }
  for (const r of mine(rows.stars)) if (r.rating in counts) counts[r.rating as 1] = r.count
  const spots = mine(rows.spots).map((r) => ({
    category: r.category,
    label: categoryLabel(r.category),
    count: r.count,
  }))
  const posts = mine(rows.posts)
  const newest = mine(rows.newest)[0]
  const { populationEstimate, populationYear, populationSource, populationQuality, ...card } = n
  return {
    ...card,
    href: `/neighbourhood/${n.slug}`,
    rating: ratingSummary(counts),
    population: populationView({
      populationEstimate,
      populationYear,
      populationSource,
      populationQuality,
    }),
    spots,
    spotsTotal: spots.reduce((sum, s) => sum + s.count, 0),
    events: listOf(
      mine(rows.events),
      (id) => `/neighbourhood/${n.slug}/events#event-${id}`,
      (at) => formatEventDate(at, EVENT_CLOCK),
    ),
    stories: listOf(
      posts.filter((p) => p.kind === 'story'),
      (id) => storyHref(n.slug, id),
      dayLabel,
    ),
    discussions: listOf(
      posts.filter((p) => p.kind === 'discussion'),
      discussionHref,
      dayLabel,
    ),
    tags: mine(rows.tags).map(({ tag, uses }) => ({ tag, uses })),
    newestReview: newest
      ? {
          excerpt: firstLines(newest.comment),
          rating: Number(newest.rating),
          authorName: newest.author_name,
          createdAt: iso(newest.created_at),
        }
      : null,
  }
}

/** The page's title and link-preview text, from its columns (in their order). */
export function compareSummary(columns: CompareColumn[]) {
  const names = columns.map((c) => c.name)
  const joined =
    names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '')
  const rated = columns
    .map((c) =>
      c.rating.count
        ? `${c.name} ★${c.rating.averageLabel} (${c.rating.count} ${c.rating.count === 1 ? 'review' : 'reviews'})`
        : `${c.name} (no reviews yet)`,
    )
    .join(' · ')
  return {
    title: `Compare ${joined}`,
    description: `${rated}. Ratings, local spots, events and stories side by side on Belong.`,
    imageAlt: `${joined}, London`,
    href: compareHref(columns.map((c) => c.slug)),
  }
}
