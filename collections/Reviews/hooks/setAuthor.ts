import type { Review } from '@/payload-types'
import type { CollectionBeforeChangeHook } from 'payload'

import { actorName } from '@collections/Notifications/notify'
import { isStaffUser } from '@collections/access'

/**
 * A member writes as themselves: the author comes from the session, not the body. Only the claim
 * endpoint (context.claimReview) turns an unclaimed review into the session user's. Staff may
 * write for others (imports, unclaimed reviews) and otherwise write as themselves.
 */
export const setAuthor: CollectionBeforeChangeHook<Review> = ({
  data,
  operation,
  req,
  originalDoc,
  context,
}) => {
  const user = req.user
  if (operation === 'update' && context.claimReview && user) {
    return { ...data, user: user.id, authorName: actorName(req) }
  }
  if (operation === 'create' && user && !isStaffUser(user)) {
    return {
      ...data,
      user: user.id,
      authorName: user.userName || data.authorName || actorName(req),
    }
  }
  if (operation === 'create' && user && !data.user && !data.authorName) {
    return { ...data, user: user.id, authorName: actorName(req) }
  }
  if (operation === 'update' && !isStaffUser(user)) {
    return { ...data, user: originalDoc?.user, authorName: originalDoc?.authorName }
  }
  return data
}
