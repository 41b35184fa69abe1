import type { Contracts } from '@/contracts'
import { command, type CommandWork } from '@collections/shared/command'

/** comments.delete: the author (or staff) deletes a comment; its replies go with it (hooks). */
export const deleteComment: CommandWork<Contracts['comments.remove']> = async ({
  req,
  params,
  user,
}) => {
  const doc = await req.payload.delete({
    collection: 'comments',
    id: params.id,
    req,
    user,
    overrideAccess: false,
  })
  return { id: doc.id }
}

export const deleteCommentEndpoint = command('comments.remove', deleteComment)
