import { MESSAGES } from '@/rules/messages'
import { reviewSchema } from '@/schemas/review'
import type { ReviewView } from '@/views/review'
import { ApiError } from '@widgets/lib/api'
import { send } from '@widgets/lib/client'
import { loadSession, type Session } from '@widgets/lib/session'
import { toast } from '@widgets/lib/toast'
import { uploadMedia } from '@widgets/lib/uploadMedia'
import { announceNewBadges } from './reviewsApi'

export interface ReviewDraft {
  rating: number
  comment: string
  name: string
  photo: File | null
}

export type PostOutcome =
  | { ok: true; review: ReviewView; withBadges: Promise<ReviewView> }
  | { ok: false; message: string; needsLogin?: boolean }

const failed = (message: string, needsLogin = false): PostOutcome => {
  toast.error(message)
  return { ok: false, message, needsLogin }
}

/**
 * SPEC §5 review submit: signed in, valid, the photo uploaded first (progress reported), then
 * the review; 'Thanks for your review!' and, once the author's badges are read, any new badge.
 * Every failure comes back with the spec's message (and is toasted).
 */
export async function postReview(
  session: Session,
  neighbourhood: { id: number; name: string },
  draft: ReviewDraft,
  onProgress: (fraction: number | null) => void,
): Promise<PostOutcome> {
  const s = session.status === 'loading' ? await loadSession() : session
  if (s.status !== 'signed-in') return failed(MESSAGES.loginToReview, true)
  const parsed = reviewSchema.safeParse({
    neighbourhood: neighbourhood.id,
    rating: draft.rating,
    comment: draft.comment,
    authorName: draft.name || null,
  })
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message }

  let photoId: number | undefined
  if (draft.photo) {
    onProgress(0)
    try {
      const alt = `Photo of ${neighbourhood.name}`
      photoId = await uploadMedia(draft.photo, 'review-photo', alt, onProgress)
    } catch (err) {
      onProgress(null)
      return failed(`Image upload failed: ${(err as Error).message}`)
    }
  }
  let review: ReviewView
  try {
    review = (await send('reviews.post', { ...parsed.data, photo: photoId })).review
  } catch (err) {
    return failed(
      err instanceof ApiError
        ? `Error submitting review: ${err.message}`
        : `Unexpected error: ${(err as Error).message}`,
    )
  }
  toast.success(MESSAGES.reviewThanks)
  const withBadges = announceNewBadges(s.user.id, review.createdAt).then(
    (badges) => ({ ...review, badges }),
    (err: unknown) => {
      console.warn('Could not read badges', err)
      return review
    },
  )
  return { ok: true, review, withBadges }
}
