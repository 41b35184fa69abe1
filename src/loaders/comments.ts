import type { Payload } from 'payload'

import type { CommentTargetKind } from '@/rules/targets'
import { COMMENT_POPULATE, toCommentView, type CommentView } from '@/views/comment'

/** SPEC has no cap; a thread renders whole up to this many (the island reads the same). */
const THREAD_LIMIT = 2000

/**
 * The visible comments of one target, oldest first, with their authors' public profiles, for an
 * on-demand page to render the thread into its HTML. One find: comments plus one batched read of
 * authors and one of avatars, whatever the thread's length.
 */
export async function loadThreadComments(
  payload: Payload,
  kind: CommentTargetKind,
  id: number,
): Promise<CommentView[]> {
  const { docs } = await payload.find({
    collection: 'comments',
    where: {
      and: [
        { targetKind: { equals: kind } },
        { targetId: { equals: id } },
        { hidden: { not_equals: true } },
      ],
    },
    sort: 'createdAt',
    limit: THREAD_LIMIT,
    pagination: false,
    depth: 2,
    populate: COMMENT_POPULATE,
    overrideAccess: false,
  })
  return docs.map(toCommentView)
}
