import type { Poll } from '@/payload-types'
import { command } from '@collections/shared/command'
import { editOwnPost } from '@collections/shared/editOwnPost'
import { pollAnswer } from './answer'

/**
 * polls.edit: its author (or staff, as the collection's access says) changes it; the
 * collection's hook keeps the question and options once anyone voted.
 */
export const editPoll = editOwnPost('polls.edit', 'polls', {
  data: (input) => input as Partial<Poll>,
  answer: pollAnswer,
})

export const editPollEndpoint = command('polls.edit', editPoll)
