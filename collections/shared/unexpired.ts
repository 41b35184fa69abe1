import type { Access } from 'payload'

import { isStaffUser } from '@collections/access'

/**
 * SPEC §4: badges show only with no expiry or an expiry still ahead. Staff see all (to manage
 * them); everyone else never receives an expired badge.
 */
export const unexpiredUnlessStaff: Access = ({ req }) =>
  isStaffUser(req.user)
    ? true
    : {
        or: [
          { expiresAt: { exists: false } },
          { expiresAt: { greater_than: new Date().toISOString() } },
        ],
      }
