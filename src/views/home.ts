import type { Where } from 'payload'

import { londonDate } from '@/rules/dates'
import { previewDescription } from '@/rules/localSpots'
import { bracketQuery } from '@/rules/neighbourhoodSearch'

/** SPEC §9: the home's four feed sections show 2 items each. */
export const FEED_SECTION_SIZE = 2
/** SPEC §9: story text in cards is cut at 100 characters. */
export const CARD_TEXT_LENGTH = 100

export const FEED_TYPES = ['discussion', 'story', 'poll', 'event'] as const
export type FeedType = (typeof FEED_TYPES)[number]

/** SPEC §3 "Feed card (home)". */
export interface HomeFeedCard {
  type: FeedType
  id: number
  title: string
  text: string
  imageUrl: string | null
  neighbourhoodSlug: string | null
  author: { userName: string; avatarUrl: string | null } | null
  createdAt: string
  /** Events only: when it happens. */
  eventDate: string | null
  href: string
}

export type HomeFeeds = Record<FeedType, HomeFeedCard[]>

interface FeedQuery {
  collection: 'discussions' | 'stories' | 'polls' | 'events'
  where?: Where
  sort: string
  limit: number
  depth: 2
  select: Record<string, boolean>
  populate: Record<string, Record<string, boolean>>
}

// Only what a card shows: the author's name and avatar, the neighbourhood's slug, image sizes.
const populate = {
  users: { userName: true, avatar: true },
  neighbourhoods: { slug: true },
  media: { url: true, filename: true, sizes: true },
}
const common = { author: true, neighbourhood: true, createdAt: true } as const

/**
 * SPEC §7 home feeds: discussions by reaction count, public stories featured then newest, polls newest, public
 * events soonest (still to come at `now`). One query description serves the Local API at build
 * and the REST API in the browser.
 */
export function homeFeedQueries(now: Date): Record<FeedType, FeedQuery> {
  const base = { limit: FEED_SECTION_SIZE, depth: 2 as const, populate }
  return {
    discussion: {
      ...base,
      collection: 'discussions',
      sort: '-reactionCount,-createdAt',
      select: { ...common, title: true, content: true },
    },
    story: {
      ...base,
      collection: 'stories',
      where: { isPublic: { equals: true } },
      sort: '-featured,-createdAt',
      select: { ...common, title: true, description: true, image: true },
    },
    poll: {
      ...base,
      collection: 'polls',
      sort: '-createdAt',
      select: { ...common, question: true, options: true },
    },
    event: {
      ...base,
      collection: 'events',
      where: {
        and: [{ isPublic: { equals: true } }, { eventDate: { greater_than: now.toISOString() } }],
      },
      sort: 'eventDate',
      select: { ...common, title: true, description: true, image: true, eventDate: true },
    },
  }
}

/** The same feed, only from these neighbourhoods (those a member follows, on the home). */
export function withinNeighbourhoods(q: FeedQuery, ids: number[]): FeedQuery {
  const only: Where = { neighbourhood: { in: ids } }
  return { ...q, where: q.where ? { and: [q.where, only] } : only }
}

/** A section's cards from followed neighbourhoods first, then the others, each card once. */
export function followedFirst(followed: HomeFeeds, all: HomeFeeds): HomeFeeds {
  const merge = (type: FeedType) => {
    const seen = new Set(followed[type].map((c) => c.id))
    return [...followed[type], ...all[type].filter((c) => !seen.has(c.id))].slice(
      0,
      FEED_SECTION_SIZE,
    )
  }
  return Object.fromEntries(FEED_TYPES.map((type) => [type, merge(type)])) as HomeFeeds
}

export const feedQueryPath = (q: FeedQuery) =>
  `/api/${q.collection}?${bracketQuery({ where: q.where, sort: q.sort, limit: q.limit, depth: q.depth, select: q.select, populate: q.populate })}`

/** A discussion, story, poll or event as the API returns it (depth 2, selected fields). */
export type FeedDoc = object
type Doc = Record<string, unknown>
type Media = {
  url?: string | null
  filename?: string | null
  sizes?: Record<string, { url?: string | null }>
}

/** A sized image (cards), or the original file (avatars are small squares; sizes are 16:9 crops). */
function mediaUrl(media: unknown, size?: 'card'): string | null {
  if (!media || typeof media !== 'object') return null
  const m = media as Media
  const original = m.url ?? (m.filename ? `/api/media/file/${m.filename}` : null)
  return (size && m.sizes?.[size]?.url) || original
}

/** Where a feed card leads (home and forum). */
export function feedHref(type: FeedType, id: number, slug: string | null): string {
  switch (type) {
    case 'discussion':
      return `/discussions/${id}`
    case 'story':
      return slug ? `/neighbourhood/${slug}/stories/${id}` : '/stories'
    case 'poll':
      return `/polls/${id}`
    case 'event':
      return '/event'
  }
}

/** A REST or Local API document to the card the home shows. */
export function toFeedCard(type: FeedType, feedDoc: FeedDoc): HomeFeedCard {
  const doc = feedDoc as Doc
  const author = doc.author && typeof doc.author === 'object' ? (doc.author as Doc) : null
  const neighbourhood =
    doc.neighbourhood && typeof doc.neighbourhood === 'object' ? (doc.neighbourhood as Doc) : null
  const slug = (neighbourhood?.slug as string | undefined) ?? null
  const options = Array.isArray(doc.options) ? (doc.options as { text?: string }[]) : []
  const title = String((type === 'poll' ? doc.question : doc.title) ?? '')
  const body =
    type === 'discussion'
      ? String(doc.content ?? '')
      : type === 'poll'
        ? options.map((o) => o.text ?? '').join(' · ')
        : String(doc.description ?? '')
  const id = doc.id as number
  return {
    type,
    id,
    title,
    text: previewDescription(body, CARD_TEXT_LENGTH).text,
    imageUrl: mediaUrl(doc.image, 'card'),
    neighbourhoodSlug: slug,
    author:
      author && typeof author.userName === 'string'
        ? { userName: author.userName, avatarUrl: mediaUrl(author.avatar) }
        : null,
    createdAt: String(doc.createdAt),
    eventDate: type === 'event' && doc.eventDate ? String(doc.eventDate) : null,
    href: feedHref(type, id, slug),
  }
}

export { absoluteDate } from './relativeTime'

/** A recent moment, without the year, in London: "Mon 3 Nov, 09:30" (a last visit, a digest's week). */
export const recentMoment = (d: Date) => londonDate(d, 'recent')
