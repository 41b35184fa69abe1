import type { Payload } from 'payload'

import { pgPool } from '@/server/database/db'
import { EVENTS_PAGE_SIZE, toEventView, type EventPage, type EventRow } from '@/views/event'
import { suggestions } from './neighbourhoods'

/** Longest search text read (longer is cut, never refused). */
const MAX_QUERY = 100
/** A calendar feed carries events from this long ago on (so a subscribed calendar keeps them). */
const FEED_PAST_DAYS = 30
const FEED_LIMIT = 500

export interface EventListQuery {
  slug?: string | null
  q?: string | null
  page?: number
  /** Read this many pages from `page` on in the one query (a re-read after a live change). */
  pages?: number
  viewerId?: number | null
}

/** '%text%' for ILIKE, with the pattern characters of the text itself escaped. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export const cleanQuery = (q: string | null | undefined) => (q ?? '').trim().slice(0, MAX_QUERY)
export const pageNumber = (value: string | null | undefined) =>
  Math.max(1, Math.min(Number.parseInt(value ?? '', 10) || 1, 10_000))

/** The neighbourhood named by a slug, or null (one query). */
export async function neighbourhoodBySlug(payload: Payload, slug: string) {
  const { rows } = await pgPool(payload).query<{ id: number; name: string; slug: string }>(
    'SELECT id, name, slug FROM neighbourhoods WHERE slug = $1',
    [slug],
  )
  return rows[0] ?? null
}

/**
 * Public, visible events with authors, images, tags, counts and the viewer's own RSVP in ONE
 * query (a window count gives the total). `where` adds conditions on `e`.
 */
async function eventRows(
  payload: Payload,
  where: string[],
  params: unknown[],
  order: string,
  limit: number,
  offset: number,
  viewerId: number | null,
): Promise<{ rows: EventRow[]; total: number }> {
  const all = [...params, viewerId, limit, offset]
  const n = params.length
  const { rows } = await pgPool(payload).query<EventRow & { total: string }>(
    `SELECT e.id, e.title, e.description, e.event_date, e.location, e.is_public, e.cancelled, e.image_id,
            coalesce(im.sizes_card_filename, im.filename) AS image_file,
            n.slug AS neighbourhood_slug, n.name AS neighbourhood_name, e.author_id, u.user_name,
            coalesce(av.sizes_thumbnail_filename, av.filename) AS avatar_file,
            e.attending_count, e.interested_count, e.created_at, e.updated_at,
            coalesce((SELECT array_agg(t.text ORDER BY t."order") FROM events_texts t
                       WHERE t.parent_id = e.id AND t.path = 'tags'), '{}') AS tags,
            r.status AS mine,
            count(*) OVER () AS total
       FROM events e
       LEFT JOIN media im ON im.id = e.image_id
       LEFT JOIN neighbourhoods n ON n.id = e.neighbourhood_id
       LEFT JOIN users u ON u.id = e.author_id
       LEFT JOIN media av ON av.id = u.avatar_id
       LEFT JOIN event_rsvps r ON r.event_id = e.id AND r.user_id = $${n + 1}
      WHERE e.is_public IS NOT FALSE AND e.hidden IS NOT TRUE
        ${where.map((w) => `AND ${w}`).join(' ')}
      ORDER BY ${order}
      LIMIT $${n + 2} OFFSET $${n + 3}`,
    all,
  )
  return { rows, total: Number(rows[0]?.total ?? 0) }
}

/**
 * SPEC §2/§7 events list: public events still to come, soonest first, optionally of one
 * neighbourhood (its own events and those of no neighbourhood) and matching a search on the
 * title or any tag. At most two queries (the neighbourhood, then the page). Null when the slug
 * names no neighbourhood.
 */
export async function loadEventPage(
  payload: Payload,
  { slug, q, page = 1, pages = 1, viewerId = null }: EventListQuery,
): Promise<EventPage | null> {
  const neighbourhood = slug ? await neighbourhoodBySlug(payload, slug) : null
  if (slug && !neighbourhood) return null
  const text = cleanQuery(q)
  const where = ['e.event_date > now()']
  const params: unknown[] = []
  if (neighbourhood) {
    params.push(neighbourhood.id)
    where.push(`(e.neighbourhood_id IS NULL OR e.neighbourhood_id = $${params.length})`)
  }
  if (text) {
    params.push(likePattern(text))
    const p = `$${params.length}`
    where.push(`(e.title ILIKE ${p} OR EXISTS (SELECT 1 FROM events_texts s
                 WHERE s.parent_id = e.id AND s.path = 'tags' AND s.text ILIKE ${p}))`)
  }
  const offset = (page - 1) * EVENTS_PAGE_SIZE
  const { rows, total } = await eventRows(
    payload,
    where,
    params,
    'e.event_date ASC, e.id ASC',
    EVENTS_PAGE_SIZE * pages,
    offset,
    viewerId,
  )
  return {
    events: rows.map(toEventView),
    page: page + pages - 1,
    total,
    hasMore: offset + rows.length < total,
    q: text,
    neighbourhood,
  }
}

/**
 * An events screen as its address asks (?q=, ?page=); for an unknown neighbourhood no page but
 * the neighbourhoods to suggest instead.
 */
export async function eventsScreen(url: URL, slug: string | null) {
  // Loaded here, not at the top: importing it builds the config, which tests set up first.
  const payload = await (await import('./payload')).payloadClient()
  const page = await loadEventPage(payload, {
    slug,
    q: cleanQuery(url.searchParams.get('q')),
    page: pageNumber(url.searchParams.get('page')),
  })
  return { page, fallback: page ? [] : await suggestions(payload) }
}

/**
 * The calendar feeds: public events from 30 days ago on (or the one event `id`), soonest first.
 * Null when the slug names no neighbourhood.
 */
export async function loadEventFeed(
  payload: Payload,
  { slug, id }: { slug?: string | null; id?: number | null },
) {
  const neighbourhood = slug ? await neighbourhoodBySlug(payload, slug) : null
  if (slug && !neighbourhood) return null
  const where: string[] = []
  const params: unknown[] = []
  if (id) {
    params.push(id)
    where.push(`e.id = $${params.length}`)
  } else {
    params.push(FEED_PAST_DAYS)
    where.push(`e.event_date > now() - make_interval(days => $${params.length})`)
  }
  if (neighbourhood) {
    params.push(neighbourhood.id)
    where.push(`(e.neighbourhood_id IS NULL OR e.neighbourhood_id = $${params.length})`)
  }
  const { rows } = await eventRows(
    payload,
    where,
    params,
    'e.event_date ASC, e.id ASC',
    FEED_LIMIT,
    0,
    null,
  )
  return { events: rows.map(toEventView), neighbourhood }
}
