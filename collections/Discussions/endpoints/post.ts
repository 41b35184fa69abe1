import type { Contracts } from '@/contracts'
import { command, type CommandWork } from '@collections/shared/command'
import { discussionAnswer } from './answer'

/**
 * discussions.post: a member starts a discussion. Written as the member, so the collection's
 * access and hooks (neighbourhood must exist, mentions, search, live pushes, stale pages) are
 * the rules.
 */
export const postDiscussion: CommandWork<Contracts['discussions.post']> = async ({
  req,
  input,
  user,
}) =>
  discussionAnswer(
    await req.payload.create({
      collection: 'discussions',
      data: input,
      req,
      depth: 0,
      overrideAccess: false,
      user,
    }),
  )

export const postDiscussionEndpoint = command('discussions.post', postDiscussion)
