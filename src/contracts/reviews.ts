import { MESSAGES } from '@/rules/messages'
import { reviewEditSchema, reviewSchema, reviewView } from '@/schemas/review'
import { z } from '@/schemas/zod'
import { defineContract } from './contract'
import { idParams } from './params'

const answer = z.object({ review: reviewView })

/** A member reviews a neighbourhood: stars, text, optional name and a photo uploaded before. */
export const reviewPost = defineContract({
  method: 'POST',
  path: '/api/reviews/new',
  summary: 'Review a neighbourhood',
  tag: 'reviews',
  caller: 'member',
  signIn: MESSAGES.loginToReview,
  input: reviewSchema,
  output: answer,
  status: 201,
})

/** The author changes their review's text, stars or photo. */
export const reviewEdit = defineContract({
  method: 'PATCH',
  path: '/api/reviews/{id}/details',
  summary: 'Change your review',
  tag: 'reviews',
  caller: 'member',
  signIn: MESSAGES.loginToReview,
  params: idParams,
  input: reviewEditSchema,
  output: answer,
  refusals: { 403: MESSAGES.notAllowed, 404: MESSAGES.reviewNotFound },
})
