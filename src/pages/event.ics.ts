import type { APIRoute } from 'astro'

import { eventCalendar } from '@/loaders/eventCalendar'

export const prerender = false

/** GET /event.ics (every public event), ?slug= (one neighbourhood's), ?id= (one event's file). */
export const GET: APIRoute = ({ url }) =>
  eventCalendar(url, {
    slug: url.searchParams.get('slug')?.trim() || null,
    id: /^\d{1,15}$/.test(url.searchParams.get('id') ?? '')
      ? Number(url.searchParams.get('id'))
      : null,
  })
