import { z } from './zod'

import { MESSAGES } from '@/rules/messages'
import { optionTexts, pollIsComplete } from '@/rules/polls'
import { NUL_MESSAGE, noNul, optionalDate, relationId } from './common'

const MAX_QUESTION = 300
const MAX_OPTION = 200

/** SPEC §5 poll creation: question and every option non-blank; close date optional. */
export const pollSchema = z
  .object({
    question: z.unknown(),
    options: z.unknown(),
    closeDate: optionalDate('Please choose a valid close date.'),
    neighbourhood: relationId(MESSAGES.neighbourhoodNotFound).nullish(),
  })
  .refine((poll) => pollIsComplete(poll.question, poll.options), {
    error: MESSAGES.pollIncomplete,
  })
  .refine((poll) => String(poll.question).trim().length <= MAX_QUESTION, {
    error: `Questions are limited to ${MAX_QUESTION} characters.`,
  })
  .refine((poll) => optionTexts(poll.options).every((text) => text.trim().length <= MAX_OPTION), {
    error: `Options are limited to ${MAX_OPTION} characters.`,
  })
  .refine((poll) => [String(poll.question), ...optionTexts(poll.options)].every(noNul), {
    error: NUL_MESSAGE,
  })
export type PollInput = z.input<typeof pollSchema>

/** POST /api/polls/:id/vote; the range check needs the poll (see isValidOptionIndex). */
export const voteSchema = z.object({
  optionIndex: z.number({ error: 'Choose one of the options.' }).int({
    error: 'Choose one of the options.',
  }),
})
