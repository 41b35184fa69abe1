import type { PayloadRequest } from 'payload'

import { accountAction } from '@/rules/staffAudit'
import { query, sql } from '@/server/database/db'
import { recordStaffAction } from './record'

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

/** The member's suspension end and name now, read before an editor's decision changes it. */
export async function suspensionBefore(req: PayloadRequest, member: number) {
  const [row] = await query<{ until: Date | string | null; userName: string | null }>(
    req,
    sql`SELECT suspended_until AS until, user_name AS "userName" FROM users WHERE id = ${member}`,
  )
  return { until: iso(row?.until ?? null), userName: row?.userName ?? null }
}

/** Records an editor's Suspend or Lift (written in SQL by the moderation queue) in the audit. */
export async function auditSuspension(
  req: PayloadRequest,
  member: number,
  before: { until: string | null; userName: string | null },
  after: string | null,
): Promise<void> {
  const changes = [{ field: 'suspendedUntil', before: before.until, after: iso(after) }]
  await recordStaffAction(req, {
    action: accountAction(changes),
    targetKind: 'user',
    targetId: member,
    targetUser: member,
    targetLabel: before.userName,
    changes,
  })
}
