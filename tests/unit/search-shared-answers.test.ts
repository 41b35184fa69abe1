import { afterEach, describe, expect, test, vi } from 'vitest'

import { sharedAnswer } from '@/data/search/sharedAnswers'
import { moveTestClock } from '@/server/config/clock'
import { apiReadCache, MAX_AGE_MS } from '@/server/http/readCache'

/** A search worked out by the "database": counts how often it was asked. */
function counted(answer = 'page') {
  let runs = 0
  return {
    work: async () => {
      runs++
      await new Promise((resolve) => setImmediate(resolve))
      return `${answer} ${runs}`
    },
    runs: () => runs,
  }
}

let keys = 0
const key = () => `search\nq${++keys}`

afterEach(() => {
  vi.useRealTimers()
  moveTestClock(0)
  apiReadCache().enable(0)
})

describe('sharedAnswer', () => {
  test('readers asking the same at once wait for one answer, and later ones get it too', async () => {
    apiReadCache().enable(1 << 20)
    const { work, runs } = counted()
    const k = key()
    const answers = await Promise.all(Array.from({ length: 20 }, () => sharedAnswer(k, work)))
    expect(new Set(answers)).toEqual(new Set(['page 1']))
    expect(await sharedAnswer(k, work)).toBe('page 1')
    expect(runs()).toBe(1)
    // Another query is its own answer.
    expect(await sharedAnswer(key(), work)).toBe('page 2')
  })

  test('a change to a searched collection, on this instance or announced by another, is seen at once', async () => {
    apiReadCache().enable(1 << 20)
    const { work } = counted()
    const k = key()
    expect(await sharedAnswer(k, work)).toBe('page 1')
    apiReadCache().invalidate('payload-jobs') // not searched: the answer stands
    expect(await sharedAnswer(k, work)).toBe('page 1')
    apiReadCache().invalidate('stories')
    expect(await sharedAnswer(k, work)).toBe('page 2')
    apiReadCache().invalidate('users') // a suspension hides a member's content
    expect(await sharedAnswer(k, work)).toBe('page 3')
    apiReadCache().invalidate('resync') // changes may have been missed
    expect(await sharedAnswer(k, work)).toBe('page 4')
  })

  test('an answer is kept at most MAX_AGE_MS (events end with no write)', async () => {
    // The real clock stands still, so only the moves below count (a loaded machine adds none).
    vi.useFakeTimers({ toFake: ['Date'] })
    apiReadCache().enable(1 << 20)
    const { work } = counted()
    const k = key()
    expect(await sharedAnswer(k, work)).toBe('page 1')
    moveTestClock(MAX_AGE_MS)
    expect(await sharedAnswer(k, work)).toBe('page 1')
    moveTestClock(MAX_AGE_MS + 1)
    expect(await sharedAnswer(k, work)).toBe('page 2')
  })

  test('a failed search is not kept, and nothing is kept while changes are not listened for', async () => {
    apiReadCache().enable(1 << 20)
    const k = key()
    await expect(sharedAnswer(k, () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(await sharedAnswer(k, async () => 'back')).toBe('back')

    apiReadCache().enable(0)
    const { work, runs } = counted()
    const off = key()
    await sharedAnswer(off, work)
    await sharedAnswer(off, work)
    expect(runs()).toBe(2)
  })
})
