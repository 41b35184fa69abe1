import type { Contracts } from '@/contracts'
import { command, type CommandWork } from '@collections/shared/command'
import { discussionAnswer } from './answer'

/** discussions.edit: its author (or staff, as the collection's access says) changes it. */
export const editDiscussion: CommandWork<Contracts['discussions.edit']> = async ({
  req,
  input,
  params,
  user,
}) =>
  discussionAnswer(
    await req.payload.update({
      collection: 'discussions',
      id: params.id,
      data: input,
      req,
      depth: 0,
      overrideAccess: false,
      user,
    }),
  )

export const editDiscussionEndpoint = command('discussions.edit', editDiscussion)
