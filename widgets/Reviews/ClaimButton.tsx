import { useState } from 'react'

import { MESSAGES } from '@/rules/messages'
import { send } from '@widgets/lib/client'
import { toast } from '@widgets/lib/toast'
import { announceNewBadges, loadReview } from './reviewsApi'
import { reviewChanged } from './store'
import type { ReviewView } from '@/views/review'

interface Props {
  review: ReviewView
  userId: number
}

/**
 * SPEC §4 unclaimed review: a signed-in viewer makes it theirs (name and account from the
 * session, on the server). A claim can earn a badge like a new review does.
 */
export function ClaimButton({ review, userId }: Props) {
  const [busy, setBusy] = useState(false)

  const claim = async () => {
    setBusy(true)
    try {
      const { doc } = await send('reviews.claim', {}, { id: review.id })
      toast.success(MESSAGES.reviewClaimed)
      const claimed = { ...(await loadReview(review.id)), reactions: review.reactions }
      reviewChanged(claimed)
      const since = typeof doc.updatedAt === 'string' ? doc.updatedAt : new Date().toISOString()
      const badges = await announceNewBadges(userId, since)
      reviewChanged({ ...claimed, badges })
    } catch (e) {
      toast.error((e as Error).message)
      setBusy(false)
    }
  }

  return (
    <button type="button" className="claim-button" disabled={busy} onClick={() => void claim()}>
      {busy ? 'Claiming...' : 'Claim this review'}
    </button>
  )
}
