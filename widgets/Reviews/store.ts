import { atom } from 'nanostores'

import type { StarCounts } from '@/rules/ratingSummary'

/**
 * The star counts of the neighbourhood on the page. The Reviews island keeps them current (new,
 * edited and removed reviews); the rating summary in the header island shows them. Null until
 * the first change: both islands start from the counts in the HTML.
 */
export const $starCounts = atom<StarCounts | null>(null)
