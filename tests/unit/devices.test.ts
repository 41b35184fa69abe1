import { describe, expect, it } from 'vitest'

import { isSessionId } from '@/rules/devices'
import { describeUserAgent, toDeviceViews } from '@/views/devices'

describe('a user agent in words', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome on Windows',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Microsoft Edge on Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      'Safari on iPhone',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      'Safari on macOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on Linux'],
    ['', 'An unknown browser or app'],
    ['curl/8.5.0', 'An unknown browser or app'],
  ])('%s → %s', (userAgent, words) => {
    expect(describeUserAgent(userAgent)).toBe(words)
  })
})

describe('the rows of Your devices', () => {
  const now = new Date('2026-11-29T12:00:00Z')
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000)
  const rows = toDeviceViews(
    [
      { sid: 'a', userAgent: 'curl/8', signedInAt: at(600), lastUsedAt: at(90) },
      { sid: 'b', userAgent: '', signedInAt: at(3000), lastUsedAt: at(2) },
      { sid: 'c', userAgent: '', signedInAt: at(60), lastUsedAt: null },
    ],
    'c',
    now,
  )

  it('puts this device first, then the most recently used', () => {
    expect(rows.map((r) => r.sid)).toEqual(['c', 'b', 'a'])
    expect(rows.map((r) => r.current)).toEqual([true, false, false])
  })

  it('says when each was used, never more precisely than it is written', () => {
    expect(rows[0]!.lastUsed).toBe('Active now')
    expect(rows[1]!.lastUsed).toBe('Last used in the last few minutes')
    expect(rows[2]!.lastUsed).toBe('Last used 1 hour ago')
    expect(rows[1]!.signedIn).toBe('Signed in 27 November 2026')
  })
})

it('takes session ids as Payload makes them (UUIDs) and nothing else', () => {
  expect(isSessionId('850592c4-4299-4f2b-a5b6-7b71f0b9e801')).toBe(true)
  for (const bad of ['', '1', 'not-a-session', "x'--", '850592c4-4299-4f2b-a5b6-7b71f0b9e80'])
    expect(isSessionId(bad)).toBe(false)
})
