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

/** An author's edit of their review: the text, the stars, the photo (what they wrote, not where). */
export const reviewEditSchema = reviewSchema
  .pick({ comment: true, photo: true })
  .extend({
    rating: z
      .number({ error: MESSAGES.reviewRating })
      .int({ error: MESSAGES.reviewRating })
      .min(RATING_MIN, { error: MESSAGES.reviewRating })
      .max(RATING_MAX, { error: MESSAGES.reviewRating }),
  })
  .partial()

/** A review as its card shows it (src/views/review.ts ReviewView), the answer of a write. */
export const reviewView = z.object({
  id: z.number().int(),
  authorName: z.string(),
  author: z.object({ id: z.number().int(), userName: z.string().nullable() }).nullable(),
  rating: z.number().int(),
  comment: z.string(),
  mentions: z.array(z.string()),
  photo: z
    .object({
      thumb: z.string(),
      full: z.string(),
      width: z.number().nullable(),
      height: z.number().nullable(),
    })
    .nullable(),
  createdAt: z.string(),
  badges: z.array(z.object({ name: z.string(), colour: z.string(), icon: z.string().nullable() })),
  reactions: z.object({ counts: z.record(z.string(), z.number()), mine: z.string().nullable() }),
  commentCount: z.number().int(),
})
