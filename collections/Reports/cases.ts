import type { CollectionSlug, PayloadRequest } from 'payload'

import { REPORT_REASONS, leadingReason, type ReportReason } from '@/rules/moderation'
import { canBeHidden, REPORT_TARGETS, type ReportTargetKind } from '@/rules/targets'
import { query, sql } from '@/server/database/db'
import { notify } from '@collections/Notifications/notify'
import type { ModerationAction } from '@collections/ModerationActions'
import { auditSuspension, suspensionBefore } from '@collections/StaffAudit/suspension'

/** What a case is about, read under a row lock so decisions about one item go one at a time. */
export interface LockedTarget {
  owner: number | null
  hidden: boolean
  neighbourhood: number | null
}

const COMMENTED: Partial<Record<ReportTargetKind, string>> = {
  'review-comment': 'review',
  'story-comment': 'story',
  'discussion-comment': 'discussion',
  'market-item-comment': 'market-item',
  'lost-found-comment': 'lost-found',
  'safety-alert-comment': 'safety-alert',
}
const COMMENTED_TABLE: Record<string, string> = {
  review: 'reviews',
  story: 'stories',
  discussion: 'discussions',
  'market-item': 'market_items',
  'lost-found': 'lost_found_posts',
  'safety-alert': 'safety_alerts',
}

/**
 * Locks the reported item's row (FOR UPDATE) and reads whose it is, whether it is hidden and its
 * neighbourhood; null when there is no such item a member could see (a private story, a comment
 * on another kind of thing).
 */
export async function lockTarget(
  req: PayloadRequest,
  kind: ReportTargetKind,
  id: number,
): Promise<LockedTarget | null> {
  const on = COMMENTED[kind]
  let rows: LockedTarget[]
  if (kind === 'profile') {
    rows = await query<LockedTarget>(
      req,
      sql`SELECT id AS owner, false AS hidden, NULL::int AS neighbourhood
            FROM users WHERE id = ${id} FOR UPDATE`,
    )
  } else if (kind === 'message') {
    rows = await query<LockedTarget>(
      req,
      sql`SELECT sender_id AS owner, false AS hidden, NULL::int AS neighbourhood
            FROM messages WHERE id = ${id} FOR UPDATE`,
    )
  } else if (on) {
    const table = sql.raw(`"${COMMENTED_TABLE[on]}"`)
    rows = await query<LockedTarget>(
      req,
      sql`SELECT c.author_id AS owner, coalesce(c.hidden, false) AS hidden,
                 x.neighbourhood_id AS neighbourhood
            FROM comments c LEFT JOIN ${table} x ON x.id = c.target_id
           WHERE c.id = ${id} AND c.target_kind = ${on} FOR UPDATE OF c`,
    )
  } else {
    const { collection, owner } = REPORT_TARGETS[kind]
    const table = sql.raw(`"${collection.replace(/-/g, '_')}"`)
    const ownerColumn = sql.raw(`"${owner}_id"`)
    const publicOnly = kind === 'story' ? sql.raw('AND is_public IS TRUE') : sql.raw('')
    rows = await query<LockedTarget>(
      req,
      sql`SELECT ${ownerColumn} AS owner, coalesce(hidden, false) AS hidden,
                 neighbourhood_id AS neighbourhood
            FROM ${table} WHERE id = ${id} ${publicOnly} FOR UPDATE`,
    )
  }
  return rows[0] ?? null
}

/** The open reports' reasons of one item (for the log's category). */
async function openReasons(req: PayloadRequest, kind: ReportTargetKind, id: number) {
  const rows = await query<{ reason: ReportReason }>(
    req,
    sql`SELECT reason FROM reports
         WHERE target_kind = ${kind} AND target_id = ${id} AND status = 'open'`,
  )
  return rows.map((r) => r.reason)
}

export interface Decision {
  kind: ReportTargetKind
  id: number
  target: LockedTarget
  /** The editor deciding; null when the threshold of reports decided. */
  editor: number | null
}

async function log(
  req: PayloadRequest,
  d: Decision,
  action: ModerationAction,
  reason: ReportReason | 'editor',
  extra: { member?: number; until?: string } = {},
) {
  await req.payload.create({
    collection: 'moderation-actions',
    data: {
      action,
      targetKind: d.kind,
      targetId: d.id,
      neighbourhood: d.target.neighbourhood,
      reason,
      automatic: d.editor === null,
      decidedBy: d.editor,
      // Whose item it was: the queue counts each member's earlier upheld cases.
      member: d.target.owner,
      ...extra,
    },
    req,
    overrideAccess: true,
  })
}

