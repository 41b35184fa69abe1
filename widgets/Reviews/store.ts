import { atom } from 'nanostores'

import type { StarCounts } from '@/rules/ratingSummary'
import { loadStarCounts } from './reviewsApi'

/**
 * The star counts of the neighbourhood on the page. The header island keeps them current (new,
 * edited and removed reviews arrive on its channel); its rating summary and the Reviews island's
 * total show them. Null until the first change: both islands start from the counts in the HTML.
 */
export const $starCounts = atom<StarCounts | null>(null)

/** Reads the neighbourhood's star counts again; a failure leaves the ones shown. */
export function refreshStarCounts(neighbourhoodId: number) {
  loadStarCounts(neighbourhoodId).then(
    (counts) => $starCounts.set(counts),
    (e: unknown) => console.warn('Could not load the rating summary', e),
  )
}
