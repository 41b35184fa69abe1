import type { User } from '@/payload-types'
import type { CollectionAfterReadHook } from 'payload'

import { userId } from '@collections/access'

/**
 * Payload's own `sessions` field is readable by its owner only, yet an account without sessions
 * still shows everyone `sessions: []`. Drop that empty list for anyone but the owner. (Lists
 * with entries are already removed by the field's access; those the auth strategy reads with
 * access overridden must stay, or nobody could sign in.)
 */
export const hideSessions: CollectionAfterReadHook<User> = ({ doc, req }) => {
  const empty = Array.isArray(doc?.sessions) && doc.sessions.length === 0
  if (empty && String(userId(req.user)) !== String(doc.id)) {
    const { sessions: _empty, ...rest } = doc
    return rest
  }
  return doc
}
