import { describe, expect, it } from 'vitest'

import { relativeTime } from '@/views/relativeTime'

const now = new Date('2026-06-15T12:00:00Z')
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000)

describe('relativeTime', () => {
  it.each([
    [0, 'just now'],
    [4, 'just now'],
    [-30, 'just now'],
    [5, '5 seconds ago'],
    [60, '1 minute ago'],
    [125, '2 minutes ago'],
    [3600, '1 hour ago'],
    [5 * 3600, '5 hours ago'],
    [86400, '1 day ago'],
    [8 * 86400, '1 week ago'],
    [45 * 86400, '1 month ago'],
    [400 * 86400, '1 year ago'],
    [3 * 365 * 86400, '3 years ago'],
  ])('%i seconds → %s', (seconds, label) => {
    expect(relativeTime(ago(seconds), now)).toBe(label)
  })

  it('accepts ISO strings as the API returns them', () => {
    expect(relativeTime(ago(120).toISOString(), now)).toBe('2 minutes ago')
  })
})
