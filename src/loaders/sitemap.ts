import type { Payload } from 'payload'

import { STATIC_PAGES } from '@/rules/staticPages'
import { pgPool } from '@/server/database/db'
import { SITEMAP_MAX_URLS, type SitemapEntry } from '@/views/seo'
import { marketItemHref } from '@/views/market'
import { lostFoundHref } from '@/views/lostFound'
import { storyHref } from '@/views/story'

/** The site-wide lists and screens a visitor can open without signing in. */
const LISTS = [
  '/',
  '/neighbourhoods',
  '/map',
  '/stories',
  '/forum',
  '/discussions',
  '/polls',
  '/top-reviewers',
]

/**
 * Every URL of the sitemap, in a stable order: the lists, the static pages that exist, every
 * neighbourhood, then every public story that is not hidden (the pages prerendered for readers),
 * then every market item still listed, then every shown lost and found post (open or reunited:
 * its page stays).
 * One query per kind, straight from PostgreSQL (tens of thousands of rows: no documents made).
 */
export async function sitemapEntries(payload: Payload): Promise<SitemapEntry[]> {
  const pool = pgPool(payload)
  const [pages, neighbourhoods, stories, items, lostFound] = await Promise.all([
    pool.query<{ slug: string; updated_at: Date }>(
      `SELECT slug, updated_at FROM pages WHERE slug = ANY($1) ORDER BY slug`,
      [STATIC_PAGES.map((p) => p.slug)],
    ),
    pool.query<{ slug: string; updated_at: Date }>(
      `SELECT slug, updated_at FROM neighbourhoods ORDER BY id`,
    ),
    pool.query<{ slug: string; id: number; updated_at: Date }>(
      `SELECT n.slug, s.id, s.updated_at FROM stories s JOIN neighbourhoods n ON n.id = s.neighbourhood_id
        WHERE s.is_public IS TRUE AND s.hidden IS NOT TRUE ORDER BY s.id`,
    ),
    // Market items still listed (a gone or expired one keeps its page, but not its place here).
    pool.query<{ id: number; updated_at: Date }>(
      `SELECT id, updated_at FROM market_items
        WHERE hidden IS NOT TRUE AND status <> 'gone' AND expires_at > now() ORDER BY id`,
    ),
    pool.query<{ id: number; updated_at: Date }>(
      `SELECT id, updated_at FROM lost_found_posts WHERE hidden IS NOT TRUE ORDER BY id`,
    ),
  ])
  return [
    ...LISTS.map((path) => ({ path })),
    ...pages.rows.map((r) => ({ path: `/${r.slug}`, lastModified: r.updated_at })),
    ...neighbourhoods.rows.map((r) => ({
      path: `/neighbourhood/${encodeURIComponent(r.slug)}`,
      lastModified: r.updated_at,
    })),
    ...stories.rows.map((r) => ({ path: storyHref(r.slug, r.id), lastModified: r.updated_at })),
    ...items.rows.map((r) => ({ path: marketItemHref(r.id), lastModified: r.updated_at })),
    ...lostFound.rows.map((r) => ({ path: lostFoundHref(r.id), lastModified: r.updated_at })),
  ]
}

/** Part `n` (1-based) of the sitemap when it is split; empty past the last part. */
export const sitemapPart = (entries: SitemapEntry[], n: number): SitemapEntry[] =>
  entries.slice((n - 1) * SITEMAP_MAX_URLS, n * SITEMAP_MAX_URLS)
