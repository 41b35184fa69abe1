/** SPEC §2, §9: a neighbourhood's rating summary — average to one decimal, a bar per star 5→1. */
export const STARS = [5, 4, 3, 2, 1] as const
export type Star = (typeof STARS)[number]

/** SPEC §5: whole stars 1-5, 5 preselected. */
export const RATING_MIN = 1
export const RATING_MAX = 5
export const DEFAULT_RATING = 5

/** How many reviews gave each star (1-5). */
export type StarCounts = Record<Star, number>

export interface RatingSummary {
  count: number
  /** Rounded to one decimal; null with no reviews. */
  average: number | null
  /** '4.3', or '–' with no reviews (always one decimal, as SPEC §9 asks). */
  averageLabel: string
  /** One row per star, 5 first; percentages are whole numbers that add up to 100 (or all 0). */
  rows: { stars: Star; count: number; percent: number }[]
}

export const emptyCounts = (): StarCounts => ({ 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 })

/** Star counts from a list of ratings; anything outside whole 1-5 is ignored. */
export function countStars(ratings: Iterable<number>): StarCounts {
  const counts = emptyCounts()
  for (const r of ratings) {
    if (Number.isInteger(r) && r >= 1 && r <= 5) counts[r as Star] += 1
  }
  return counts
}

/**
 * Whole percentages by the largest-remainder method, so the bars add up to exactly 100: three
 * reviews of 5, 4 and 3 stars read 34 / 33 / 33, not 33 / 33 / 33.
 */
function percentages(counts: StarCounts, total: number): Record<Star, number> {
  const result = { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 } as Record<Star, number>
  if (total === 0) return result
  const exact = STARS.map((s) => ({ s, value: (counts[s] * 100) / total }))
  let left = 100
  for (const { s, value } of exact) {
    result[s] = Math.floor(value)
    left -= result[s]
  }
  // Higher stars win ties, so equal shares read top-down the same way every time.
  const byRemainder = [...exact].sort(
    (a, b) => b.value - Math.floor(b.value) - (a.value - Math.floor(a.value)) || b.s - a.s,
  )
  for (let i = 0; i < left; i++) result[byRemainder[i]!.s] += 1
  return result
}

export function ratingSummary(counts: StarCounts): RatingSummary {
  const count = STARS.reduce((sum, s) => sum + counts[s], 0)
  const sum = STARS.reduce((total, s) => total + s * counts[s], 0)
  const average = count === 0 ? null : Math.round((sum / count) * 10) / 10
  const percent = percentages(counts, count)
  return {
    count,
    average,
    averageLabel: average === null ? '–' : average.toFixed(1),
    rows: STARS.map((stars) => ({ stars, count: counts[stars], percent: percent[stars] })),
  }
}

/** 'Rated 4 out of 5' — what screen readers hear for a star row. */
export const ratedLabel = (rating: number) => `Rated ${rating} out of 5`
