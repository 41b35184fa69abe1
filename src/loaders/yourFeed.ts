import type { Payload } from 'payload'

import { LIVE_ITEM_TEXT } from '@/data/market'
import { parsePage } from '@/rules/paging'
import { pgPool } from '@/server/database/db'
import { signInHref } from '@/views/site'
import {
  YOUR_FEED_LIVE_LIMIT,
  YOUR_FEED_MAX_PAGE,
  YOUR_FEED_PAGE_SIZE,
  YOUR_FEED_PATH,
  yourFeedDetail,
  yourFeedItemHref,
  yourFeedTitle,
  type YourFeedItem,
  type YourFeedKind,
  type YourFeedPage,
} from '@/views/yourFeed'
import { viewerOf } from './viewer'

interface FeedRow {
  followed_count: number
  live: number[] | null
  kind: YourFeedKind | null
  id: number
  text: string | null
  rating: string | null
  variant: string | null
  pence: string | null
  created_at: Date
  neighbourhood: string
  slug: string
  user_name: string | null
  author_name: string | null
}

/**
 * One branch per kind, each already cut to the rows the page can need (so the merge sorts a few
 * rows, not every post of the followed neighbourhoods). Visibility as for a signed-out reader:
 * never what staff hid, never a private story or event (not even the member's own).
 */
const BRANCHES = [
  `SELECT 'story' AS kind, id, title AS text, NULL::numeric AS rating, NULL::text AS variant,
          NULL::numeric AS pence, neighbourhood_id, author_id, NULL::varchar AS author_name,
          created_at
     FROM stories WHERE hidden IS NOT TRUE AND is_public IS TRUE`,
  `SELECT 'event', id, title, NULL, NULL, NULL, neighbourhood_id, author_id, NULL, created_at
     FROM events WHERE hidden IS NOT TRUE AND is_public IS TRUE`,
  `SELECT 'discussion', id, title, NULL, NULL, NULL, neighbourhood_id, author_id, NULL, created_at
     FROM discussions WHERE hidden IS NOT TRUE`,
  `SELECT 'poll', id, question, NULL, NULL, NULL, neighbourhood_id, author_id, NULL, created_at
     FROM polls WHERE hidden IS NOT TRUE`,
  `SELECT 'review', id, comment, rating, NULL, NULL, neighbourhood_id, user_id, author_name,
          created_at
     FROM reviews WHERE hidden IS NOT TRUE`,
  `SELECT 'local-business', id, name, NULL, NULL, NULL, neighbourhood_id, author_id, NULL,
          created_at
     FROM local_businesses WHERE hidden IS NOT TRUE`,
  // Verified alerts only, in the feed from the moment they were verified.
  `SELECT 'safety-alert', id, title, NULL, category::text, NULL, neighbourhood_id, author_id,
          NULL, verified_at AS created_at
     FROM safety_alerts WHERE hidden IS NOT TRUE AND verified_at IS NOT NULL`,
  `SELECT 'lost-found', id, title, NULL, kind::text, NULL, neighbourhood_id, author_id, NULL,
          created_at
     FROM lost_found_posts WHERE hidden IS NOT TRUE`,
  // Items still listed: a gone or expired item leaves the feed as it leaves the lists.
  `SELECT 'market-item', i.id, i.title, NULL, i.kind::text, i.price_pence, i.neighbourhood_id,
          i.author_id, NULL, i.created_at
     FROM market_items i WHERE ${LIVE_ITEM_TEXT}`,
]
  .map(
    (branch) => `(${branch}
       AND neighbourhood_id IN (SELECT id FROM followed)
     ORDER BY created_at DESC, id DESC LIMIT $2)`,
  )
  .join('\n UNION ALL\n')

/**
 * One query: the page's items (one more than a page, to know whether there is an older one)
 * with their neighbourhood and author, and on every row how many neighbourhoods the member
 * follows and which ones the live notice listens to. Always at least one row, even when empty.
 */
const FEED_SQL = `
WITH followed AS (
  SELECT neighbourhood_id AS id, created_at, id AS follow_id FROM follows WHERE user_id = $1
),
feed AS (${BRANCHES}),
page AS (
  SELECT feed.kind, feed.id, feed.text, feed.rating, feed.variant, feed.pence, feed.created_at,
         n.name AS neighbourhood,
         n.slug, u.user_name, feed.author_name
    FROM feed
    JOIN neighbourhoods n ON n.id = feed.neighbourhood_id
    LEFT JOIN users u ON u.id = feed.author_id
   ORDER BY feed.created_at DESC, feed.kind, feed.id DESC
   LIMIT $3 OFFSET $4
)
SELECT summary.followed_count, summary.live, page.*
  FROM (SELECT (SELECT count(*)::int FROM followed) AS followed_count,
               ARRAY(SELECT id FROM followed ORDER BY created_at DESC, follow_id DESC LIMIT $5)
                 AS live) summary
  LEFT JOIN page ON true
 ORDER BY page.created_at DESC, page.kind, page.id DESC`

function toItem(row: FeedRow & { kind: YourFeedKind }): YourFeedItem {
  const author = row.user_name
    ? { name: row.user_name, href: `/profile/${encodeURIComponent(row.user_name)}` }
    : row.author_name
      ? { name: row.author_name, href: null }
      : null
  return {
    kind: row.kind,
    id: row.id,
    title: yourFeedTitle(row.kind, row.text ?? ''),
    rating: row.kind === 'review' && row.rating !== null ? Number(row.rating) : null,
    detail: yourFeedDetail(row.kind, row.variant, row.pence === null ? null : Number(row.pence)),
    neighbourhood: { name: row.neighbourhood, slug: row.slug },
    author,
    createdAt: new Date(row.created_at).toISOString(),
    href: yourFeedItemHref(row.kind, row.id, row.slug),
  }
}

/** One page of a member's feed (page from 1), in one query. */
export async function loadYourFeed(
  payload: Payload,
  member: number,
  page: number,
): Promise<YourFeedPage> {
  const offset = (page - 1) * YOUR_FEED_PAGE_SIZE
  const { rows } = await pgPool(payload).query<FeedRow>(FEED_SQL, [
    member,
    offset + YOUR_FEED_PAGE_SIZE + 1,
    YOUR_FEED_PAGE_SIZE + 1,
    offset,
    YOUR_FEED_LIVE_LIMIT,
  ])
  const items = rows
    .filter((r): r is FeedRow & { kind: YourFeedKind } => r.kind !== null)
    .map(toItem)
  return {
    items: items.slice(0, YOUR_FEED_PAGE_SIZE),
    page,
    hasNewer: page > 1,
    hasOlder: items.length > YOUR_FEED_PAGE_SIZE,
    following: rows[0]?.followed_count ?? 0,
    liveNeighbourhoods: rows[0]?.live ?? [],
  }
}

export type YourFeedAnswer = { redirect: string } | { feed: YourFeedPage }

/**
 * What /feed answers: signed out, the sign-in page with the way back here; without a user name
 * yet, the profile setup; else the page of the feed that `?page=` asks for.
 */
export async function yourFeedFor(
  payload: Payload,
  headers: Headers,
  url: URL,
): Promise<YourFeedAnswer> {
  const viewer = await viewerOf(payload, headers)
  if (!viewer) return { redirect: signInHref(YOUR_FEED_PATH, url.search) }
  if (!viewer.userName) return { redirect: '/register' }
  const page = parsePage(url.searchParams.get('page'), YOUR_FEED_MAX_PAGE)
  return { feed: await loadYourFeed(payload, viewer.id, page) }
}
