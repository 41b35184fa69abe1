import type { CollectionAfterChangeHook } from 'payload'

import type { User } from '@/payload-types'
import { isStaffRole } from '@/rules/moderation'
import { endSessions } from '@/data/sessions'

/**
 * A member made an editor or admin whose only second factor is a passkey: their sessions were
 * opened with the password alone (a member's password sign-in is one step), so they end, and the
 * next sign-in asks for the passkey. An account with the authenticator app passed a code at
 * every sign-in already.
 */
export const endPasswordSessionsOnPromotion: CollectionAfterChangeHook<User> = async ({
  doc,
  operation,
  previousDoc,
  req,
}) => {
  const promoted = isStaffRole(doc.role) && !isStaffRole(previousDoc?.role)
  if (operation === 'update' && promoted && doc.passkeysSince && !doc.twoFactorSince) {
    await endSessions(req, doc.id, 'all')
  }
  return doc
}
