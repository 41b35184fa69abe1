import { describe, expect, it } from 'vitest'

import {
  HEX_COLOUR,
  REVIEW_BADGES,
  badgeEarnedMessage,
  isBadgeActive,
  reviewBadgesFor,
} from '@/rules/badges'

describe('review badges (SPEC §9)', () => {
  it.each([
    [0, []],
    [2, []],
    [3, ['Frequent Explorer']],
    [4, ['Frequent Explorer']],
    [5, ['Frequent Explorer', 'Top Local']],
    [40, ['Frequent Explorer', 'Top Local']],
  ])('%i reviews earn %j', (count, names) => {
    expect(reviewBadgesFor(count).map((b) => b.name)).toEqual(names)
  })

  it('gives every badge a hex colour and an icon', () => {
    for (const badge of REVIEW_BADGES) {
      expect(badge.colour).toMatch(HEX_COLOUR)
      expect(badge.icon.length).toBeGreaterThan(0)
    }
  })

  it('words the notification as the spec does', () => {
    expect(badgeEarnedMessage('Top Local')).toBe('You earned the "Top Local" badge!')
  })
})

describe('badge expiry (SPEC §4)', () => {
  const now = new Date('2026-06-01T12:00:00Z')
  it('shows badges without expiry or with a future one, hides expired ones', () => {
    expect(isBadgeActive(null, now)).toBe(true)
    expect(isBadgeActive(undefined, now)).toBe(true)
    expect(isBadgeActive('2026-06-01T12:00:01Z', now)).toBe(true)
    expect(isBadgeActive('2026-06-01T12:00:00Z', now)).toBe(false)
    expect(isBadgeActive(new Date('2025-01-01'), now)).toBe(false)
  })

  it('accepts only #rgb and #rrggbb colours', () => {
    for (const ok of ['#fff', '#0F766E', '#2563eb']) expect(ok).toMatch(HEX_COLOUR)
    for (const bad of ['fff', '#ffff', '#12345g', 'red', '#1234567']) {
      expect(bad).not.toMatch(HEX_COLOUR)
    }
  })
})
