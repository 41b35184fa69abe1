import type { Field } from 'payload'

import { isStaffUser } from '@collections/access'

/**
 * Payload's own createdAt is writable through REST. Members must not backdate or postdate their
 * content (sorting and the local-spot edit window depend on it); staff and server code
 * (overrideAccess, e.g. the seed) may still set it.
 */
export const protectedCreatedAt: Field = {
  name: 'createdAt',
  type: 'date',
  index: true,
  access: {
    create: ({ req }) => isStaffUser(req.user),
    update: ({ req }) => isStaffUser(req.user),
  },
  admin: { hidden: true, disableBulkEdit: true },
}
