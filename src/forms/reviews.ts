import { MESSAGES } from '@/rules/messages'
import { reviewSchema } from '@/schemas/review'
import { ok, refusal, schemaRefusal, sendCommand, upload, viewer } from './calls'
import { file, id, text, type FormHandler } from './types'

/** A review with its rating and optional photo (uploaded first), posted from its page. */
export const review: FormHandler = async ({ fields, page, call }) => {
  if (!(await viewer(call))) return { error: MESSAGES.loginToReview }
  const parsed = reviewSchema.safeParse({
    neighbourhood: id(fields, 'neighbourhood'),
    rating: Number(text(fields, 'rating') || 5),
    comment: text(fields, 'comment'),
    authorName: text(fields, 'authorName') || null,
  })
  if (!parsed.success) return schemaRefusal(parsed.error)
  const image = file(fields, 'photo')
  let photo: number | undefined
  if (image) {
    const uploaded = await upload(call, image, 'review-photo', text(fields, 'photoAlt'))
    if (typeof uploaded !== 'number') return uploaded
    photo = uploaded
  }
  const answer = await sendCommand(call, 'reviews.post', { ...parsed.data, photo })
  if (!ok(answer)) return refusal(answer, 'Request failed', 'Error submitting review: ')
  return { redirect: page.pathname + page.search, flash: MESSAGES.reviewThanks }
}
