import { londonDate } from '@/rules/dates'

/** SPEC §9 relative time labels: 'just now', then seconds up to years. One helper, used everywhere. */
const UNITS: [unit: string, seconds: number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
]

export function relativeTime(date: string | Date, now: Date = new Date()): string {
  const seconds = Math.floor((now.getTime() - new Date(date).getTime()) / 1000)
  if (!Number.isFinite(seconds) || seconds < 5) return 'just now'
  for (const [unit, size] of UNITS) {
    const count = Math.floor(seconds / size)
    if (count >= 1) return `${count} ${unit}${count === 1 ? '' : 's'} ago`
  }
  return 'just now'
}

/** Dates in static HTML: the same text on the server and in the browser (no hydration mismatch). */
export const absoluteDate = (iso: string, withTime = false): string =>
  londonDate(new Date(iso), withTime ? 'moment' : 'day')
