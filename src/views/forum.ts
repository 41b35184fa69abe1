import type { ForumType } from '@/rules/forum'
import { parsePage } from '@/rules/paging'

import { CARD_TEXT_LENGTH, feedHref, type HomeFeedCard } from './home'
import { previewDescription } from '@/rules/localSpots'

/**
 * The community forum (SPEC §2 Community forum): a tab per type whose active tab follows the path
 * prefix, a mixed feed of the four kinds, 10 a page (SPEC §9) with the page in the URL. The
 * cards are the home feed's cards (same type labels and colours, widgets/HomeFeeds/FeedCard).
 */
export const FORUM_PAGE_SIZE = 10 // SPEC §9
export { FORUM_TYPES, type ForumType } from '@/rules/forum'

/** One card of GET /api/forum. */
export interface ForumCard {
  type: ForumType
  id: number
  title: string
  text: string
  neighbourhoodSlug: string | null
  author: { id: number; userName: string | null; avatarUrl: string | null } | null
  createdAt: string
}

/** The answer of GET /api/forum and what the forum page renders. */
export interface ForumPage {
  cards: ForumCard[]
  page: number
  pageSize: number
  total: number
  totalPages: number
}

export interface ForumTab {
  label: string
  /** The path prefix that makes this tab the active one. */
  path: string
  type: ForumType | null
}

export const FORUM_TABS: readonly ForumTab[] = [
  { label: 'All Posts', path: '/forum', type: null },
  { label: 'Discussions', path: '/forum/discussions', type: 'discussion' },
  { label: 'Events', path: '/forum/events', type: 'event' },
  { label: 'Stories', path: '/forum/stories', type: 'story' },
  { label: 'Polls', path: '/forum/polls', type: 'poll' },
]

/** The tab a path belongs to ('/forum/stories/…' → Stories); null when it is no forum path. */
export function tabForPath(pathname: string): ForumTab | null {
  const path = pathname.replace(/\/+$/, '') || '/'
  const specific = FORUM_TABS.filter((t) => t.type !== null).find(
    (t) => path === t.path || path.startsWith(`${t.path}/`),
  )
  if (specific) return specific
  return path === '/forum' ? FORUM_TABS[0]! : null
}

export const tabForType = (type: ForumType | null): ForumTab =>
  FORUM_TABS.find((t) => t.type === type) ?? FORUM_TABS[0]!

/** The address of a forum page: the tab's path, ?page=N from page 2 on. */
export const forumHref = (type: ForumType | null, page = 1) =>
  page > 1 ? `${tabForType(type).path}?page=${page}` : tabForType(type).path

export const parseForumPage = (params: URLSearchParams) => parsePage(params.get('page'))

/** A forum card as the home feed's card (its link, its text cut like the home's). */
export function toFeedCard(card: ForumCard): HomeFeedCard {
  return {
    type: card.type,
    id: card.id,
    title: card.title,
    text: previewDescription(card.text, CARD_TEXT_LENGTH).text,
    imageUrl: null,
    neighbourhoodSlug: card.neighbourhoodSlug,
    author: card.author?.userName
      ? { userName: card.author.userName, avatarUrl: card.author.avatarUrl }
      : null,
    createdAt: card.createdAt,
    eventDate: null,
    href: feedHref(card.type, card.id, card.neighbourhoodSlug),
  }
}
