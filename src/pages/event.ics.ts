import type { APIRoute } from 'astro'

import { eventCalendar } from '@/loaders/eventCalendar'
import { queryId } from '@/views/forms'

export const prerender = false

/** GET /event.ics (every public event), ?slug= (one neighbourhood's), ?id= (one event's file). */
export const GET: APIRoute = ({ url }) =>
  eventCalendar(url, {
    slug: url.searchParams.get('slug')?.trim() || null,
    id: queryId(url.searchParams),
  })
