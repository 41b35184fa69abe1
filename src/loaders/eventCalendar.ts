import { loadEventFeed } from '@/loaders/events'
import { payloadClient } from '@/loaders/payload'
import { eventsCalendar } from '@/views/ical'

/** The iCalendar answer of /event.ics and /neighbourhood/{slug}/events.ics (RFC 5545). */
export async function eventCalendar(
  url: URL,
  { slug, id = null }: { slug: string | null; id?: number | null },
): Promise<Response> {
  const feed = await loadEventFeed(await payloadClient(), { slug, id })
  if (!feed || (id !== null && feed.events.length === 0)) {
    return new Response(slug && !feed ? 'Could not find neighbourhood.' : 'Event not found.', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    })
  }
  const name = feed.neighbourhood ? `Belong: events in ${feed.neighbourhood.name}` : 'Belong events'
  const body = eventsCalendar(feed.events, { origin: url.origin, name })
  const file =
    id !== null ? `event-${id}.ics` : `${feed.neighbourhood?.slug ?? 'belong'}-events.ics`
  return new Response(body, {
    headers: {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `${id !== null ? 'attachment' : 'inline'}; filename="${file}"`,
      'cache-control': 'no-cache',
    },
  })
}
