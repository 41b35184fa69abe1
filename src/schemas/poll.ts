import { z } from './zod'

import { MESSAGES } from '@/rules/messages'
import { optionTexts, pollIsComplete } from '@/rules/polls'
import { NUL_MESSAGE, noNul, optionalDate, relationId } from './common'

const MAX_QUESTION = 300
const MAX_OPTION = 200

/** SPEC §5 poll creation: question and every option non-blank; close date optional. */
const withPollRules = <S extends z.ZodType<{ question?: unknown; options?: unknown }>>(schema: S) =>
  schema
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

const pollFields = {
  // Optional here: a missing question or option list gets the rules' one message below.
  question: z.unknown().optional(),
  options: z.unknown().optional(),
  closeDate: optionalDate('Please choose a valid close date.'),
}

/** A stored poll (every write, staff's in the admin too, is checked with it). */
export const pollSchema = withPollRules(
  z.object({ ...pollFields, neighbourhood: relationId(MESSAGES.neighbourhoodNotFound).nullish() }),
)

/**
 * polls.post: as stored, but the neighbourhood may be named by its slug as the form's field
 * takes it ('' for none); the command finds it.
 */
export const pollPostSchema = withPollRules(
  z.object({
    ...pollFields,
    neighbourhood: z
      .union([relationId(MESSAGES.neighbourhoodNotFound), z.string().trim().max(200)], {
        error: MESSAGES.neighbourhoodNotFound,
      })
      .nullish()
      .describe("The neighbourhood's id or slug; none when left out or empty"),
  }),
)

/** The author's edit before anyone voted: any of question, options and close date. */
export const pollEditSchema = z.object({
  question: pollFields.question.optional(),
  options: pollFields.options.optional(),
  closeDate: pollFields.closeDate,
})
export type PollInput = z.input<typeof pollSchema>

/** POST /api/polls/:id/vote; the range check needs the poll (see isValidOptionIndex). */
export const voteSchema = z.object({
  optionIndex: z.number({ error: 'Choose one of the options.' }).int({
    error: 'Choose one of the options.',
  }),
})
