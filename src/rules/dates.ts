/** Earliest and latest years a date in a form may have (the database and Payload both choke on
 * years outside four digits; nothing in the product is older than 1900). */
export const MIN_YEAR = 1900
export const MAX_YEAR = 9999

/** A date from a form or API client (ISO text or Date), or null when it is none or out of range. */
export function parseDateInput(value: unknown): Date | null {
  if (!(typeof value === 'string' || value instanceof Date)) return null
  if (typeof value === 'string' && value.trim() === '') return null
  if (typeof value === 'string' && !calendarDayExists(value)) return null
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return null
  const year = date.getUTCFullYear()
  return year >= MIN_YEAR && year <= MAX_YEAR ? date : null
}

/**
 * '2026-02-30' is no day, though JavaScript reads it as 2 March (and PostgreSQL then refuses the
 * text): a leading year-month-day must name a day of that month.
 */
function calendarDayExists(text: string): boolean {
  const m = /^\s*([+-]?\d{4,6})-(\d{2})-(\d{2})/.exec(text)
  if (!m) return true
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  // A year with the same leap rule stands in (Date.UTC maps years 0-99 to 1900-1999).
  const daysInMonth = new Date(Date.UTC(leap ? 2000 : 2001, month, 0)).getUTCDate()
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth
}

const formats = new Map<string, Intl.DateTimeFormat>()

/**
 * One Intl.DateTimeFormat per locale and options, made once: every toLocaleString call builds a
 * new formatter, which costs milliseconds in a phone's browser for every date a list shows.
 */
export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions) {
  const key = `${locale}|${JSON.stringify(options)}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options)
    formats.set(key, format)
  }
  return format
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
// 'Sept' as en-GB writes it (CLDR).
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec']
const HOUR_MS = 3_600_000

/** 01:00 UTC on the last Sunday of a month (0-based): when the UK's clocks change. */
function lastSundayOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0, 1))
  return lastDay.getTime() - lastDay.getUTCDay() * 24 * HOUR_MS
}

/**
 * London's wall clock at an instant, as a Date whose UTC fields read it: GMT, or BST (UTC+1)
 * from the last Sunday of March to the last Sunday of October, 01:00 UTC both (the rule since
 * 1996). Written out because a page's first Intl call costs tens of milliseconds in a phone's
 * browser (ICU starts up), and the dates every visitor sees in the HTML need no Intl. Any other
 * zone goes through Intl (zoneOffsetMinutes in ./eventTime.ts); a unit test holds this one to Intl.
 */
export function londonWallClock(at: Date): Date {
  return new Date(at.getTime() + (londonIsOnSummerTime(at) ? HOUR_MS : 0))
}

/** Whether London is on BST (UTC+1) at an instant. */
export function londonIsOnSummerTime(at: Date): boolean {
  const year = at.getUTCFullYear()
  const t = at.getTime()
  return t >= lastSundayOneUtc(year, 2) && t < lastSundayOneUtc(year, 9)
}

export const twoDigits = (n: number) => String(n).padStart(2, '0')

/**
 * A date as en-GB writes it in London, the same on the server and in the browser: '3 Nov 2026',
 * with the time 'Tue, 3 Nov 2026, 09:30', without the year 'Tue 3 Nov, 09:30'.
 */
export function londonDate(at: Date, show: 'day' | 'moment' | 'recent'): string {
  const w = londonWallClock(at)
  const day = `${w.getUTCDate()} ${MONTHS[w.getUTCMonth()]}`
  const time = `${twoDigits(w.getUTCHours())}:${twoDigits(w.getUTCMinutes())}`
  const weekday = DAYS[w.getUTCDay()]
  if (show === 'day') return `${day} ${w.getUTCFullYear()}`
  if (show === 'moment') return `${weekday}, ${day} ${w.getUTCFullYear()}, ${time}`
  return `${weekday} ${day}, ${time}`
}
