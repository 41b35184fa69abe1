import type { Comment } from '@/payload-types'
import { APIError, type CollectionBeforeChangeHook } from 'payload'

import { COMMENT_TARGETS, MAX_COMMENT_DEPTH, type CommentTargetKind } from '@/rules/targets'
import { lockRow, tableName } from '@/server/database/db'
import { commentTarget } from '@/data/targets'

/**
 * On create: the target must exist and be visible to the writer; a reply must belong to the same
 * target and stay within the nesting depth. Sets `depth`.
 */
export const placeInThread: CollectionBeforeChangeHook<Comment> = async ({
  data,
  operation,
  req,
}) => {
  if (operation !== 'create') return data
  const kind = data.targetKind as CommentTargetKind
  const target = await commentTarget(req, kind, Number(data.targetId))
  if (!target) throw new APIError('Not found.', 404, null, true)
  if (target.closed) throw new APIError(target.closed, 403, null, true)
  // Comments on one target queue up, so the recount after each sees all earlier ones.
  await lockRow(req, tableName(COMMENT_TARGETS[kind].collection), target.doc.id)
  if (!data.parent) return { ...data, depth: 0 }
  const parent = await req.payload.findByID({
    collection: 'comments',
    id: Number(data.parent),
    depth: 0,
    req,
    disableErrors: true,
  })
  if (!parent || parent.targetKind !== kind || Number(parent.targetId) !== Number(data.targetId)) {
    throw new APIError('You can only reply to a comment on the same post.', 400, null, true)
  }
  const depth = (parent.depth ?? 0) + 1
  if (depth > MAX_COMMENT_DEPTH) {
    throw new APIError(`Replies can only be nested ${MAX_COMMENT_DEPTH} deep.`, 400, null, true)
  }
  return { ...data, depth }
}
