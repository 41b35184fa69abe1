import { describe, expect, it } from 'vitest'

import type { ReviewView } from '@/views/review'
import { $reviews, append, renderedState, reviewChanged, upsert } from '@widgets/Reviews/store'

const review = (id: number, rating: number, day: number): ReviewView => ({
  id,
  authorName: `Member ${id}`,
  author: { id: 100 + id, userName: null },
  rating,
  comment: 'A fine place.',
  mentions: [],
  photo: null,
  createdAt: new Date(Date.UTC(2026, 0, day)).toISOString(),
  badges: [],
  reactions: { counts: {}, mine: null },
  commentCount: 0,
})
const ids = (list: ReviewView[]) => list.map((r) => r.id)

describe('the reviews shown', () => {
  const shown = [review(3, 2, 3), review(2, 5, 2), review(1, 4, 1)]

  it('puts a new review in the chosen order, and an edit where its order puts it', () => {
    expect(ids(upsert(shown, review(4, 3, 4), '-createdAt', true))).toEqual([4, 3, 2, 1])
    expect(
      ids(
        upsert(
          [...shown].sort((a, b) => b.rating - a.rating),
          review(4, 3, 4),
          '-rating',
          true,
        ),
      ),
    ).toEqual([2, 1, 4, 3])
    expect(ids(upsert(shown, { ...review(3, 1, 3) }, 'rating', false))).toEqual([3, 1, 2])
  })

  it('leaves out a changed review that is not shown (on a page not loaded yet)', () => {
    expect(upsert(shown, review(9, 5, 9), '-createdAt', false)).toBe(shown)
  })

  it('adds a page without the reviews a live insert already brought', () => {
    expect(ids(append(shown, [review(1, 4, 1), review(0, 3, 0)]))).toEqual([3, 2, 1, 0])
  })

  it('replaces a claimed review in place', () => {
    $reviews.set({ ...renderedState(7, { reviews: shown, hasMore: false }), initialized: true })
    const claimed = { ...review(2, 5, 2), authorName: 'Claimed' }
    reviewChanged(claimed)
    expect($reviews.get().reviews[1]).toBe(claimed)
    expect(ids($reviews.get().reviews)).toEqual([3, 2, 1])
  })
})
