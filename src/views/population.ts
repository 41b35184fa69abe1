import { POPULATION_HALF_SIDE_METRES } from '@/rules/population'

/** What a page says of a neighbourhood's population (the lookup's 400 m square around it). */
export interface PopulationView {
  estimate: number
  /** "About 8,400" */
  about: string
  /** "About 8,400 people live within 400 m (Census 2021)" */
  sentence: string
  /** People per km² of the square, rounded like the estimate: "13,200". */
  perSquareKm: string
  /** Where the figure comes from, for a note: "ONS Census 2021 (LSOA, area-weighted)". */
  source: string | null
  year: number | null
  /** The share of the square the source covers, when it is not all of it: "72%". */
  coverage: string | null
}

/** km² of the lookup's square (800 m a side). */
const SQUARE_KM2 = ((2 * POPULATION_HALF_SIDE_METRES) / 1000) ** 2

/** Counts of people as people say them: to the ten under a thousand, else to the hundred. */
export function roundPeople(n: number): number {
  const step = n < 1000 ? 10 : 100
  return Math.round(n / step) * step
}

const grouped = (n: number) => n.toLocaleString('en-GB')

/** "(Census 2021)" for a census count, "(2023 estimate)" for a modelled one. */
function when(source: string | null, year: number | null): string {
  if (!year) return ''
  return /census/i.test(source ?? '') ? ` (Census ${year})` : ` (${year} estimate)`
}

export function populationView(doc: {
  populationEstimate?: number | null
  populationYear?: number | null
  populationSource?: string | null
  populationQuality?: number | null
}): PopulationView | null {
  const estimate = doc.populationEstimate
  if (typeof estimate !== 'number' || !(estimate > 0)) return null
  const year = doc.populationYear ?? null
  const source = doc.populationSource?.trim() || null
  const about = `About ${grouped(roundPeople(estimate))}`
  const quality = doc.populationQuality
  const census = /census/i.test(source ?? '')
  return {
    estimate: Math.round(estimate),
    about,
    sentence: `${about} people live within ${POPULATION_HALF_SIDE_METRES} m${when(source, year)}`,
    perSquareKm: grouped(roundPeople(estimate / SQUARE_KM2)),
    source,
    year,
    // Only a census's quality is its coverage; other services' quality is their own measure.
    coverage:
      census && typeof quality === 'number' && quality > 0 && quality < 1
        ? `${Math.round(quality * 100)}%`
        : null,
  }
}
