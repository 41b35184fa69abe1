import type { Review } from '@/payload-types'
import { relId } from '@/views/media'
import { countStars, type StarCounts } from '@/rules/ratingSummary'
import { badgeEarnedMessage } from '@/rules/badges'
import { listDocuments, readDocument } from '@widgets/lib/client'
import { toast } from '@widgets/lib/toast'
import {
  badgesByUser,
  reviewsListQuery,
  toReviewView,
  type BadgeView,
  type ReviewSort,
  type ReviewView,
} from '@/views/review'

/** The badges of these users, one request. */
export async function loadBadges(userIds: number[]): Promise<Map<number, BadgeView[]>> {
  const ids = [...new Set(userIds)]
  if (!ids.length) return new Map()
  const answer = await listDocuments(
    'user-badges',
    { where: { user: { in: ids.join(',') } }, sort: 'awardedAt', depth: 0, limit: 500 },
    { shared: true },
  )
  return badgesByUser(answer.docs)
}

async function withBadges(docs: Review[]): Promise<ReviewView[]> {
  const badges = await loadBadges(docs.map((d) => relId(d.user)).filter((id) => id !== null))
  return docs.map((d) => toReviewView(d, badges))
}

/** One page of reviews in the given order, with their authors' badges (two requests). */
export async function loadReviewsPage(neighbourhoodId: number, sort: ReviewSort, page: number) {
  const answer = await listDocuments('reviews', reviewsListQuery(neighbourhoodId, sort, page), {
    shared: true,
  })
  return {
    reviews: await withBadges(answer.docs),
    hasMore: answer.hasNextPage,
    totalDocs: answer.totalDocs,
  }
}

/** One review as a card shows it. */
export async function loadReview(id: number): Promise<ReviewView> {
  const doc = await readDocument('reviews', id, { depth: 1 }, { shared: true })
  return (await withBadges([doc]))[0]!
}

/** Star counts of a neighbourhood: only the ratings are read. */
export async function loadStarCounts(neighbourhoodId: number): Promise<StarCounts> {
  const answer = await listDocuments(
    'reviews',
    {
      where: { neighbourhood: { equals: neighbourhoodId } },
      limit: 0,
      depth: 0,
      select: { rating: true },
    },
    { shared: true },
  )
  return countStars(answer.docs.map((d) => d.rating))
}

/**
 * Badges are awarded in the same transaction as the review (collections/Reviews/hooks
 * awardBadges), so once the write has answered, any badge it earned exists: those awarded at or
 * after the review's own time are new. Server times on both sides, no clock skew. Returns the
 * user's badges for the card, and toasts 'You earned the "…" badge!' for each new one.
 */
export async function announceNewBadges(userId: number, since: string): Promise<BadgeView[]> {
  const answer = await listDocuments('user-badges', {
    where: { user: { equals: userId } },
    sort: 'awardedAt',
    depth: 0,
    limit: 100,
  })
  for (const b of answer.docs) {
    if (b.awardedAt >= since) toast.success(badgeEarnedMessage(b.badgeName), { duration: 6000 })
  }
  return badgesByUser(answer.docs).get(userId) ?? []
}
