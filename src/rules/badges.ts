/** SPEC §9: badges for review activity, each granted once. */
export const REVIEW_BADGES = [
  { name: 'Frequent Explorer', minReviews: 3, colour: '#2563eb', icon: '🧭' },
  { name: 'Top Local', minReviews: 5, colour: '#d97706', icon: '🏆' },
] as const
export type ReviewBadge = (typeof REVIEW_BADGES)[number]

/** Where a badge notification leads (the user's own profile). */
export const BADGE_LINK = '/profile'

/** Every review badge a user with `reviewCount` reviews has earned, lowest first. */
export function reviewBadgesFor(reviewCount: number): ReviewBadge[] {
  return REVIEW_BADGES.filter((badge) => reviewCount >= badge.minReviews)
}

/** SPEC §8 success message, also the badge notification's text. */
export function badgeEarnedMessage(badgeName: string): string {
  return `You earned the "${badgeName}" badge!`
}

/** SPEC §4: a badge shows only with no expiry or an expiry still in the future. */
export function isBadgeActive(
  expiresAt: string | Date | null | undefined,
  now: Date = new Date(),
): boolean {
  if (expiresAt === null || expiresAt === undefined || expiresAt === '') return true
  return new Date(expiresAt).getTime() > now.getTime()
}

/** Badge colours are hex: #rgb or #rrggbb. */
export const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i
