import { MESSAGES } from '@/rules/messages'
import { pollEditSchema, pollPostSchema, voteSchema } from '@/schemas/poll'
import { z } from '@/schemas/zod'
import { defineContract } from './contract'
import { deletedAnswer, docId, ownPostRefusals } from './memberPosts'
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

/** The poll as written: its options in order, its close date (ISO) or none. */
const pollAnswer = z.object({
  doc: z.object({
    id: docId,
    question: z.string(),
    options: z.array(z.object({ text: z.string() })),
    closeDate: z.string().nullable(),
    neighbourhood: docId.nullable(),
    author: docId.nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
})

/** SPEC §5 poll creation: a question, two or more options, an optional close date. */
export const pollPost = defineContract({
  method: 'POST',
  path: '/api/polls/new',
  summary: 'Ask a poll',
  tag: 'polls',
  caller: 'member',
  signIn: MESSAGES.mustBeLoggedInToCreatePoll,
  input: pollPostSchema,
  output: pollAnswer,
  status: 201,
})

/** Its author (or staff) changes it; the question and options only while nobody has voted. */
export const pollEdit = defineContract({
  method: 'PATCH',
  path: '/api/polls/{id}/details',
  summary: "Change a poll (its author's)",
  tag: 'polls',
  caller: 'member',
  signIn: MESSAGES.mustBeLoggedInToCreatePoll,
  params: idParams,
  input: pollEditSchema,
  output: pollAnswer,
  refusals: { ...ownPostRefusals, 409: MESSAGES.pollLocked },
})

/** Its author (or staff) deletes the poll and its votes. */
export const pollDelete = defineContract({
  method: 'POST',
  path: '/api/polls/{id}/delete',
  summary: "Delete a poll (its author's)",
  tag: 'polls',
  caller: 'member',
  signIn: MESSAGES.mustBeLoggedInToCreatePoll,
  params: idParams,
  input: z.object({}),
  output: deletedAnswer,
  refusals: ownPostRefusals,
})

/** The neighbourhoods a new poll may name (the form's suggestions), by name. */
export const pollPlaces = defineContract({
  method: 'GET',
  path: '/api/polls/neighbourhoods',
  summary: 'The neighbourhoods a poll may be about',
  tag: 'polls',
  caller: 'anyone',
  input: z.object({}),
  output: z.object({
    neighbourhoods: z.array(z.object({ slug: z.string(), name: z.string() })),
  }),
  cache: 'shared',
})
