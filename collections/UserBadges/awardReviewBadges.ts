import type { PayloadRequest } from 'payload'

import { BADGE_LINK, badgeEarnedMessage, reviewBadgesFor } from '@/rules/badges'
import { lockKey } from '@/server/database/db'

/**
 * SPEC §9: after a user's review is created or claimed, award Frequent Explorer (3+ reviews) and
 * Top Local (5+), each once, and tell the user. Runs in the request's transaction.
 *
 * A per-user lock serialises concurrent awards: the count is taken after the other request has
 * committed, so parallel reviews still reach the threshold and never award twice (the unique
 * index on user + badgeName is the last guard). Returns the names of badges newly awarded.
 */
export async function awardReviewBadges(req: PayloadRequest, user: number): Promise<string[]> {
  await lockKey(req, `review-badges:${user}`)
  const { totalDocs } = await req.payload.count({
    collection: 'reviews',
    where: { user: { equals: user } },
    req,
    overrideAccess: true,
  })
  const due = reviewBadgesFor(totalDocs)
  if (due.length === 0) return []

  const held = await req.payload.find({
    collection: 'user-badges',
    where: { user: { equals: user }, badgeName: { in: due.map((b) => b.name) } },
    depth: 0,
    pagination: false,
    req,
    overrideAccess: true,
  })
  const heldNames = new Set(held.docs.map((b) => b.badgeName))
  const awarded: string[] = []
  for (const badge of due) {
    if (heldNames.has(badge.name)) continue
    const created = await req.payload.create({
      collection: 'user-badges',
      data: {
        user,
        badgeName: badge.name,
        colour: badge.colour,
        icon: badge.icon,
        awardedAt: new Date().toISOString(),
      },
      req,
      overrideAccess: true,
    })
    // notify() skips the actor's own notifications; here the actor is the recipient on purpose.
    await req.payload.create({
      collection: 'notifications',
      data: {
        user,
        type: 'badge',
        referenceId: String(created.id),
        link: BADGE_LINK,
        message: badgeEarnedMessage(badge.name),
      },
      req,
      overrideAccess: true,
    })
    awarded.push(badge.name)
  }
  return awarded
}
