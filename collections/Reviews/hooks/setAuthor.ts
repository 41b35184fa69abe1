import type { CollectionBeforeChangeHook } from 'payload'

import { isStaffUser } from '../../access'

/** A member writes as themselves: the author comes from the session, not the body. */
export const setAuthor: CollectionBeforeChangeHook = ({ data, operation, req, originalDoc }) => {
  const user = req.user
  if (operation === 'create' && user && !isStaffUser(user)) {
    return { ...data, user: user.id, authorName: user.userName ?? data.authorName }
  }
  if (operation === 'update' && !isStaffUser(user)) {
    return { ...data, user: originalDoc?.user, authorName: originalDoc?.authorName }
  }
  return data
}
