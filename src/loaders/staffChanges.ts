import type { Payload } from 'payload'

import { ACCOUNT_ACTIONS, accountChangeSentence, type AuditChange } from '@/rules/staffAudit'

export interface StaffChangeView {
  at: string
  /** 'by an admin' / 'by an editor': staff act for the site, their names stay with admins. */
  by: string
  lines: string[]
}

const isChange = (value: unknown): value is AuditChange =>
  typeof value === 'object' && value !== null && typeof (value as AuditChange).field === 'string'

/**
 * The last changes staff made to the viewer's own account (role, suspension, address, name),
 * for Settings. Read past the audit's admins-only rule, for the viewer's own id only (the page
 * took it from the session), and only the fields a member is shown.
 */
export async function loadStaffChanges(
  payload: Payload,
  viewerId: number,
  byRole: (role: string | null | undefined) => string,
): Promise<StaffChangeView[]> {
  const { docs } = await payload.find({
    collection: 'staff-audit',
    where: { targetUser: { equals: viewerId }, action: { in: ACCOUNT_ACTIONS } },
    sort: '-createdAt',
    limit: 10,
    depth: 0,
    overrideAccess: true,
    select: { createdAt: true, actorRole: true, changes: true },
  })
  return docs.map((doc) => ({
    at: doc.createdAt,
    by: byRole(doc.actorRole),
    lines: (Array.isArray(doc.changes) ? doc.changes : [])
      .filter(isChange)
      .map((change) => accountChangeSentence(change, doc.createdAt)),
  }))
}
