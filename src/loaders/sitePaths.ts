import type { Payload } from 'payload'

import { pgPool } from '@/server/database/db'
import { staticPages } from './pages'
import { publicStoryPaths } from './stories'

/** The lists written as static pages (their data changes with content; see collections/shared/stalePages.ts). */
export const LIST_PAGES = ['/', '/neighbourhoods', '/top-reviewers']

/**
 * Every page kept as a static file: the lists, the static pages, every neighbourhood and every
 * public story. No cap: 5,000 neighbourhoods are 5,000 files.
 */
export async function prerenderedPaths(payload: Payload): Promise<string[]> {
  const [pages, stories, neighbourhoods] = await Promise.all([
    staticPages(payload),
    publicStoryPaths(payload),
    pgPool(payload).query<{ slug: string }>('SELECT slug FROM neighbourhoods ORDER BY id'),
  ])
  return [
    ...LIST_PAGES,
    ...pages.map((p) => `/${p.slug}`),
    ...neighbourhoods.rows.map((n) => `/neighbourhood/${n.slug}`),
    ...stories.map((s) => `/neighbourhood/${s.slug}/story/${s.id}`),
  ]
}
