import { expect, test } from 'vitest'

import { bootstrap, median } from '@tests/support/pairedStats'

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
