import { expect, test } from 'vitest'

import {
  bootstrap,
  meanOver,
  median,
  within,
  withinFive,
  type Choose,
} from '@tests/support/pairedStats'

/** bench:metrics' figures: the median of within-round ratios and its bootstrap interval. */

test('the interval holds the median, is the same for the same rounds, and narrows with more of them', () => {
  // Ratios spread ±20% around 0.97, as two servers' turns are here.
  const rounds = (n: number) => Array.from({ length: n }, (_, i) => 0.97 + 0.2 * Math.sin(i * 2.3))
  const few = bootstrap(rounds(10), median)
  const many = bootstrap(rounds(200), median)
  for (const estimate of [few, many]) {
    expect(estimate.low).toBeLessThanOrEqual(estimate.value)
    expect(estimate.high).toBeGreaterThanOrEqual(estimate.value)
  }
  expect(bootstrap(rounds(10), median)).toEqual(few)
  expect(many.high - many.low).toBeLessThan((few.high - few.low) / 2)
  expect(many.low).toBeGreaterThan(0.9)
  expect(many.high).toBeLessThan(1.04)
})

test('identical rounds give a zero-width interval', () => {
  expect(bootstrap([1, 1, 1, 1], median)).toEqual({ value: 1, low: 1, high: 1 })
})

test('processes that differ for their whole life widen the interval when they are resampled', () => {
  // Two processes of one configuration, one 10% slower in every round; the other configuration
  // two equal processes.
  const rounds = Array.from({ length: 100 }, (_, i) => ({
    a: [1 + 0.01 * Math.sin(i), 0.9 + 0.01 * Math.sin(i)],
    b: [1, 1],
  }))
  // The processes are drawn once per resample, as bench:metrics does.
  const medianRatio = (sample: readonly (typeof rounds)[number][], choose: Choose) => {
    const [pickA, pickB] = [choose(2), choose(2)]
    return median(sample.map((r) => meanOver(r.a, pickA) / meanOver(r.b, pickB)))
  }
  const roundsOnly = bootstrap(rounds, (sample) => medianRatio(sample, (n) => [...Array(n).keys()]))
  const withProcesses = bootstrap(rounds, medianRatio)
  expect(roundsOnly.value).toBeCloseTo(0.95, 2)
  expect(roundsOnly.high - roundsOnly.low).toBeLessThan(0.01)
  expect(withProcesses.low).toBeLessThan(0.91)
  expect(withProcesses.high).toBeGreaterThan(0.99)
})

test('a verdict says within 5% only when the whole interval is', () => {
  expect(withinFive({ value: 0.98, low: 0.96, high: 1.0 }, 'below')).toBe('within 5% (shown)')
  expect(withinFive({ value: 0.97, low: 0.9, high: 1.02 }, 'below')).toBe('not resolved')
  expect(withinFive({ value: 0.9, low: 0.88, high: 0.93 }, 'below')).toBe('MORE than 5% (shown)')
  expect(withinFive({ value: 1.02, low: 1.0, high: 1.04 }, 'above')).toBe('within 5% (shown)')
  expect(withinFive({ value: 1.08, low: 1.06, high: 1.1 }, 'above')).toBe('MORE than 5% (shown)')
})

test('a verdict takes another bound too (10%: the figures and the request log together)', () => {
  expect(within({ value: 0.93, low: 0.91, high: 0.96 }, 'below', 0.1)).toBe('within 10% (shown)')
  expect(within({ value: 0.9, low: 0.85, high: 0.95 }, 'below', 0.1)).toBe('not resolved')
  expect(within({ value: 1.2, low: 1.15, high: 1.25 }, 'above', 0.1)).toBe('MORE than 10% (shown)')
})
