import { describe, expect, it } from 'vitest'

import { countStars, emptyCounts, ratedLabel, ratingSummary } from '@/rules/ratingSummary'

const percents = (s: ReturnType<typeof ratingSummary>) => s.rows.map((r) => r.percent)

describe('rating summary', () => {
  it('averages to one decimal', () => {
    const s = ratingSummary(countStars([5, 4, 4]))
    expect(s.count).toBe(3)
    expect(s.average).toBe(4.3)
    expect(s.averageLabel).toBe('4.3')
  })

  it('shows a whole average with one decimal', () => {
    const s = ratingSummary(countStars([4, 4]))
    expect(s.average).toBe(4)
    expect(s.averageLabel).toBe('4.0')
  })

  it('rounds halves up (4.25 → 4.3, 2.75 → 2.8)', () => {
    expect(ratingSummary(countStars([5, 4, 4, 4])).averageLabel).toBe('4.3')
    expect(ratingSummary(countStars([3, 3, 3, 2])).averageLabel).toBe('2.8')
  })

  it('has one row per star, 5 first, with counts', () => {
    const s = ratingSummary(countStars([5, 5, 1]))
    expect(s.rows.map((r) => r.stars)).toEqual([5, 4, 3, 2, 1])
    expect(s.rows.map((r) => r.count)).toEqual([2, 0, 0, 0, 1])
    expect(percents(s)).toEqual([67, 0, 0, 0, 33])
  })

  it('percentages are whole numbers adding up to 100', () => {
    for (const ratings of [[5, 4, 3], [5, 4, 3, 2, 1, 1], [1, 2, 2, 2, 2, 2, 5], [3]]) {
      const s = ratingSummary(countStars(ratings))
      expect(percents(s).reduce((a, b) => a + b, 0)).toBe(100)
      for (const p of percents(s)) expect(Number.isInteger(p)).toBe(true)
    }
    expect(percents(ratingSummary(countStars([5, 4, 3])))).toEqual([34, 33, 33, 0, 0])
  })

  it('equal remainders go to the higher star; stars nobody gave stay at 0', () => {
    const many = countStars([...Array(199).fill(5), 1])
    expect(percents(ratingSummary(many))).toEqual([100, 0, 0, 0, 0])
    expect(percents(ratingSummary(countStars([5, 1])))).toEqual([50, 0, 0, 0, 50])
  })

  it('zero reviews: no average, all bars empty', () => {
    const s = ratingSummary(emptyCounts())
    expect(s.count).toBe(0)
    expect(s.average).toBeNull()
    expect(s.averageLabel).toBe('–')
    expect(percents(s)).toEqual([0, 0, 0, 0, 0])
  })

  it('ignores ratings outside whole 1-5', () => {
    expect(countStars([0, 6, 2.5, 3])).toEqual({ 5: 0, 4: 0, 3: 1, 2: 0, 1: 0 })
  })

  it('labels a rating for screen readers', () => {
    expect(ratedLabel(4)).toBe('Rated 4 out of 5')
  })
})
