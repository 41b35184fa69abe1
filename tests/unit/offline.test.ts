import { describe, expect, it } from 'vitest'

import { offlineNotice } from '@/rules/offline'

describe('offlineNotice', () => {
  it('gives the London time a page was saved today', () => {
    // 13:32 UTC in July is 14:32 in London (BST).
    expect(offlineNotice(new Date('2026-07-01T13:32:00Z'), new Date('2026-07-01T18:00:00Z'))).toBe(
      "You're offline — this page was saved at 14:32",
    )
    expect(offlineNotice(new Date('2026-12-01T14:32:00Z'), new Date('2026-12-01T15:00:00Z'))).toBe(
      "You're offline — this page was saved at 14:32",
    )
  })

  it('names the day when the page was saved on an earlier one (in London)', () => {
    // 23:30 UTC on 1 July is 00:30 on 2 July in London: the same London day as the next noon.
    expect(offlineNotice(new Date('2026-07-01T23:30:00Z'), new Date('2026-07-02T11:00:00Z'))).toBe(
      "You're offline — this page was saved at 00:30",
    )
    expect(offlineNotice(new Date('2026-11-02T09:05:00Z'), new Date('2026-11-04T09:00:00Z'))).toBe(
      "You're offline — this page was saved on Mon 2 Nov, 09:05",
    )
  })
})
