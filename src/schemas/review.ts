import { z } from './zod'

import { MESSAGES } from '@/rules/messages'
import { DEFAULT_RATING, RATING_MAX, RATING_MIN } from '@/rules/ratingSummary'
import { imageRef, postText, relationId } from './common'

export { DEFAULT_RATING, RATING_MAX, RATING_MIN }

/** SPEC §5 review: text required, whole-star rating 1-5 (default 5), optional name and photo. */
export const reviewSchema = z.object({
  neighbourhood: relationId(MESSAGES.selectNeighbourhood),
  rating: z
    .number({ error: MESSAGES.reviewRating })
    .int({ error: MESSAGES.reviewRating })
    .min(RATING_MIN, { error: MESSAGES.reviewRating })
    .max(RATING_MAX, { error: MESSAGES.reviewRating })
    .default(DEFAULT_RATING),
  comment: postText(MESSAGES.reviewTextRequired, 4000, MESSAGES.reviewTooLong),
  authorName: z.string().trim().max(80).nullish(),
  photo: imageRef,
})
export type ReviewInput = z.input<typeof reviewSchema>
