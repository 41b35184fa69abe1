import type { Review } from '@/payload-types'
import type { CollectionAfterChangeHook } from 'payload'

import { relId } from '@/views/media'
import { awardReviewBadges } from '@collections/UserBadges/awardReviewBadges'

/**
 * A review that gains an author (written by a signed-in user, or claimed) counts towards their
 * badges. The seed sets `context.disableBadges` and stores the badges it computed itself.
 */
export const awardBadges: CollectionAfterChangeHook<Review> = async ({
  doc,
  previousDoc,
  operation,
  req,
  context,
}) => {
  if (context.disableBadges) return doc
  const user = relId(doc.user)
  if (user === null) return doc
  if (operation === 'update' && relId(previousDoc?.user) === user) return doc
  await awardReviewBadges(req, user)
  return doc
}
