import type { Payload, RequestContext } from 'payload'

import { pgPool } from '@/server/database/db'
import { postReview } from '@collections/Reviews/endpoints/post'
import { runCommand } from '@collections/shared/command'

import type { SeedData } from './index'
import { seededMembers } from './members'

/**
 * The demo's reviews: a member's through reviews.post as that member (the same
 * command the site's form and island call), an unclaimed one as an import writes it. Each then
 * gets its place in the last 18 months (a member cannot back-date a review).
 */
export async function storeReviews(
  payload: Payload,
  data: SeedData,
  userIds: Map<string, number>,
  neighbourhoodIds: Map<string, number>,
  context: RequestContext,
): Promise<number[]> {
  const asMember = seededMembers(payload)
  const ids: number[] = []
  for (const review of data.reviews) {
    const neighbourhood = neighbourhoodIds.get(review.neighbourhoodSlug)!
    const member = review.userName ? await asMember(userIds.get(review.userName)!) : undefined
    const input = { neighbourhood, rating: review.rating, comment: review.comment }
    const id = member
      ? (await runCommand(payload, 'reviews.post', postReview, { user: member, input, context }))
          .review.id
      : (
          await payload.create({
            collection: 'reviews',
            data: { ...input, authorName: review.authorName },
            context,
          })
        ).id
    ids.push(id)
  }
  await pgPool(payload).query(
    `UPDATE reviews r SET created_at = d.created_at
       FROM unnest($1::int[], $2::timestamptz[]) AS d(id, created_at) WHERE r.id = d.id`,
    [ids, data.reviews.map((review) => review.createdAt)],
  )
  return ids
}
