import type { Contracts } from '@/contracts'
import { toReviewView } from '@/views/review'
import { command, type CommandWork } from '@collections/shared/command'

/**
 * reviews.post: the member's review. The collection's hooks hold its rules (sign-in, suspension,
 * the neighbourhood must exist, the author from the session, mentions, badges, live pushes).
 */
export const postReview: CommandWork<Contracts['reviews.post']> = async ({ req, input, user }) => {
  const doc = await req.payload.create({
    collection: 'reviews',
    data: {
      neighbourhood: input.neighbourhood,
      rating: input.rating,
      comment: input.comment,
      // Empty: the author hook names a member's review from the session.
      authorName: input.authorName ?? '',
      photo: input.photo ?? undefined,
    },
    depth: 1,
    req,
    user,
    overrideAccess: false,
  })
  return { review: toReviewView(doc, new Map()) }
}

export const postReviewEndpoint = command('reviews.post', postReview)
