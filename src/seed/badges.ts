// The review badges the demo's reviewers have earned, computed from their reviews with the same
// rule the server applies (src/rules/badges.ts). Pure: no randomness of its own.
import { REVIEW_BADGES } from '@/rules/badges'
import type { SeedReview } from './reviews'

export type SeedUserBadge = {
  userName: string
  badgeName: string
  colour: string
  icon: string
  /** When the threshold review was written. */
  awardedAt: string
}

export function makeUserBadges(reviews: SeedReview[]): SeedUserBadge[] {
  const byUser = new Map<string, string[]>()
  for (const review of reviews) {
    if (!review.userName) continue
    const dates = byUser.get(review.userName) ?? []
    dates.push(review.createdAt)
    byUser.set(review.userName, dates)
  }
  const badges: SeedUserBadge[] = []
  for (const [userName, dates] of [...byUser].sort(([a], [b]) => a.localeCompare(b))) {
    dates.sort()
    for (const badge of REVIEW_BADGES) {
      const awardedAt = dates[badge.minReviews - 1]
      if (awardedAt === undefined) continue
      badges.push({
        userName,
        badgeName: badge.name,
        colour: badge.colour,
        icon: badge.icon,
        awardedAt,
      })
    }
  }
  return badges
}
