import { describe, expect, it } from 'vitest'

import { nextRsvp } from '@/rules/rsvp'

describe('nextRsvp (SPEC §4 toggle)', () => {
  it('creates when there is none', () => {
    expect(nextRsvp(null, 'attending')).toBe('attending')
  })
  it('removes on the same status again', () => {
    expect(nextRsvp('interested', 'interested')).toBeNull()
  })
  it('replaces a different status', () => {
    expect(nextRsvp('attending', 'interested')).toBe('interested')
  })
})
