import type { Contracts } from '@/contracts'
import type { Poll } from '@/payload-types'
import { command, type CommandWork } from '@collections/shared/command'
import { pollAnswer } from './answer'

/**
 * polls.edit: its author (or staff, as the collection's access says) changes it; the
 * collection's hook keeps the question and options once anyone voted.
 */
export const editPoll: CommandWork<Contracts['polls.edit']> = async ({
  req,
  input,
  params,
  user,
}) =>
  pollAnswer(
    await req.payload.update({
      collection: 'polls',
      id: params.id,
      data: input as Partial<Poll>,
      req,
      depth: 0,
      overrideAccess: false,
      user,
    }),
  )

export const editPollEndpoint = command('polls.edit', editPoll)
