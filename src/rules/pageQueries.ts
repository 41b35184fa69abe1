/**
 * Pages written as static files whose content also follows a few query parameters (filters,
 * sorts, "show more" pagers). A request carrying one of them is rendered on demand, so every
 * filter and pager is a real link or GET form that works before or without JavaScript; any
 * other query string (e.g. tracking tags) gets the static file. The app (src/server/site/site.ts)
 * and the front server's config (scripts/nginx-config.ts) both route by this table.
 */
export const PAGE_QUERIES: readonly { path: string; params: readonly string[] }[] = [
  // The list: ?search=&vibe= filters, ?pages= how many pages of cards are shown.
  { path: '^/neighbourhoods/?$', params: ['search', 'vibe', 'pages'] },
  // A neighbourhood: ?sort= of its reviews, ?pages= how many pages of reviews are shown.
  { path: '^/neighbourhood/[^/]+/?$', params: ['sort', 'pages'] },
]

/** At most this many pages of a "show more" list render in one answer (bounds the work). */
export const MAX_SHOWN_PAGES = 20

const MATCHERS = PAGE_QUERIES.map((q) => ({ path: new RegExp(q.path), params: q.params }))

/** Whether a request for a static page asks for a filtered, sorted or longer view of it. */
export function wantsOnDemand(pathname: string, params: URLSearchParams): boolean {
  return MATCHERS.some((q) => q.path.test(pathname) && q.params.some((p) => params.has(p)))
}

/** ?pages= read leniently: a whole number from 1 to MAX_SHOWN_PAGES, else 1. */
export function parseShownPages(value: string | null | undefined): number {
  const n = Number.parseInt(value ?? '', 10)
  return Number.isFinite(n) && n >= 1 ? Math.min(n, MAX_SHOWN_PAGES) : 1
}
