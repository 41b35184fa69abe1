import { previewDescription } from '@/rules/localSpots'
import { CARD_TEXT_LENGTH } from './home'
import { postPath } from './report'
import { YOUR_FEED_LINK } from './site'

/**
 * 'Your feed' (/feed): what is new in the neighbourhoods a member follows, newest first, 20 a
 * page with Newer / Older links, and a live 'N new posts' notice (widgets/Feed).
 */
export const YOUR_FEED_PATH = YOUR_FEED_LINK.href
export const YOUR_FEED_PAGE_SIZE = 20
/** Deep pages cost an offset in each of the six tables: past this, the last page is shown. */
export const YOUR_FEED_MAX_PAGE = 500
/** The live notice listens to this many followed neighbourhoods at most (the most recent). */
export const YOUR_FEED_LIVE_LIMIT = 50

export const YOUR_FEED_TEXT = {
  title: YOUR_FEED_LINK.label,
  intro: 'New posts from the neighbourhoods you follow, newest first.',
  empty: 'Follow a neighbourhood to see its news here.',
  browse: 'Browse neighbourhoods',
  map: 'Explore the map',
  nothingYet: 'Nothing new in the neighbourhoods you follow yet.',
  newer: '← Newer',
  older: 'Older →',
} as const

export const YOUR_FEED_KIND_LABELS = {
  story: 'Story',
  event: 'Event',
  discussion: 'Discussion',
  poll: 'Poll',
  review: 'Review',
  'local-business': 'Local spot',
} as const
export type YourFeedKind = keyof typeof YOUR_FEED_KIND_LABELS
export const YOUR_FEED_KINDS = Object.keys(YOUR_FEED_KIND_LABELS) as YourFeedKind[]

/**
 * The live events that announce a new post of each kind on `neighbourhood-{id}` (discussions,
 * polls and local spots publish there too, for the feed).
 */
export const YOUR_FEED_LIVE_EVENTS: Record<YourFeedKind, string> = {
  story: 'story',
  event: 'event',
  discussion: 'discussion',
  poll: 'poll',
  review: 'review',
  'local-business': 'business',
}

export interface YourFeedItem {
  kind: YourFeedKind
  id: number
  /** The title, the poll's question, the spot's name or a review's first line. */
  title: string
  /** Reviews only: their stars. */
  rating: number | null
  neighbourhood: { name: string; slug: string }
  /** Null when the author's account is gone. */
  author: { name: string; href: string | null } | null
  createdAt: string
  href: string
}

export interface YourFeedPage {
  items: YourFeedItem[]
  page: number
  hasNewer: boolean
  hasOlder: boolean
  /** How many neighbourhoods the member follows (0: the empty state asks them to follow one). */
  following: number
  /** The neighbourhoods whose channels the live notice listens to. */
  liveNeighbourhoods: number[]
}

/** The address of a page of the feed: /feed, then /feed?page=2 … */
export const yourFeedHref = (page = 1) =>
  page > 1 ? `${YOUR_FEED_PATH}?page=${page}` : YOUR_FEED_PATH

/** Where an item leads: the same pages the notifications and the report page link to. */
export function yourFeedItemHref(kind: YourFeedKind, id: number, slug: string): string {
  // The events page of the neighbourhood, at the event (as the new-event notification links).
  if (kind === 'event') return `/neighbourhood/${slug}/events#event-${id}`
  return postPath(kind, id, slug) ?? `/neighbourhood/${slug}`
}

/** A review has no title: its first line, cut like the home's card text. */
export function yourFeedTitle(kind: YourFeedKind, text: string): string {
  const line = kind === 'review' ? (text.split(/\r?\n/).find((l) => l.trim()) ?? '') : text
  return previewDescription(line.trim(), CARD_TEXT_LENGTH).text
}

/** 'show' text of the live notice: '1 new post', '3 new posts'. */
export const newPostsLabel = (n: number) => `${n} new ${n === 1 ? 'post' : 'posts'}`
