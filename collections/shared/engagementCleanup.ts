import type { CollectionAfterDeleteHook } from 'payload'

import { query, sql } from '@/server/database/db'
import { announceApiChanges } from '@/server/http/apiChanges'

/**
 * When a reviewed, commented or reacted-to document is deleted, its comments and all reactions
 * on it and on those comments go with it, in the same transaction.
 */
export const deleteEngagement =
  (reactionKind: string, commentKind?: string): CollectionAfterDeleteHook =>
  async ({ doc, req }) => {
    if (commentKind) {
      await query(
        req,
        sql`DELETE FROM reactions WHERE target_kind = ${`${commentKind}-comment`}
              AND target_id IN (SELECT id FROM comments
                                 WHERE target_kind = ${commentKind} AND target_id = ${doc.id})`,
      )
      await query(
        req,
        sql`DELETE FROM comments WHERE target_kind = ${commentKind} AND target_id = ${doc.id}`,
      )
    }
    await query(
      req,
      sql`DELETE FROM reactions WHERE target_kind = ${reactionKind} AND target_id = ${doc.id}`,
    )
    await announceApiChanges(req, ['reactions', 'comments'])
    return doc
  }
