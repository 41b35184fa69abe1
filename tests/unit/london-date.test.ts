import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { dateFormat, londonDate } from '@/rules/dates'
import { EVENT_DATE_PARTS, londonEventDate } from '@/views/event'
import { londonCloseDate } from '@/views/poll'

/** What the browser's own formatter writes, which londonDate must match to the letter (one
 * formatter per options, made once: thousands of moments are checked). */
const intl = (at: Date, options: Intl.DateTimeFormatOptions) =>
  dateFormat('en-GB', { timeZone: 'Europe/London', ...options }).format(at)

const DAY = { day: 'numeric', month: 'short', year: 'numeric' } as const
const MOMENT = { weekday: 'short', ...DAY, hour: '2-digit', minute: '2-digit' } as const
const RECENT = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
} as const

const CLOSES = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
} as const

const expectSameAsIntl = (at: Date) => {
  expect(londonDate(at, 'day')).toBe(intl(at, DAY))
  expect(londonDate(at, 'moment')).toBe(intl(at, MOMENT))
  expect(londonDate(at, 'recent')).toBe(intl(at, RECENT))
  expect(londonEventDate(at)).toBe(intl(at, EVENT_DATE_PARTS))
  expect(londonCloseDate(at)).toBe(intl(at, CLOSES))
}

describe('dates in London without Intl', () => {
  it('writes what Intl writes, on either side of every clock change from 1996 to 2040', () => {
    for (let year = 1996; year <= 2040; year++) {
      for (const month of [2, 9]) {
        const lastDay = new Date(Date.UTC(year, month + 1, 0, 1))
        const change = lastDay.getTime() - lastDay.getUTCDay() * 86_400_000
        for (const offsetMinutes of [-61, -1, 0, 1, 59, 60, 61])
          expectSameAsIntl(new Date(change + offsetMinutes * 60_000))
      }
    }
  })

  it('writes what Intl writes for any moment from 1996 to 2100', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1996-01-01T00:00:00Z'),
          max: new Date('2100-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        (at) => expectSameAsIntl(at),
      ),
      { numRuns: 2000 },
    )
  })

  it('reads like a person would write it', () => {
    expect(londonDate(new Date('2026-11-03T09:30:00Z'), 'day')).toBe('3 Nov 2026')
    expect(londonDate(new Date('2026-07-01T23:30:00Z'), 'moment')).toBe('Thu, 2 Jul 2026, 00:30')
    expect(londonDate(new Date('2026-11-03T09:30:00Z'), 'recent')).toBe('Tue 3 Nov, 09:30')
    expect(londonEventDate(new Date('2026-06-14T18:00:00Z'))).toBe(
      'Sunday, 14 June 2026 at 19:00 BST',
    )
    expect(londonCloseDate(new Date('2026-12-05T09:05:00Z'))).toBe('5 Dec 2026, 9:05')
  })
})
