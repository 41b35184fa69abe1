import { describe, expect, it } from 'vitest'

import { BANNER_MS, isBannerTime } from '@/rules/safetyAlerts'
import { safetyAlertSchema } from '@/schemas/safetyAlert'
import { sortIntoLists, type AlertView } from '@/views/safetyAlert'

const NOW = Date.parse('2026-12-07T12:00:00Z')
const alert = (id: number, verifiedAt: string | null): AlertView => ({
  id,
  category: 'Road',
  title: `Alert ${id}`,
  body: 'Closed.',
  happenedAt: '2026-12-07T10:00:00Z',
  place: null,
  verifiedAt,
  author: 'sam',
  authorId: 1,
  createdAt: '2026-12-07T10:00:00Z',
  href: `/safety/${id}`,
})

describe('safety alerts', () => {
  it('is a banner from its verification for 48 hours, never before it is verified', () => {
    const at = (ms: number) => new Date(NOW - ms).toISOString()
    expect(isBannerTime(null, NOW)).toBe(false)
    expect(isBannerTime(at(0), NOW)).toBe(true)
    expect(isBannerTime(at(BANNER_MS - 1), NOW)).toBe(true)
    expect(isBannerTime(at(BANNER_MS), NOW)).toBe(false)
  })

  it('sorts into current, not yet verified and past', () => {
    const lists = sortIntoLists(
      [alert(1, new Date(NOW - 3_600_000).toISOString()), alert(2, null), alert(3, '2026-11-01')],
      NOW,
    )
    expect([lists.current, lists.unverified, lists.past].map((l) => l.map((a) => a.id))).toEqual([
      [1],
      [2],
      [3],
    ])
  })

  it('wants both coordinates or neither, and refuses text that is not a date', () => {
    const base = {
      neighbourhood: 1,
      category: 'fire',
      title: 'Fire',
      body: 'Smoke.',
      happenedAt: '2026-01-01T10:00:00Z',
    }
    expect(safetyAlertSchema.safeParse(base).success).toBe(true)
    expect(safetyAlertSchema.safeParse({ ...base, latitude: '51.5' }).success).toBe(false)
    expect(safetyAlertSchema.safeParse({ ...base, latitude: '', longitude: '' }).success).toBe(true)
    expect(safetyAlertSchema.safeParse({ ...base, happenedAt: 'soon' }).success).toBe(false)
    expect(safetyAlertSchema.safeParse({ ...base, category: 'aliens' }).success).toBe(false)
  })
})
