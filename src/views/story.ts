import type { Story } from '@/payload-types'
import { previewDescription } from '@/rules/localSpots'
import { mentionsOf } from '@/rules/mentions'
import { STORY_TAG_FILTERS } from '@/rules/tags'

import { CARD_TEXT_LENGTH } from './home'
import { mediaUrl, populated, relId, responsiveImage } from './media'

/**
 * Story screens (SPEC §2 Story screens): the list cards, the single story page and the list's
 * search/tag/page parameters. One mapping for the Astro pages, the RSS feeds and the islands.
 */

/** Stories per list page (the spec gives none; 12 fills rows of 1, 2, 3 and 4 columns). */
export const STORIES_PAGE_SIZE = 12
/** Items in an RSS feed: the newest public stories. */
export const STORY_FEED_SIZE = 50
/** Longest search text the list accepts; longer input is cut, never refused. */
export const STORY_SEARCH_MAX = 100
export const STORY_TAGS = STORY_TAG_FILTERS

export interface StoryAuthor {
  id: number
  userName: string | null
  avatarUrl: string | null
}

export interface StoryCardView {
  id: number
  title: string
  /** SPEC §9: story text in cards is cut at 100 characters. */
  excerpt: string
  imageUrl: string | null
  tags: string[]
  neighbourhood: { slug: string; name: string }
  author: StoryAuthor | null
  createdAt: string
  reactionCount: number
  commentCount: number
  href: string
}

export interface StoryView extends Omit<StoryCardView, 'excerpt'> {
  description: string
  /** The members it mentions, linked when shown. */
  mentions: string[]
  /** WebP widths of the image for `srcset` ('' without sizes). */
  imageSrcset: string
  isPublic: boolean
  imageAlt: string
  /** Reaction counts per emoji when the page was rendered (the island re-reads them). */
  reactions: Record<string, number>
}

export interface StoryListFilter {
  /** Free text: title, description or a tag, case-insensitive. */
  q: string
  /** One tag, exact (case-insensitive). */
  tag: string
  page: number
}

export interface StoryListPage {
  cards: StoryCardView[]
  total: number
  page: number
  totalPages: number
  pageSize: number
}

/** The single story page; `/story/{id}` is the same page (SPEC §2 route table). */
export const storyHref = (slug: string, id: number) =>
  `/neighbourhood/${encodeURIComponent(slug)}/stories/${id}`

export const storiesHref = (slug?: string | null) =>
  slug ? `/neighbourhood/${encodeURIComponent(slug)}/stories` : '/stories'

export const newStoryHref = (slug?: string | null) =>
  slug ? `/neighbourhood/${encodeURIComponent(slug)}/story/new` : '/stories/new'

export const storiesFeedHref = (slug?: string | null) =>
  slug ? `/neighbourhood/${encodeURIComponent(slug)}/stories.xml` : '/stories.xml'

/** Reads ?q=, ?tag= and ?page= leniently: anything odd becomes the default, never an error. */
export function parseStoryListFilter(params: URLSearchParams): StoryListFilter {
  const text = (name: string) => (params.get(name) ?? '').trim().slice(0, STORY_SEARCH_MAX)
  const page = Number(params.get('page'))
  return {
    q: text('q'),
    tag: text('tag'),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  }
}

/** A list URL with the filter (empty parts and page 1 are left out). */
export function storyListHref(slug: string | null | undefined, filter: Partial<StoryListFilter>) {
  const params = new URLSearchParams()
  if (filter.q) params.set('q', filter.q)
  if (filter.tag) params.set('tag', filter.tag)
  if (filter.page && filter.page > 1) params.set('page', String(filter.page))
  const query = params.toString()
  return query ? `${storiesHref(slug)}?${query}` : storiesHref(slug)
}

/** Page numbers to show: all when few, else the first, the last and two either side of `page`. */
export function pageNumbers(page: number, totalPages: number): (number | null)[] {
  const out: (number | null)[] = []
  for (let p = 1; p <= totalPages; p++) {
    if (p === 1 || p === totalPages || Math.abs(p - page) <= 2) out.push(p)
    else if (out[out.length - 1] !== null) out.push(null)
  }
  return out
}

/** A row of the list query (src/loaders/stories.ts) to its card. */
export interface StoryRow {
  id: number
  title: string
  description: string
  created_at: string | Date
  reaction_count: string | number | null
  comment_count: string | number | null
  slug: string
  name: string
  author_id: number | null
  user_name: string | null
  avatar: string | null
  image: string | null
  tags: string[] | null
}

const fileUrl = (filename: string | null) =>
  filename ? `/api/media/file/${encodeURIComponent(filename)}` : null

export function storyCardFromRow(row: StoryRow): StoryCardView {
  return {
    id: row.id,
    title: row.title,
    excerpt: previewDescription(row.description, CARD_TEXT_LENGTH).text,
    imageUrl: fileUrl(row.image),
    tags: row.tags ?? [],
    neighbourhood: { slug: row.slug, name: row.name },
    author: row.author_id
      ? { id: row.author_id, userName: row.user_name, avatarUrl: fileUrl(row.avatar) }
      : null,
    createdAt: new Date(row.created_at).toISOString(),
    reactionCount: Number(row.reaction_count ?? 0),
    commentCount: Number(row.comment_count ?? 0),
    href: storyHref(row.slug, row.id),
  }
}

/** A story document (Local API, depth 2 with authors' avatars) to the single story page. */
export function toStoryView(doc: Story, reactions: Record<string, number> = {}): StoryView {
  const n = populated(doc.neighbourhood)
  const author = populated(doc.author ?? null)
  const slug = n?.slug ?? ''
  const image = populated(doc.image ?? null)
  return {
    id: doc.id,
    title: doc.title,
    description: doc.description,
    mentions: mentionsOf(doc.mentions),
    isPublic: doc.isPublic !== false,
    imageUrl: mediaUrl(doc.image ?? null, 'hero'),
    imageSrcset: responsiveImage(doc.image ?? null, 'hero')?.srcset ?? '',
    imageAlt: image?.alt ?? '',
    tags: doc.tags ?? [],
    neighbourhood: { slug, name: n?.name ?? slug },
    author:
      relId(doc.author) === null
        ? null
        : {
            id: relId(doc.author)!,
            userName: author?.userName ?? null,
            // Avatars are small squares: the original, not a 16:9 size.
            avatarUrl: author ? mediaUrl(author.avatar ?? null) : null,
          },
    createdAt: doc.createdAt,
    reactionCount: doc.reactionCount ?? 0,
    commentCount: doc.commentCount ?? 0,
    reactions,
    href: storyHref(slug, doc.id),
  }
}

/** The story id of a route segment: digits only, else null (the page answers 404). */
export function parseStoryId(segment: string | undefined): number | null {
  if (!segment || !/^\d{1,9}$/.test(segment)) return null
  const id = Number(segment)
  return id > 0 ? id : null
}
