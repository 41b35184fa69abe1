import type { APIRoute } from 'astro'

import { eventCalendar } from '@/loaders/eventCalendar'

export const prerender = false

/** GET /neighbourhood/{slug}/events.ics: the neighbourhood's public events as a calendar. */
export const GET: APIRoute = ({ url, params }) => eventCalendar(url, { slug: params.slug ?? '' })
