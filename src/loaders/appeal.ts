import type { Payload } from 'payload'

import { ITEM_TEXT } from '@/data/moderationQueue'
import { canBeHidden, REPORT_TARGETS, type ReportTargetKind } from '@/rules/targets'
import { pgPool } from '@/server/database/db'

/**
 * The author's own item for /appeal, hidden or not (readers' access would not find it): its
 * text, why it was hidden, and when they asked for a review; null when it is not theirs.
 */
export async function loadHiddenItem(
  payload: Payload,
  owner: number,
  kind: ReportTargetKind,
  id: number,
): Promise<{
  text: string
  hidden: boolean
  reason: string | null
  appealedAt: string | null
} | null> {
  const { collection, owner: ownerField } = REPORT_TARGETS[kind]
  const ownerColumn = ownerField === 'id' ? 'id' : `${ownerField}_id`
  const hidden = canBeHidden(kind) ? 'coalesce(hidden, false)' : 'false'
  const pool = pgPool(payload)
  const { rows } = await pool.query<{ text: string; hidden: boolean }>(
    `SELECT ${ITEM_TEXT[kind]} AS text, ${hidden} AS hidden
       FROM "${collection.replace(/-/g, '_')}" WHERE id = $1 AND ${ownerColumn} = $2`,
    [id, owner],
  )
  const item = rows[0]
  if (!item) return null
  const { rows: log } = await pool.query<{ reason: string | null; appealed_at: Date | null }>(
    `SELECT reason, appealed_at FROM moderation_actions
      WHERE target_kind = $1 AND target_id = $2 AND action = 'hidden'
      ORDER BY created_at DESC LIMIT 1`,
    [kind, id],
  )
  return {
    text: item.text,
    hidden: item.hidden,
    reason: log[0]?.reason ?? null,
    appealedAt: log[0]?.appealed_at?.toISOString() ?? null,
  }
}
