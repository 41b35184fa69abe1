import type { PayloadRequest } from 'payload'

import type { Contracts } from '@/contracts'
import type { ParsedInputOf } from '@/contracts/contract'
import type { Poll } from '@/payload-types'
import { MESSAGES } from '@/rules/messages'
import { command, type CommandWork } from '@collections/shared/command'
import { pollAnswer } from './answer'

type Named = ParsedInputOf<Contracts['polls.post']>['neighbourhood']

/** The form names the neighbourhood by slug; an id (or none) goes on as it is. */
async function neighbourhoodId(req: PayloadRequest, named: Named) {
  if (typeof named !== 'string') return named ?? null
  if (named === '') return null
  const { docs } = await req.payload.find({
    collection: 'neighbourhoods',
    where: { slug: { equals: named } },
    limit: 1,
    depth: 0,
    select: { slug: true },
    pagination: false,
    req,
  })
  return docs[0]?.id
}

/** The refusal beside the form's neighbourhood field, in Payload's error shape. */
const unknownNeighbourhood = () => {
  const message = MESSAGES.neighbourhoodNotFound
  return Response.json(
    { errors: [{ message, data: { errors: [{ path: 'neighbourhood', message }] } }] },
    { status: 400 },
  )
}

/**
 * polls.post: a member asks a poll. Written as the member, so the collection's access and hooks
 * (sign-in, neighbourhood must exist, search, live pushes, stale pages) are the rules.
 */
export const postPoll: CommandWork<Contracts['polls.post']> = async ({ req, input, user }) => {
  const neighbourhood = await neighbourhoodId(req, input.neighbourhood)
  if (neighbourhood === undefined) return unknownNeighbourhood()
  const doc = await req.payload.create({
    collection: 'polls',
    // The schema checked question and options as the spec's clients send them (options as a
    // list of text, stored as rows by the field's hook), so they go on unchanged.
    data: {
      question: input.question as Poll['question'],
      options: input.options as Poll['options'],
      closeDate: input.closeDate as Poll['closeDate'],
      neighbourhood,
    },
    req,
    depth: 0,
    overrideAccess: false,
    user,
  })
  return pollAnswer(doc)
}

export const postPollEndpoint = command('polls.post', postPoll)
