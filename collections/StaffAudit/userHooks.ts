import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  CollectionBeforeChangeHook,
} from 'payload'

import type { User } from '@/payload-types'
import {
  AUDITED_USER_FIELDS,
  PASSWORD_CHANGE,
  accountAction,
  changedFields,
} from '@/rules/staffAudit'
import { recordStaffAction, staffActor } from './record'

const passwordKey = (id: unknown) => `staffAuditPassword:${String(id)}`

/** Notes a password staff set on someone else's account (Payload drops it before afterChange). */
export const noteStaffPassword: CollectionBeforeChangeHook<User> = ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  const actor = staffActor(req)
  if (operation === 'update' && actor && originalDoc && originalDoc.id !== actor.id)
    if (typeof (data as { password?: unknown }).password === 'string')
      req.context[passwordKey(originalDoc.id)] = true
  return data
}

/**
 * Records a staff member's change to an account: someone else's, or their own role. Changes a
 * member makes to their own account, and the server's own writes, are not staff actions.
 */
export const auditStaffUserChange: CollectionAfterChangeHook<User> = async ({
  doc,
  previousDoc,
  operation,
  req,
}) => {
  const actor = staffActor(req)
  if (!actor || operation !== 'update') return doc
  const own = doc.id === actor.id
  const changes = changedFields(AUDITED_USER_FIELDS, { ...previousDoc }, { ...doc })
  if (req.context[passwordKey(doc.id)]) {
    delete req.context[passwordKey(doc.id)]
    changes.push(PASSWORD_CHANGE)
  }
  const relevant = own ? changes.filter((c) => c.field === 'role') : changes
  if (!relevant.length) return doc
  await recordStaffAction(req, {
    action: accountAction(relevant),
    targetKind: 'user',
    targetId: doc.id,
    targetUser: doc.id,
    targetLabel: doc.userName ?? doc.email,
    changes: relevant,
  })
  return doc
}

/** Records an account deleted by staff (not a member deleting their own). */
export const auditStaffUserDelete: CollectionAfterDeleteHook<User> = async ({ doc, req }) => {
  const actor = staffActor(req)
  if (!actor || doc.id === actor.id) return doc
  await recordStaffAction(req, {
    action: 'account-deleted',
    targetKind: 'user',
    targetId: doc.id,
    // The account is gone: only its id and name at the time stay.
    targetUser: null,
    targetLabel: doc.userName ?? doc.email,
    changes: changedFields(['userName', 'email', 'role'], { ...doc }, null),
  })
  return doc
}
