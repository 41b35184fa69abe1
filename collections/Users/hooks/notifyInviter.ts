import type { User } from '@/payload-types'
import type { CollectionAfterChangeHook } from 'payload'

import { relId } from '@/views/media'
import { notify } from '@collections/Notifications/notify'

/** Tells the inviter that a friend joined through their link (credited by `creditInviter`). */
export const notifyInviter: CollectionAfterChangeHook<User> = async ({
  data,
  doc,
  operation,
  req,
}) => {
  // From the written data: the doc read back hides invitedBy from the (signed-out) new user.
  const inviter = relId(data.invitedBy)
  if (operation !== 'create' || inviter === null) return doc
  const name = doc.userName || doc.name || 'A friend'
  await notify(req, {
    recipient: inviter,
    type: 'friend-joined',
    referenceId: doc.id,
    link: doc.userName ? `/profile/${doc.userName}` : '/profile',
    message: `${name} joined Belong with your invite.`,
  })
  return doc
}
