import { describe, expect, it } from 'vitest'

import { parseDateInput } from '@/rules/dates'
import { isoToWallTime, wallTimeToIso, zoneOffsetMinutes } from '@/rules/eventTime'
import { eventMatches, eventZoneNote, formatEventDate } from '@/views/event'
import { escapeText, foldLine } from '@/views/ical'
import { percentages } from '@/views/poll'

describe('event times in London', () => {
  it('reads the form’s wall time in London time, either side of the clock changes', () => {
    expect(wallTimeToIso('2026-01-15T19:00')).toBe('2026-01-15T19:00:00.000Z')
    expect(wallTimeToIso('2026-07-15T19:00')).toBe('2026-07-15T18:00:00.000Z')
    // 29 March 2026 01:00 GMT clocks go forward; 25 October 2026 02:00 BST they go back.
    expect(wallTimeToIso('2026-03-29T03:00')).toBe('2026-03-29T02:00:00.000Z')
    expect(wallTimeToIso('2026-10-25T03:00')).toBe('2026-10-25T03:00:00.000Z')
    expect(wallTimeToIso('not a date')).toBeNull()
    expect(wallTimeToIso('')).toBeNull()
  })

  it('gives the edit form back the same wall time', () => {
    for (const wall of ['2026-01-15T19:00', '2026-07-15T07:30', '2026-12-31T23:59']) {
      expect(isoToWallTime(wallTimeToIso(wall)!)).toBe(wall)
    }
    expect(zoneOffsetMinutes(new Date('2026-07-01T12:00:00Z'), 'Europe/London')).toBe(60)
  })

  it('formats weekday, month day, year and time in the reader’s zone, London’s stated', () => {
    const at = '2026-07-15T18:00:00.000Z'
    const london = { locale: 'en-GB', timeZone: 'Europe/London' }
    const newYork = { locale: 'en-US', timeZone: 'America/New_York' }
    expect(formatEventDate(at, london)).toMatch(/Wednesday.*15 July 2026.*19:00.*BST/)
    expect(formatEventDate(at, newYork)).toMatch(/Wednesday, July 15, 2026.*2:00.PM EDT/)
    expect(eventZoneNote(at, london)).toBe('London time')
    expect(eventZoneNote(at, newYork)).toMatch(/7:00.PM London time/)
  })

  it('searches the title or any tag, case-insensitively', () => {
    const e = { title: 'Summer Fete', tags: ['Music', 'family'] }
    expect(eventMatches(e, 'fete')).toBe(true)
    expect(eventMatches(e, 'MUS')).toBe(true)
    expect(eventMatches(e, 'jazz')).toBe(false)
    expect(eventMatches(e, '  ')).toBe(true)
  })

  it('refuses calendar days that do not exist', () => {
    expect(parseDateInput('2026-02-30T10:00')).toBeNull()
    expect(parseDateInput('2026-13-01')).toBeNull()
    expect(parseDateInput('2028-02-29T10:00')).not.toBeNull()
    expect(parseDateInput('2027-02-29')).toBeNull()
    expect(parseDateInput('2026-04-30T10:00:00.000Z')).not.toBeNull()
  })
})

describe('iCalendar text', () => {
  it('escapes TEXT and folds at 75 octets without splitting characters', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne')
    const folded = foldLine(`DESCRIPTION:${'é'.repeat(100)}`)
    for (const line of folded.split('\r\n')) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75)
    }
    expect(folded.split('\r\n ').join('')).toBe(`DESCRIPTION:${'é'.repeat(100)}`)
  })
})

describe('poll results', () => {
  it('percentages of the total, 0 when nobody voted', () => {
    expect(percentages([1, 1, 2])).toEqual([25, 25, 50])
    expect(percentages([0, 0])).toEqual([0, 0])
  })
})
