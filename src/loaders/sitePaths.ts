import type { Payload } from 'payload'

import { pgPool } from '@/server/database/db'
import { staticPages } from './pages'
import { publicStoryPaths } from './stories'

/** The lists written as static pages (their data changes with content; see collections/shared/stalePages.ts). */
export const LIST_PAGES = ['/', '/neighbourhoods', '/top-reviewers', '/map']

/**
 * Every page kept as a static file, most important first: the lists, the static pages, every
 * neighbourhood and every public story. No cap: 5,000 neighbourhoods are 5,000 files.
 */
export async function prerenderedPaths(payload: Payload): Promise<string[]> {
  const [pages, stories, neighbourhoods] = await Promise.all([
    staticPages(payload),
    publicStoryPaths(payload),
    // The most reviewed first: a large build's pages are written in this order, partly after
    // it is served (src/server/site/backfill.ts).
    pgPool(payload).query<{ slug: string }>(
      `SELECT n.slug FROM neighbourhoods n
         LEFT JOIN (SELECT neighbourhood_id AS id, count(*) AS reviews FROM reviews GROUP BY 1) r
           USING (id)
        ORDER BY r.reviews DESC NULLS LAST, n.id`,
    ),
  ])
  return [
    ...LIST_PAGES,
    ...pages.map((p) => `/${p.slug}`),
    ...neighbourhoods.rows.map((n) => `/neighbourhood/${n.slug}`),
    ...stories.map((s) => `/neighbourhood/${s.slug}/story/${s.id}`),
  ]
}
