import type { Contracts } from '@/contracts'
import { COMMENT_POPULATE, toCommentView } from '@/views/comment'
import { command, type CommandWork } from '@collections/shared/command'

/** comments.edit: the author (or staff) changes what a comment says; its place stays. */
export const editComment: CommandWork<Contracts['comments.edit']> = async ({
  req,
  input,
  params,
  user,
}) => {
  const doc = await req.payload.update({
    collection: 'comments',
    id: params.id,
    data: { content: input.content },
    depth: 2,
    populate: COMMENT_POPULATE,
    req,
    user,
    overrideAccess: false,
  })
  return { comment: toCommentView(doc) }
}

export const editCommentEndpoint = command('comments.edit', editComment)
