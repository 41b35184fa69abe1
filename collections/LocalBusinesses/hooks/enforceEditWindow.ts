import type { LocalBusiness } from '@/payload-types'
import type { CollectionBeforeValidateHook } from 'payload'
import { APIError } from 'payload'

import { isWithinEditWindow } from '@/rules/localSpots'
import { MESSAGES } from '@/rules/messages'
import { serverNow } from '@/server/config/clock'
import { isStaffUser } from '@collections/access'

/**
 * SPEC §4/§6: the owner edits a spot only within 7 days of creating it (staff any time). Access
 * has already limited updates to the owner; this answers 403 with the spec's words after that.
 */
export const enforceEditWindow: CollectionBeforeValidateHook<LocalBusiness> = ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  if (operation !== 'update' || !req.user || isStaffUser(req.user)) return data
  if (originalDoc?.createdAt && !isWithinEditWindow(originalDoc.createdAt, serverNow())) {
    throw new APIError(MESSAGES.editingExpired, 403, null, true)
  }
  return data
}
