import type { PayloadRequest } from 'payload'

import { auditSummary, type AuditChange, type StaffAuditAction } from '@/rules/staffAudit'
import { actingRole, isStaffUser } from '@collections/access'

export interface AuditEntry {
  action: StaffAuditAction
  targetKind: 'user' | 'page'
  targetId: number
  /** The account changed, while it exists (null once deleted). */
  targetUser?: number | null
  targetLabel: string | null
  changes: AuditChange[]
}

/** The staff account acting in `req`, or null (a member, a visitor, the server's own work). */
export function staffActor(req: PayloadRequest) {
  const user = req.user
  if (!user || !isStaffUser(user)) return null
  const userName = (user as { userName?: string | null }).userName ?? null
  return { id: Number(user.id), userName, role: actingRole(user) === 'admin' ? 'admin' : 'editor' }
}

/**
 * One audit row, in the request's transaction (a change rolled back leaves no row), written past
 * the collection's access rules, which let nobody write.
 */
export async function recordStaffAction(req: PayloadRequest, entry: AuditEntry): Promise<void> {
  const actor = staffActor(req)
  if (!actor) return
  await req.payload.create({
    collection: 'staff-audit',
    data: {
      action: entry.action,
      actor: actor.id,
      actorName: actor.userName ?? `#${actor.id}`,
      actorRole: actor.role as 'editor' | 'admin',
      targetKind: entry.targetKind,
      targetId: entry.targetId,
      targetUser: entry.targetUser ?? null,
      targetLabel: entry.targetLabel,
      summary: auditSummary(entry.changes),
      changes: entry.changes,
    },
    req,
    overrideAccess: true,
  })
}
