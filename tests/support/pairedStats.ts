/**
 * Figures for paired measurements (scripts/bench/metrics.ts): each round measures every
 * configuration once under the same moment's load, so ratios are taken within a round, and their
 * spread over rounds is what a bootstrap (resampling rounds) turns into a confidence interval.
 */
import { createRng } from '@/seed/random'

export const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length / 2
  return sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

export interface Estimate {
  value: number
  low: number
  high: number
}

/** Picks `n` indices out of `n`: all of them in order, or a resample with replacement. */
export type Choose = (n: number) => number[]

/**
 * `statistic` over the rounds, and its 95% percentile-bootstrap interval: the rounds resampled
 * with replacement `resamples` times, the statistic taken on each resample. A statistic over
 * several processes per configuration resamples them too with `choose` (identity for the value
 * itself), so that how much one process differs from another widens the interval.
 */
export function bootstrap<T>(
  rounds: readonly T[],
  statistic: (sample: readonly T[], choose: Choose) => number,
  resamples = 4000,
): Estimate {
  // Seeded: the same rounds give the same interval.
  const { next } = createRng(rounds.length * 7919 + 17)
  const resample: Choose = (n) => Array.from({ length: n }, () => Math.floor(next() * n))
  const values: number[] = []
  for (let i = 0; i < resamples; i++) {
    const sample = Array.from(rounds, () => rounds[Math.floor(next() * rounds.length)]!)
    values.push(statistic(sample, resample))
  }
  values.sort((a, b) => a - b)
  return {
    value: statistic(rounds, (n) => Array.from({ length: n }, (_, i) => i)),
    low: values[Math.floor(resamples * 0.025)]!,
    high: values[Math.ceil(resamples * 0.975) - 1]!,
  }
}

export const shown = ({ value, low, high }: Estimate, digits = 3) =>
  `${value.toFixed(digits)} [${low.toFixed(digits)}, ${high.toFixed(digits)}]`

/** The mean of `values` at the indices `pick` (a `Choose` result). */
export const meanOver = (values: readonly number[], pick: readonly number[]) =>
  pick.reduce((sum, i) => sum + values[i]!, 0) / pick.length

/**
 * Whether a ratio's interval shows the slower side within 5%: `slower` says which way slower
 * goes (requests/s below 1, CPU per request above 1).
 */
export function withinFive(ratio: Estimate, slower: 'below' | 'above'): string {
  return within(ratio, slower, 0.05)
}

/** As withinFive, for another bound (`fraction`: 0.1 for 10%). */
export function within(ratio: Estimate, slower: 'below' | 'above', fraction: number): string {
  const [low, high] = [1 - fraction, 1 + fraction]
  const inside = slower === 'below' ? ratio.low >= low : ratio.high <= high
  const beyond = slower === 'below' ? ratio.high < low : ratio.low > high
  const bound = `${Math.round(fraction * 100)}%`
  return inside ? `within ${bound} (shown)` : beyond ? `MORE than ${bound} (shown)` : 'not resolved'
}
