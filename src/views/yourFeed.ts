import { previewDescription } from '@/rules/localSpots'
import { KIND_LABEL as LOST_FOUND_KIND_LABEL, type LostFoundKind } from '@/rules/lostFound'
import type { MarketKind } from '@/rules/market'
import { ALERT_CATEGORY_LABELS, type AlertCategory } from '@/rules/safetyAlerts'
import { CARD_TEXT_LENGTH } from './home'
import { lostFoundHref } from './lostFound'
import { marketItemHref, priceLabel } from './market'
import { postPath } from './report'
import { alertHref } from './safetyAlert'
import { YOUR_FEED_LINK } from './site'

/**
 * 'Your feed' (/feed): what is new in the neighbourhoods a member follows, newest first, 20 a
 * page with Newer / Older links, and a live 'N new posts' notice (widgets/Feed).
 */
export const YOUR_FEED_PATH = YOUR_FEED_LINK.href
export const YOUR_FEED_PAGE_SIZE = 20
/** Deep pages cost an offset in each of the nine tables: past this, the last page is shown. */
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
  'safety-alert': 'Safety alert',
  'lost-found': 'Lost and found',
  'market-item': 'Market',
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
  'safety-alert': 'safety-alert',
  'lost-found': 'lost-found',
  'market-item': 'market-item',
}

export interface YourFeedItem {
  kind: YourFeedKind
  id: number
  /** The title, the poll's question, the spot's name or a review's first line. */
  title: string
  /** Reviews only: their stars. */
  rating: number | null
  /** A word beside the kind: an item's price (or Free, Wanted), Lost or Found, an alert's category. */
  detail: string | null
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
  switch (kind) {
    // The events page of the neighbourhood, at the event (as the new-event notification links).
    case 'event':
      return `/neighbourhood/${slug}/events#event-${id}`
    case 'market-item':
      return marketItemHref(id)
    case 'lost-found':
      return lostFoundHref(id)
    case 'safety-alert':
      return alertHref(id)
    default:
      return postPath(kind, id, slug) ?? `/neighbourhood/${slug}`
  }
}

/** The detail word of an item: `variant` is the market kind, lost or found, or the category. */
export function yourFeedDetail(
  kind: YourFeedKind,
  variant: string | null,
  pence: number | null,
): string | null {
  if (!variant) return null
  if (kind === 'market-item') return priceLabel(variant as MarketKind, pence)
  if (kind === 'lost-found') return LOST_FOUND_KIND_LABEL[variant as LostFoundKind] ?? null
  if (kind === 'safety-alert') return ALERT_CATEGORY_LABELS[variant as AlertCategory] ?? null
  return null
}

/** A review has no title: its first line, cut like the home's card text. */
export function yourFeedTitle(kind: YourFeedKind, text: string): string {
  const line = kind === 'review' ? (text.split(/\r?\n/).find((l) => l.trim()) ?? '') : text
  return previewDescription(line.trim(), CARD_TEXT_LENGTH).text
}

/** 'show' text of the live notice: '1 new post', '3 new posts'. */
export const newPostsLabel = (n: number) => `${n} new ${n === 1 ? 'post' : 'posts'}`
