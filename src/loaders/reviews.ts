import type { Payload } from 'payload'

import { pgPool } from '@/server/database/db'

import { emptyCounts, type StarCounts } from '@/rules/ratingSummary'
import { reactionCounts } from './reactions'
import {
  badgesByUser,
  reviewOrder,
  REVIEWS_PAGE_SIZE,
  toReviewView,
  type ReviewSort,
  type ReviewView,
} from '@/views/review'

export interface ReviewsFirstPage {
  reviews: ReviewView[]
  totalDocs: number
  hasMore: boolean
  counts: StarCounts
  /** When the HTML was made: relative times render against it until the island takes over. */
  renderedAt: string
  /** The order and number of pages shown (the page's ?sort= and ?pages=). */
  sort: ReviewSort
  pages: number
}

/** Stars per rating for one neighbourhood, in one aggregate. */
async function starCounts(payload: Payload, neighbourhoodId: number): Promise<StarCounts> {
  const { rows } = await pgPool(payload).query<{ rating: number; count: number }>(
    `SELECT rating::int AS rating, count(*)::int AS count FROM reviews
      WHERE neighbourhood_id = $1 AND hidden IS NOT TRUE GROUP BY rating`,
    [neighbourhoodId],
  )
  const counts = emptyCounts()
  for (const row of rows) if (row.rating in counts) counts[row.rating as 1] = row.count
  return counts
}

/**
 * The newest page of a neighbourhood's reviews as the public sees them (access applied as a
 * visitor, so hidden reviews stay out), with authors, photos, badges and reaction counts: four
 * queries whatever the page size.
 */
export async function firstReviews(
  payload: Payload,
  neighbourhoodId: number,
  { sort = '-createdAt', pages = 1 }: { sort?: ReviewSort; pages?: number } = {},
): Promise<ReviewsFirstPage> {
  const page = await payload.find({
    collection: 'reviews',
    where: { neighbourhood: { equals: neighbourhoodId } },
    // The Local API takes the fields as a list (REST splits the comma-separated form).
    sort: reviewOrder(sort).split(','),
    limit: REVIEWS_PAGE_SIZE * pages,
    depth: 1,
    // The page is this neighbourhood's: no need to load it again for every review.
    select: { neighbourhood: false },
    overrideAccess: false,
  })
  const docs = page.docs
  const authors = [
    ...new Set(docs.map((d) => (typeof d.user === 'object' ? d.user?.id : d.user)).filter(Boolean)),
  ] as number[]
  const [badges, reactions, counts] = await Promise.all([
    authors.length
      ? payload.find({
          collection: 'user-badges',
          where: { user: { in: authors } },
          sort: 'awardedAt',
          depth: 0,
          pagination: false,
          overrideAccess: false,
        })
      : Promise.resolve({ docs: [] }),
    reactionCounts(
      payload,
      'review',
      docs.map((d) => d.id),
    ),
    starCounts(payload, neighbourhoodId),
  ])
  const byUser = badgesByUser(badges.docs)
  return {
    reviews: docs.map((d) =>
      toReviewView({ ...d, neighbourhood: neighbourhoodId }, byUser, {
        counts: reactions.get(d.id) ?? {},
        mine: null,
      }),
    ),
    totalDocs: page.totalDocs,
    hasMore: page.hasNextPage,
    counts,
    renderedAt: new Date().toISOString(),
    sort,
    pages,
  }
}
