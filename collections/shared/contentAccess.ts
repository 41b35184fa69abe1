import type { Access, Where } from 'payload'

import { isStaffUser, signedIn, staffOrAuthor, throughCommand, userId } from '@collections/access'

const notHidden: Where = { hidden: { not_equals: true } }
const isPublic: Where = { isPublic: { equals: true } }

/**
 * Read rule for community content. Staff see everything. Nobody else sees what staff hid, not
 * even its author. With `privacy` (stories, events) the rest is public unless marked private,
 * which leaves it to its author.
 */
export const readableContent =
  ({ privacy }: { privacy: boolean }): Access =>
  ({ req }) => {
    if (isStaffUser(req.user)) return true
    if (!privacy) return notHidden
    const id = userId(req.user)
    const shown = id === undefined ? isPublic : { or: [isPublic, { author: { equals: id } }] }
    return { and: [notHidden, shown] }
  }

/**
 * Community content's access: read as above; any member posts, its author and staff change it,
 * members only through the kind's commands (staff through the admin's REST too).
 */
export const contentAccess = (options: { privacy: boolean }) => ({
  read: readableContent(options),
  create: throughCommand(signedIn),
  update: throughCommand(staffOrAuthor),
  delete: throughCommand(staffOrAuthor),
})
