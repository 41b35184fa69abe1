/**
 * Event times. Belong's neighbourhoods are in London, so an event happens in London time: the
 * form's wall-clock date and time is read in that zone, and screens show the viewer's own time
 * with the event's zone stated beside it.
 */
import { dateFormat } from './dates'

export const EVENT_TIME_ZONE = 'Europe/London'
export const EVENT_ZONE_LABEL = 'London time'

const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/

/** The offset of `timeZone` from UTC at `instant`, in minutes (London: 0 or 60). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const parts = dateFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant)
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  )
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000)
}

/**
 * A `datetime-local` value ('2026-12-05T19:00') read as wall-clock time in `timeZone`, as an ISO
 * instant; null when it is not such a value.
 */
export function wallTimeToIso(wall: string, timeZone = EVENT_TIME_ZONE): string | null {
  const m = WALL.exec(wall.trim())
  if (!m) return null
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number]
  const guess = Date.UTC(y, mo - 1, d, h, mi)
  if (Number.isNaN(guess)) return null
  // Two passes settle the offset on both sides of a daylight-saving change.
  let instant = guess - zoneOffsetMinutes(new Date(guess), timeZone) * 60_000
  instant = guess - zoneOffsetMinutes(new Date(instant), timeZone) * 60_000
  const date = new Date(instant)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

/** The `datetime-local` value of an instant in `timeZone` (the edit form's starting value). */
export function isoToWallTime(iso: string, timeZone = EVENT_TIME_ZONE): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  const shifted = new Date(date.getTime() + zoneOffsetMinutes(date, timeZone) * 60_000)
  return shifted.toISOString().slice(0, 16)
}

/** SPEC §2: past events are not listed as upcoming. */
export const isUpcoming = (iso: string, now = new Date()) => new Date(iso).getTime() > now.getTime()
