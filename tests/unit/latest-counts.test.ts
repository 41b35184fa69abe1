import { expect, test } from 'vitest'

import { latestCounts } from '@widgets/lib/realtime'

/** Live counts that cross on the way: a viewer keeps the latest of each counted thing. */
test('passes on a count only when it is newer than the last one of the same thing', () => {
  const shown: string[] = []
  const handle = latestCounts(
    (data: { id: number; n: number }) => `thing-${data.id}`,
    (data) => shown.push(`${data.id}:${data.n}`),
  )
  handle({ id: 1, n: 1, countedAt: 100 })
  handle({ id: 1, n: 0, countedAt: 300 })
  // Counted before the one shown, arriving after it: dropped.
  handle({ id: 1, n: 1, countedAt: 200 })
  handle({ id: 1, n: 1, countedAt: 300 })
  // Another thing keeps its own order.
  handle({ id: 2, n: 5, countedAt: 150 })
  // A push without a stamp (from an older server) is shown as before.
  handle({ id: 1, n: 7 })
  handle({ id: 1, n: 2, countedAt: 400 })
  expect(shown).toEqual(['1:1', '1:0', '2:5', '1:7', '1:2'])
})
