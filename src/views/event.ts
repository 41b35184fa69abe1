import type { RsvpStatus } from '@/rules/rsvp'
import { dateFormat, londonIsOnSummerTime, londonWallClock, twoDigits } from '@/rules/dates'
import { EVENT_TIME_ZONE, EVENT_ZONE_LABEL } from '@/rules/eventTime'

/** Events per page of a list (the spec names none; the forum's page is 10). */
export const EVENTS_PAGE_SIZE = 10

export interface EventAuthor {
  id: number
  userName: string | null
  avatarUrl: string | null
}

/** One event as the lists, the form and the iCal feeds show it. */
export interface EventView {
  id: number
  title: string
  description: string
  /** ISO instant. */
  eventDate: string
  location: string
  isPublic: boolean
  /** Called off by its author: kept, and shown as cancelled. */
  cancelled: boolean
  imageId: number | null
  imageUrl: string | null
  tags: string[]
  neighbourhoodSlug: string | null
  neighbourhoodName: string | null
  author: EventAuthor | null
  attendingCount: number
  interestedCount: number
  /** The viewer's own RSVP (null signed out or none). */
  mine: RsvpStatus | null
  createdAt: string
  updatedAt: string
}

/** A page of upcoming public events, soonest first. */
export interface EventPage {
  events: EventView[]
  page: number
  total: number
  hasMore: boolean
  /** The search text the page was read with ('' for none). */
  q: string
  /** Set on /neighbourhood/{slug}/events and /event?slug=. */
  neighbourhood: { id: number; name: string; slug: string } | null
}

/** A row of the one list query (src/loaders/events.ts). */
export interface EventRow {
  id: number
  title: string
  description: string
  event_date: string | Date
  location: string
  is_public: boolean | null
  cancelled: boolean | null
  image_id: number | null
  image_file: string | null
  neighbourhood_slug: string | null
  neighbourhood_name: string | null
  author_id: number | null
  user_name: string | null
  avatar_file: string | null
  attending_count: string | number | null
  interested_count: string | number | null
  tags: string[] | null
  mine: RsvpStatus | null
  created_at: string | Date
  updated_at: string | Date
}

export const mediaFileUrl = (file: string | null) =>
  file ? `/api/media/file/${encodeURIComponent(file)}` : null

const iso = (value: string | Date) => new Date(value).toISOString()

/** The author columns of a list query's row (events, polls); null when the account is gone. */
export function authorOfRow(
  row: Pick<EventRow, 'author_id' | 'user_name' | 'avatar_file'>,
): EventAuthor | null {
  if (row.author_id === null) return null
  return {
    id: Number(row.author_id),
    userName: row.user_name,
    avatarUrl: mediaFileUrl(row.avatar_file),
  }
}

export function toEventView(row: EventRow): EventView {
  return {
    id: Number(row.id),
    title: row.title,
    description: row.description,
    eventDate: iso(row.event_date),
    location: row.location,
    isPublic: row.is_public !== false,
    cancelled: row.cancelled === true,
    imageId: row.image_id === null ? null : Number(row.image_id),
    imageUrl: mediaFileUrl(row.image_file),
    tags: row.tags ?? [],
    neighbourhoodSlug: row.neighbourhood_slug,
    neighbourhoodName: row.neighbourhood_name,
    author: authorOfRow(row),
    attendingCount: Number(row.attending_count ?? 0),
    interestedCount: Number(row.interested_count ?? 0),
    mine: row.mine ?? null,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  }
}

/** SPEC §5 event search: case-insensitive on the title or any tag. */
export function eventMatches(event: Pick<EventView, 'title' | 'tags'>, q: string): boolean {
  const needle = q.trim().toLowerCase()
  if (!needle) return true
  return (
    event.title.toLowerCase().includes(needle) ||
    event.tags.some((tag) => tag.toLowerCase().includes(needle))
  )
}

/** Where and how a date is shown: the viewer's locale and zone (the server renders London's). */
export interface Clock {
  locale: string
  timeZone: string
}
export const EVENT_CLOCK: Clock = { locale: 'en-GB', timeZone: EVENT_TIME_ZONE }

/** London's clock in en-GB: written out without Intl (the HTML's dates, and hydration's). */
export const isLondonClock = (clock: Clock) =>
  clock.locale === EVENT_CLOCK.locale && clock.timeZone === EVENT_TIME_ZONE

const LONG_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/** 'Sunday, 14 June 2026 at 19:00 BST': what en-GB's Intl writes in London, without Intl. */
export function londonEventDate(at: Date): string {
  const w = londonWallClock(at)
  const day = `${LONG_DAYS[w.getUTCDay()]}, ${w.getUTCDate()} ${LONG_MONTHS[w.getUTCMonth()]}`
  const time = `${twoDigits(w.getUTCHours())}:${twoDigits(w.getUTCMinutes())}`
  return `${day} ${w.getUTCFullYear()} at ${time} ${londonIsOnSummerTime(at) ? 'BST' : 'GMT'}`
}

/** SPEC §2: weekday, month day, year, time, with the zone's short name. */
export const EVENT_DATE_PARTS: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
}

export function formatEventDate(eventDate: string, clock: Clock): string {
  if (isLondonClock(clock)) return londonEventDate(new Date(eventDate))
  return dateFormat(clock.locale, { timeZone: clock.timeZone, ...EVENT_DATE_PARTS }).format(
    new Date(eventDate),
  )
}

/** The event's own zone stated: 'London time', or '19:00 London time' when the viewer's differs. */
export function eventZoneNote(eventDate: string, clock: Clock): string {
  if (clock.timeZone === EVENT_TIME_ZONE) return EVENT_ZONE_LABEL
  const at = new Date(eventDate)
  const inZone = (timeZone: string) =>
    dateFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', day: 'numeric' }).format(at)
  if (inZone(clock.timeZone) === inZone(EVENT_TIME_ZONE)) return EVENT_ZONE_LABEL
  const time = dateFormat(clock.locale, {
    timeZone: EVENT_TIME_ZONE,
    hour: 'numeric',
    minute: '2-digit',
    weekday: 'short',
  }).format(at)
  return `${time} ${EVENT_ZONE_LABEL}`
}

/** Where a list of events lives, for links between the screens. */
export const eventsPath = (slug: string | null) =>
  slug ? `/neighbourhood/${encodeURIComponent(slug)}/events` : '/event'

/** The calendar feed of a list, and one event's 'Add to calendar' file. */
export const eventsFeedPath = (slug: string | null) => `${eventsPath(slug)}.ics`
export const eventCalendarPath = (id: number) => `/event.ics?id=${id}`
