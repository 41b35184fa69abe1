import type { Contracts } from '@/contracts'
import { toReviewView } from '@/views/review'
import { command, type CommandWork } from '@collections/shared/command'

/** reviews.edit: the author (or staff) changes the text, stars or photo; the rest stays. */
export const editReview: CommandWork<Contracts['reviews.edit']> = async ({
  req,
  input,
  params,
  user,
}) => {
  const doc = await req.payload.update({
    collection: 'reviews',
    id: params.id,
    data: input,
    depth: 1,
    req,
    user,
    overrideAccess: false,
  })
  return { review: toReviewView(doc, new Map()) }
}

export const editReviewEndpoint = command('reviews.edit', editReview)
