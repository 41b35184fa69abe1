import type { Comment } from '@/payload-types'
import type { CollectionAfterDeleteHook, CollectionBeforeDeleteHook } from 'payload'

import type { CommentTargetKind } from '@/rules/targets'
import { afterCommit } from '@/server/database/afterCommit'
import { query, sql } from '@/server/database/db'
import { publish } from '@/server/services/realtime'
import { commentTarget } from '@/data/targets'
import { recountComments } from './afterCommentChange'

/**
 * A deleted comment takes its replies with it. Before the delete: the parent foreign key is
 * ON DELETE SET NULL, so afterwards the replies could no longer be found.
 */
export const deleteReplies: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await query(
    req,
    sql`WITH RECURSIVE thread AS (
          SELECT id FROM comments WHERE parent_id = ${id}
          UNION ALL SELECT c.id FROM comments c JOIN thread t ON c.parent_id = t.id)
        DELETE FROM comments WHERE id IN (SELECT id FROM thread)`,
  )
}

/** Then reactions on vanished comments go, and the target's counter and readers follow. */
export const afterCommentDelete: CollectionAfterDeleteHook<Comment> = async ({
  doc,
  req,
  context,
}) => {
  await query(
    req,
    sql`DELETE FROM reactions WHERE target_kind::text LIKE '%-comment' AND target_id NOT IN (SELECT id FROM comments)`,
  )
  const kind = doc.targetKind as CommentTargetKind
  await recountComments(req, kind, Number(doc.targetId))
  if (!context.disableLive) {
    const target = await commentTarget(req, kind, Number(doc.targetId))
    if (target) {
      afterCommit(req, () =>
        publish(target.channel, 'comment.deleted', {
          id: doc.id,
          targetKind: kind,
          targetId: doc.targetId,
        }),
      )
    }
  }
  return doc
}