/** Sets `hidden` through the collection, so its hooks rewrite pages, counts and live views. */
async function setHidden(req: PayloadRequest, d: Decision, hidden: boolean) {
  await req.payload.update({
    collection: REPORT_TARGETS[d.kind].collection as CollectionSlug,
    id: d.id,
    data: { hidden },
    req,
    overrideAccess: true,
    context: { moderation: true },
  })
}

async function closeReports(req: PayloadRequest, d: Decision, status: 'upheld' | 'dismissed') {
  // An editor's decision answers the author's appeal too.
  if (d.editor !== null)
    await query(
      req,
      sql`UPDATE moderation_actions SET appeal_decided_at = now()
           WHERE target_kind = ${d.kind} AND target_id = ${d.id}
             AND appealed_at IS NOT NULL AND appeal_decided_at IS NULL`,
    )
  await query(
    req,
    sql`UPDATE reports SET status = ${status}, decided_at = now(), updated_at = now()
         WHERE target_kind = ${d.kind} AND target_id = ${d.id} AND status = 'open'`,
  )
}

/**
 * Hides an item pending review (the threshold of reports, or an editor): once, logged once, and
 * its author is told why in the bell.
 */
export async function hideItem(req: PayloadRequest, d: Decision, close = false): Promise<void> {
  // What cannot be hidden (a private message) is upheld: its member may be suspended.
  if (!canBeHidden(d.kind)) {
    if (close) await closeReports(req, d, 'upheld')
    return
  }
  const reason = leadingReason(await openReasons(req, d.kind, d.id))
  if (!d.target.hidden) {
    await setHidden(req, d, true)
    await log(req, d, 'hidden', reason ?? 'editor')
    const noun = REPORT_TARGETS[d.kind].noun
    await notify(req, {
      recipient: d.target.owner,
      type: 'moderation',
      referenceId: `${d.kind}-${d.id}`,
      link: `/appeal?kind=${d.kind}&id=${d.id}`,
      message: `Your ${noun} is hidden while an editor reviews it${
        reason ? ` (reported as ${REPORT_REASONS[reason].toLowerCase()})` : ''
      }.`,
    })
  } else if (d.editor !== null) {
    // An editor upholds what the reports hid: a decision of its own in the log.
    await log(req, d, 'hidden', reason ?? 'editor')
  }
  if (close) await closeReports(req, d, 'upheld')
}

/** An editor's Restore: the reports are dismissed and the item shows again. */
export async function restoreItem(req: PayloadRequest, d: Decision): Promise<void> {
  const reason = leadingReason(await openReasons(req, d.kind, d.id))
  if (d.target.hidden) await setHidden(req, d, false)
  await closeReports(req, d, 'dismissed')
  await log(req, d, 'restored', reason ?? 'editor')
}

/**
 * An editor's Suspend of the item's author: hidden and upheld as with Hide, the member's writes
 * refused until `until`, and every session of theirs ended at once.
 */
export async function suspendAuthor(
  req: PayloadRequest,
  d: Decision,
  until: string,
): Promise<void> {
  const member = d.target.owner
  if (member === null) return
  if (canBeHidden(d.kind)) await hideItem(req, d, true)
  else await closeReports(req, d, 'upheld')
  const before = await suspensionBefore(req, member)
  await query(
    req,
    sql`UPDATE users SET suspended_until = ${until}, updated_at = now() WHERE id = ${member}`,
  )
  await auditSuspension(req, member, before, until)
  await query(req, sql`DELETE FROM users_sessions WHERE _parent_id = ${member}`)
  const reason = leadingReason(await openReasons(req, d.kind, d.id))
  await log(req, d, 'suspended', reason ?? 'editor', { member, until })
}

/**
 * An editor's 'Lift suspension': the member may write again at once; logged, and the member is
 * told in the bell. False when they were not suspended.
 */
export async function liftSuspension(
  req: PayloadRequest,
  member: number,
  editor: number,
): Promise<boolean> {
  const before = await suspensionBefore(req, member)
  const lifted = await query<{ id: number }>(
    req,
    sql`UPDATE users SET suspended_until = NULL, updated_at = now()
         WHERE id = ${member} AND suspended_until > now() RETURNING id`,
  )
  if (!lifted.length) return false
  await auditSuspension(req, member, before, null)
  const d: Decision = {
    kind: 'profile',
    id: member,
    target: { owner: member, hidden: false, neighbourhood: null },
    editor,
  }
  await log(req, d, 'lifted', 'editor', { member })
  await notify(req, {
    recipient: member,
    type: 'moderation',
    referenceId: `lifted-${member}-${Date.now()}`,
    link: '/profile',
    message: 'Your suspension is lifted: you can post again.',
  })
  return true
}
