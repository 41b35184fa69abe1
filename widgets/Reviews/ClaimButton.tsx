import type { Review } from '@/payload-types'
import { useState } from 'react'

import { MESSAGES } from '@/rules/messages'
import { api } from '@widgets/lib/api'
import { toast } from '@widgets/lib/toast'
import { announceNewBadges } from './reviewsApi'
import { toReviewView, type ReviewView } from '@/views/review'

interface Props {
  review: ReviewView
  userId: number
  onClaimed: (review: ReviewView) => void
}

/**
 * SPEC §4 unclaimed review: a signed-in viewer makes it theirs (name and account from the
 * session, on the server). A claim can earn a badge like a new review does.
 */
export function ClaimButton({ review, userId, onClaimed }: Props) {
  const [busy, setBusy] = useState(false)

  const claim = async () => {
    setBusy(true)
    try {
      const { doc } = await api<{ doc: Review & { updatedAt: string } }>(
        `/api/reviews/${review.id}/claim`,
        { method: 'POST' },
      )
      toast.success(MESSAGES.reviewClaimed)
      const claimed = toReviewView(doc, new Map(), review.reactions)
      onClaimed(claimed)
      const badges = await announceNewBadges(userId, doc.updatedAt)
      onClaimed({ ...claimed, badges })
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
