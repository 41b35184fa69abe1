import { MESSAGES } from '@/rules/messages'
import { voteSchema } from '@/schemas/poll'
import { z } from '@/schemas/zod'
import { defineContract } from './contract'
import { idParams } from './params'

const count = z.number().int().min(0)
/** The asker's own choice (an option's index), or null (also for visitors). */
const myVote = z.number().int().min(0).nullable()
const summary = z.object({
  pollId: z.number().int(),
  /** Votes per option, in option order. */
  counts: z.array(count),
  total: count,
  myVote,
})

/** SPEC §5: one vote per member, never changed; answers the poll's new summary. */
export const pollVote = defineContract({
  method: 'POST',
  path: '/api/polls/{id}/vote',
  summary: 'Vote on a poll (once)',
  tag: 'polls',
  caller: 'member',
  signIn: MESSAGES.mustBeLoggedInToVote,
  params: idParams,
  input: voteSchema,
  output: summary,
  status: 201,
  refusals: {
    404: MESSAGES.pollNotFound,
    409: `${MESSAGES.alreadyVoted} Or: ${MESSAGES.votingClosed}`,
  },
})

/** The poll's counts (public; who voted for what is not) and the asker's own vote. */
export const pollSummary = defineContract({
  method: 'GET',
  path: '/api/polls/{id}/summary',
  summary: "A poll's votes per option",
  tag: 'polls',
  caller: 'anyone',
  params: idParams,
  input: z.object({}),
  output: summary,
  refusals: { 404: MESSAGES.pollNotFound },
  cache: 'shared',
})

/** The asker's own vote, or null; the poll itself is not looked up. */
export const pollMine = defineContract({
  method: 'GET',
  path: '/api/polls/{id}/mine',
  summary: "The reader's own vote on a poll",
  tag: 'polls',
  caller: 'anyone',
  params: idParams,
  input: z.object({}),
  output: z.object({ pollId: z.number().int(), myVote }),
  refusals: { 404: MESSAGES.pollNotFound },
})
