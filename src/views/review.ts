import { bracketQuery } from '@/rules/neighbourhoodSearch'
import type { Review, UserBadge } from '@/payload-types'

import { mentionsOf } from '@/rules/mentions'
import { populated, relId } from './media'

/**
 * What a review card shows, built from a Payload review document (depth 1). One mapper for both
 * sides: the server uses it for the prerendered HTML (src/loaders/reviews.ts) and the island for its
 * API reads, so the static markup and the hydrated markup are the same.
 */
export interface BadgeView {
  name: string
  colour: string
  icon: string | null
}

export interface PhotoView {
  /** The card-sized image for the thumbnail. */
  thumb: string
  /** The largest stored image, for the lightbox. */
  full: string
  width: number | null
  height: number | null
}

export interface ReactionView {
  counts: Record<string, number>
  mine: string | null
}

export interface ReviewView {
  id: number
  authorName: string
  /** The author's account; null while the review is unclaimed. */
  author: { id: number; userName: string | null } | null
  rating: number
  comment: string
  /** The members its text mentions, linked when shown. */
  mentions: string[]
  photo: PhotoView | null
  createdAt: string
  badges: BadgeView[]
  reactions: ReactionView
  commentCount: number
}

export type ReviewSort = '-createdAt' | '-rating' | 'rating'
export const REVIEW_SORTS: { value: ReviewSort; label: string }[] = [
  { value: '-createdAt', label: 'Newest' },
  { value: '-rating', label: 'Highest' },
  { value: 'rating', label: 'Lowest' },
]
export const REVIEWS_PAGE_SIZE = 10
export const REVIEW_EMOJIS = ['heart', 'thumbs-up', 'thumbs-down'] as const

function photoOf(upload: Review['photo']): PhotoView | null {
  const photo = populated(upload)
  if (!photo?.url) return null
  return {
    thumb: photo.sizes?.card?.url ?? photo.url,
    full: photo.sizes?.hero?.url ?? photo.url,
    width: photo.width ?? null,
    height: photo.height ?? null,
  }
}

/** Badges per user id, in the order they were awarded. */
export function badgesByUser(docs: UserBadge[]): Map<number, BadgeView[]> {
  const map = new Map<number, BadgeView[]>()
  for (const b of docs) {
    const user = relId(b.user)
    if (user === null) continue
    const list = map.get(user) ?? []
    list.push({ name: b.badgeName, colour: b.colour ?? '#2563eb', icon: b.icon ?? null })
    map.set(user, list)
  }
  return map
}

export function toReviewView(
  doc: Review,
  badges: Map<number, BadgeView[]>,
  reactions?: ReactionView,
): ReviewView {
  const authorId = relId(doc.user)
  return {
    id: doc.id,
    authorName: doc.authorName,
    author:
      authorId === null
        ? null
        : {
            id: authorId,
            userName: populated(doc.user)?.userName ?? null,
          },
    rating: doc.rating,
    comment: doc.comment,
    mentions: mentionsOf(doc.mentions),
    photo: photoOf(doc.photo),
    createdAt: doc.createdAt,
    badges: authorId === null ? [] : (badges.get(authorId) ?? []),
    reactions: reactions ?? { counts: {}, mine: null },
    commentCount: doc.commentCount ?? 0,
  }
}

/** The same order the API gives for each sort (ties: newest first). */
export function compareReviews(sort: ReviewSort) {
  return (a: ReviewView, b: ReviewView) => {
    // ISO times sort as plain text (localeCompare would start ICU's collator in the browser).
    const byDate = a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0
    if (sort === '-rating') return b.rating - a.rating || byDate
    if (sort === 'rating') return a.rating - b.rating || byDate
    return byDate
  }
}

/** The order a sort reads in: ties (same rating) newest first, so pages never overlap or skip. */
export const reviewOrder = (sort: ReviewSort) =>
  sort === '-createdAt' ? sort : `${sort},-createdAt`

/** A sort's name in the neighbourhood page's address (`?sort=highest`). */
const SORT_PARAMS: Record<ReviewSort, string> = {
  '-createdAt': 'newest',
  '-rating': 'highest',
  rating: 'lowest',
}

/** `?sort=` read leniently: unknown or missing is newest. */
export function parseReviewSort(value: string | null | undefined): ReviewSort {
  const wanted = (value ?? '').trim().toLowerCase()
  return REVIEW_SORTS.find((s) => SORT_PARAMS[s.value] === wanted)?.value ?? '-createdAt'
}

/**
 * The neighbourhood page's address for a review sort and the number of review pages shown: the
 * page itself for newest and one page (its static file), else `?sort=&pages=` (rendered on demand).
 */
export function reviewsViewHref(path: string, sort: ReviewSort, pages = 1): string {
  const params = new URLSearchParams()
  if (sort !== '-createdAt') params.set('sort', SORT_PARAMS[sort])
  if (pages > 1) params.set('pages', String(pages))
  const query = params.toString()
  return query ? `${path}?${query}` : path
}

/** Query string for one page of a neighbourhood's reviews. */
/** One page of a neighbourhood's reviews as the island asks Payload's list route for it. */
export const reviewsListQuery = (neighbourhoodId: number, sort: ReviewSort, page: number) => ({
  where: { neighbourhood: { equals: neighbourhoodId } },
  sort: reviewOrder(sort),
  limit: REVIEWS_PAGE_SIZE,
  page,
  depth: 1,
})

/** That query as the island's client writes it (the read cache's key). */
export const reviewsQuery = (neighbourhoodId: number, sort: ReviewSort, page: number): string =>
  bracketQuery(reviewsListQuery(neighbourhoodId, sort, page))
