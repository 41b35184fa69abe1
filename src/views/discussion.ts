import type { Discussion, Media, User } from '@/payload-types'
import { previewDescription } from '@/rules/localSpots'
import { DISCUSSION_SIGN_IN } from '@/rules/discussions'
import { mentionsOf } from '@/rules/mentions'
import { parsePage } from '@/rules/paging'

import { mediaUrl, populated, type Rel } from './media'

/**
 * Discussions (SPEC §2 Discussions, §3 discussions_with_profiles_and_reactions): the list card,
 * the detail post, the list's query (tag, page, neighbourhood) and its addresses. Shared by the
 * pages (src/loaders/discussions.ts), the list endpoint and the islands (widgets/Discussions).
 */

/** Our choice (the spec names no size): ten a page, like the forum. */
export const DISCUSSIONS_PAGE_SIZE = 10
/** The list card cuts the post like the home cards (SPEC §9: 100 characters). */
export const DISCUSSION_EXCERPT_LENGTH = 160
/** A tag typed into the filter is at most this long (longer never matches a stored tag). */
export const TAG_FILTER_MAX = 60
/** How many of the most used tags the list offers as filter links. */
export const POPULAR_TAGS = 12

/** The wording of the discussion screens (SPEC §8 gives none for discussions; ours). */
export const DISCUSSION_TEXT = {
  empty: 'No discussions yet.',
  notFound: 'Discussion not found',
  deleteQuestion: 'Delete this discussion?',
  loginToPost: DISCUSSION_SIGN_IN,
  postFailed: 'Failed to post discussion.',
  updateFailed: 'Failed to update discussion.',
  deleteFailed: 'Failed to delete discussion.',
  titleRequired: 'Title is required.',
  contentRequired: 'Content is required.',
  posted: 'Discussion posted!',
  deleted: 'Discussion deleted.',
  updated: 'Discussion updated.',
} as const

export interface AuthorView {
  id: number
  userName: string | null
  avatarUrl: string | null
}

/** What a discussion's card and its own page both show. */
interface DiscussionSummary {
  id: number
  title: string
  tags: string[]
  neighbourhoodSlug: string | null
  neighbourhoodName: string | null
  author: AuthorView | null
  reactionCount: number
  commentCount: number
  createdAt: string
}

export interface DiscussionCardView extends DiscussionSummary {
  excerpt: string
  href: string
}

export interface DiscussionListQuery {
  tag: string | null
  page: number
  /** The neighbourhood of /neighbourhood/{slug}/discussions; null for all discussions. */
  neighbourhoodSlug: string | null
}

export interface DiscussionListView extends DiscussionListQuery {
  cards: DiscussionCardView[]
  total: number
  totalPages: number
  pageSize: number
}

export interface DiscussionView extends DiscussionSummary {
  content: string
  /** The members it mentions, linked when shown. */
  mentions: string[]
  updatedAt: string
}

export const discussionHref = (id: number) => `/discussions/${id}`

/** The list's address: /discussions or /neighbourhood/{slug}/discussions, with tag and page. */
export function discussionListHref(q: Partial<DiscussionListQuery>): string {
  const base = q.neighbourhoodSlug
    ? `/neighbourhood/${encodeURIComponent(q.neighbourhoodSlug)}/discussions`
    : '/discussions'
  const params = new URLSearchParams()
  if (q.tag) params.set('tag', q.tag)
  if (q.page && q.page > 1) params.set('page', String(q.page))
  const search = params.toString()
  return search ? `${base}?${search}` : base
}

/** Reads ?tag= and ?page= leniently: anything odd falls back to no tag and page 1. */
export function parseListQuery(
  params: URLSearchParams,
  neighbourhoodSlug: string | null = null,
): DiscussionListQuery {
  const tag = (params.get('tag') ?? '').trim().slice(0, TAG_FILTER_MAX)
  return {
    tag: tag || null,
    page: parsePage(params.get('page')),
    neighbourhoodSlug,
  }
}

/** One row of the list query (src/data/discussions.ts) to its card. */
export function discussionCard(row: {
  id: number
  title: string
  content: string
  tags: string[] | null
  slug: string | null
  neighbourhood_name: string | null
  author_id: number | null
  user_name: string | null
  avatar: string | null
  reaction_count: number | null
  comment_count: number | null
  created_at: string | Date
}): DiscussionCardView {
  return {
    id: row.id,
    title: row.title,
    excerpt: previewDescription(row.content, DISCUSSION_EXCERPT_LENGTH).text,
    tags: row.tags ?? [],
    neighbourhoodSlug: row.slug,
    neighbourhoodName: row.neighbourhood_name,
    author: row.author_id
      ? {
          id: row.author_id,
          userName: row.user_name,
          avatarUrl: row.avatar ? `/api/media/file/${row.avatar}` : null,
        }
      : null,
    reactionCount: row.reaction_count ?? 0,
    commentCount: row.comment_count ?? 0,
    createdAt: new Date(row.created_at).toISOString(),
    href: discussionHref(row.id),
  }
}

function authorOf(author: Rel<User>): AuthorView | null {
  const a = populated(author)
  if (!a) return typeof author === 'number' ? { id: author, userName: null, avatarUrl: null } : null
  return {
    id: a.id,
    userName: a.userName ?? null,
    avatarUrl: mediaUrl(a.avatar as Rel<Media>, 'thumbnail'),
  }
}

/** A discussion document (Local or REST API, depth 2) to the detail post. */
export function toDiscussionView(doc: Discussion): DiscussionView {
  const n = populated(doc.neighbourhood)
  return {
    id: doc.id,
    title: doc.title,
    content: doc.content,
    mentions: mentionsOf(doc.mentions),
    tags: doc.tags ?? [],
    neighbourhoodSlug: n?.slug ?? null,
    neighbourhoodName: n?.name ?? null,
    author: authorOf(doc.author),
    reactionCount: doc.reactionCount ?? 0,
    commentCount: doc.commentCount ?? 0,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  }
}
