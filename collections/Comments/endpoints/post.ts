import type { Contracts } from '@/contracts'
import type { CommentTargetKind } from '@/rules/targets'
import { COMMENT_POPULATE, toCommentView } from '@/views/comment'
import { command, type CommandWork } from '@collections/shared/command'

/**
 * comments.post: a comment, or a reply with `parent`. The collection's hooks place it in its
 * thread (the target must be open to the writer, the depth is bounded) and do what follows:
 * counters, notifications, mentions, live pushes.
 */
export const postComment: CommandWork<Contracts['comments.post']> = async ({
  req,
  input,
  user,
}) => {
  const doc = await req.payload.create({
    collection: 'comments',
    data: {
      targetKind: input.targetKind as CommentTargetKind,
      targetId: input.targetId,
      parent: input.parent ?? undefined,
      content: input.content,
    },
    depth: 2,
    populate: COMMENT_POPULATE,
    req,
    user,
    overrideAccess: false,
  })
  return { comment: toCommentView(doc) }
}

export const postCommentEndpoint = command('comments.post', postComment)
