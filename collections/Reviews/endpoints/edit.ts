import { toReviewView } from '@/views/review'
import { command } from '@collections/shared/command'
import { editOwnPost } from '@collections/shared/editOwnPost'

/** reviews.edit: the author (or staff) changes the text, stars or photo; the rest stays. */
export const editReview = editOwnPost('reviews.edit', 'reviews', {
  data: (input) => input,
  depth: 1,
  answer: (doc) => ({ review: toReviewView(doc, new Map()) }),
})

export const editReviewEndpoint = command('reviews.edit', editReview)
