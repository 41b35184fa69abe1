import type { EventView } from './event'

/**
 * RFC 5545 calendars of events: CRLF line ends, lines folded at 75 octets, TEXT values escaped,
 * times in UTC. One VEVENT per event, its UID stable across feeds so calendars update in place.
 */
const CRLF = '\r\n'

/** TEXT escaping (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
}

/** Folds a content line into chunks of at most 75 octets, never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder()
  const out: string[] = []
  let current = ''
  let size = 0
  for (const char of line) {
    const bytes = encoder.encode(char).length
    const limit = out.length === 0 ? 75 : 74 // continuation lines start with a space
    if (size + bytes > limit) {
      out.push(current)
      current = ''
      size = 0
    }
    current += char
    size += bytes
  }
  out.push(current)
  return out.join(`${CRLF} `)
}

/** 20261205T190000Z */
export const icalUtc = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')

export interface CalendarOptions {
  /** Absolute origin for event links and UIDs, e.g. https://belong.example. */
  origin: string
  name: string
  now?: Date
}

export function eventsCalendar(events: EventView[], options: CalendarOptions): string {
  const host = new URL(options.origin).hostname
  const stamp = icalUtc((options.now ?? new Date()).toISOString())
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Belong//Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(options.name)}`,
  ]
  for (const event of events) {
    const url = new URL(
      event.neighbourhoodSlug
        ? `/neighbourhood/${encodeURIComponent(event.neighbourhoodSlug)}/events`
        : '/event',
      options.origin,
    ).href
    lines.push(
      'BEGIN:VEVENT',
      `UID:event-${event.id}@${host}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${icalUtc(event.eventDate)}`,
      `CREATED:${icalUtc(event.createdAt)}`,
      `LAST-MODIFIED:${icalUtc(event.updatedAt)}`,
      `SUMMARY:${escapeText(event.title)}`,
      `DESCRIPTION:${escapeText(event.description)}`,
      `LOCATION:${escapeText(event.location)}`,
      `URL:${url}`,
      ...(event.tags.length ? [`CATEGORIES:${event.tags.map(escapeText).join(',')}`] : []),
      'END:VEVENT',
    )
  }
  lines.push('END:VCALENDAR')
  return lines.map(foldLine).join(CRLF) + CRLF
}
