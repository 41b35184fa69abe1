import { describe, expect, it, vi } from 'vitest'

import { applyToggle, createBatcher, REACTION_REFRESH_BUFFER_MS } from '@/rules/reactionCounts'

describe('applyToggle (optimistic reaction)', () => {
  const start = { counts: { heart: 2, 'thumbs-up': 1 }, mine: null }

  it('adds the first reaction', () => {
    expect(applyToggle(start, 'heart')).toEqual({
      counts: { heart: 3, 'thumbs-up': 1 },
      mine: 'heart',
    })
  })

  it('removes the same emoji again', () => {
    const once = applyToggle(start, 'heart')
    expect(applyToggle(once, 'heart')).toEqual(start)
  })

  it('replaces a different emoji', () => {
    const once = applyToggle(start, 'heart')
    expect(applyToggle(once, 'thumbs-up')).toEqual({
      counts: { heart: 2, 'thumbs-up': 2 },
      mine: 'thumbs-up',
    })
  })

  it('never counts below zero when the counts were stale', () => {
    expect(applyToggle({ counts: {}, mine: 'fire' }, 'heart').counts).toEqual({ fire: 0, heart: 1 })
  })
})

describe('createBatcher (reaction refresh buffer)', () => {
  const setup = (max?: number) => {
    const calls: [string, number[]][] = []
    const load = vi.fn(async (group: string, ids: number[]) => {
      calls.push([group, ids])
      return new Map(ids.map((id) => [id, `${group}#${id}`]))
    })
    return { calls, request: createBatcher<string, number, string>({ load, max }) }
  }

  it('sends everything asked for within 50 ms as one read per kind', async () => {
    vi.useFakeTimers()
    const { calls, request } = setup()
    const answers = Promise.all([
      request('review', 1),
      request('review', 2),
      request('review-comment', 7),
      request('review', 2),
    ])
    await vi.advanceTimersByTimeAsync(REACTION_REFRESH_BUFFER_MS - 1)
    expect(calls).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(calls).toEqual([
      ['review', [1, 2]],
      ['review-comment', [7]],
    ])
    expect(await answers).toEqual(['review#1', 'review#2', 'review-comment#7', 'review#2'])
    vi.useRealTimers()
  })

  it('starts a new batch for requests after the flush', async () => {
    vi.useFakeTimers()
    const { calls, request } = setup()
    void request('story', 1)
    await vi.advanceTimersByTimeAsync(50)
    void request('story', 2)
    await vi.advanceTimersByTimeAsync(50)
    expect(calls).toEqual([
      ['story', [1]],
      ['story', [2]],
    ])
    vi.useRealTimers()
  })

  it('splits a batch at the endpoint limit', async () => {
    vi.useFakeTimers()
    const { calls, request } = setup(2)
    void Promise.all([1, 2, 3].map((id) => request('review', id)))
    await vi.advanceTimersByTimeAsync(50)
    expect(calls).toEqual([
      ['review', [1, 2]],
      ['review', [3]],
    ])
    vi.useRealTimers()
  })

  it('passes a failed read to every caller in it', async () => {
    vi.useFakeTimers()
    const request = createBatcher<string, number, string>({
      load: () => Promise.reject(new Error('offline')),
    })
    const a = request('review', 1)
    const b = request('review', 2)
    const settled = Promise.allSettled([a, b])
    await vi.advanceTimersByTimeAsync(50)
    expect((await settled).map((r) => r.status)).toEqual(['rejected', 'rejected'])
    vi.useRealTimers()
  })
})
