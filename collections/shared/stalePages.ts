import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  CollectionBeforeDeleteHook,
  PayloadRequest,
  TypeWithID,
} from 'payload'

import type { User } from '@/payload-types'
import type { ReactionTargetKind } from '@/rules/targets'
import { BANNER_MS } from '@/rules/safetyAlerts'
import { query, sql } from '@/server/database/db'
import { announceStalePages, type TimeBoundaryPages } from '@/server/site/siteRevision'
import { FEED_TYPES, homeFeedQueries } from '@/views/home'
import { relId } from '@/views/media'
import { REVIEWS_PAGE_SIZE } from '@/views/review'

type Doc = TypeWithID & Record<string, unknown>

/** The site's pages that lists and feeds put many documents on. */
export const HOME = '/'
export const LIST = '/neighbourhoods'
export const TOP_REVIEWERS = '/top-reviewers'
export const MAP = '/map'
export const neighbourhoodPage = (slug: string) => `/neighbourhood/${slug}`
export const storyPage = (slug: string, id: number | string) =>
  `${neighbourhoodPage(slug)}/story/${id}`

async function slugOf(req: PayloadRequest, ref: unknown): Promise<string | undefined> {
  if (ref && typeof ref === 'object' && typeof (ref as Doc).slug === 'string')
    return (ref as Doc).slug as string
  const id = relId(ref as never)
  if (id == null) return undefined
  const rows = await query<{ slug: string }>(
    req,
    sql`SELECT slug FROM neighbourhoods WHERE id = ${Number(id)}`,
  )
  return rows[0]?.slug
}

/**
 * Pages whose order counts reactions: the ranking breaks ties by the reactions reviews received,
 * the home's 'Top Discussions' are the most reacted.
 */
export const PAGES_ORDERED_BY_REACTIONS: Partial<Record<ReactionTargetKind, string[]>> = {
  review: [TOP_REVIEWERS],
  discussion: [HOME],
}

/** What a collection's declaration may look up, inside the write's transaction. */
export interface PageLookups {
  /** The slug of a neighbourhood (its id or document). */
  slug: (neighbourhood: unknown) => Promise<string | undefined>
  /** A neighbourhood's page, or none. */
  neighbourhood: (neighbourhood: unknown) => Promise<string[]>
  /** The page of the neighbourhood a local spot is in. */
  neighbourhoodOfSpot: (spot: unknown) => Promise<string[]>
  /** The pages of these stories (public, shown ones). */
  stories: (ids: number[]) => Promise<string[]>
  /** Neighbourhood pages whose first page of reviews has one by these users. */
  reviewPagesBy: (users: number[]) => Promise<string[]>
}

function lookups(req: PayloadRequest): PageLookups {
  return {
    slug: (ref) => slugOf(req, ref),
    neighbourhood: async (ref) => {
      const slug = await slugOf(req, ref)
      return slug ? [neighbourhoodPage(slug)] : []
    },
    neighbourhoodOfSpot: async (ref) => {
      const id = relId(ref as never)
      if (id == null) return []
      const rows = await query<{ slug: string }>(
        req,
        sql`SELECT n.slug FROM local_businesses b JOIN neighbourhoods n ON n.id = b.neighbourhood_id
             WHERE b.id = ${Number(id)}`,
      )
      return rows.map((r) => neighbourhoodPage(r.slug))
    },
    stories: (ids) => storyPages(req, ids),
    reviewPagesBy: (users) => neighbourhoodPagesShowingReviewsBy(req, users),
  }
}

/**
 * The prerendered pages that show a document: each collection declares them beside its hooks
 * (its neighbourhood's page, its own page, the lists and home sections it appears in).
 */
export type PagesShowing<D> = (doc: D, find: PageLookups) => string[] | Promise<string[]>

/**
 * The hooks that, after a write to content shown on prerendered pages, queue those pages for
 * regeneration in the same transaction (src/server/site/siteRevision.ts). The previous version
 * counts too (a renamed slug or a story moved out of public view leaves a page to rewrite or
 * remove).
 */
export function stalePages<D>(pagesShowing: PagesShowing<D>) {
  const markStale = async (args: {
    doc: unknown
    req: PayloadRequest
    context: Record<string, unknown>
    previousDoc?: unknown
  }) => {
    const { doc, req, context } = args
    if (context.disableRevalidate) return doc
    const find = lookups(req)
    const paths = await pagesShowing(doc as D, find)
    const previous = args.previousDoc as (D & { id?: unknown }) | undefined
    if (previous?.id) paths.push(...(await pagesShowing(previous, find)))
    await announceStalePages(req, paths)
    return doc
  }
  return {
    afterChange: markStale as CollectionAfterChangeHook,
    afterDelete: markStale as CollectionAfterDeleteHook,
  }
}

/** The prerendered pages of these stories (public and shown ones only have one). */
async function storyPages(req: PayloadRequest, ids: number[]): Promise<string[]> {
  const rows = await query<{ slug: string; id: number }>(
    req,
    sql`SELECT n.slug, s.id FROM stories s JOIN neighbourhoods n ON n.id = s.neighbourhood_id
         WHERE s.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)
           AND s.is_public IS TRUE AND s.hidden IS NOT TRUE`,
  )
  return rows.map((r) => storyPage(r.slug, r.id))
}

/**
 * The neighbourhood pages whose prerendered first page of reviews (the newest
 * REVIEWS_PAGE_SIZE visible ones, src/loaders/reviews.ts) has a review by one of `users`: their
 * cards show the author's user name and badges. Only neighbourhoods they reviewed are looked at.
 */
async function neighbourhoodPagesShowingReviewsBy(
  req: PayloadRequest,
  users: number[],
): Promise<string[]> {
  if (!users.length) return []
  const ids = JSON.stringify(users)
  const rows = await query<{ slug: string }>(
    req,
    sql`SELECT n.slug FROM neighbourhoods n
         WHERE n.id IN (SELECT neighbourhood_id FROM reviews
                         WHERE user_id IN (SELECT jsonb_array_elements_text(${ids}::jsonb)::int))
           AND EXISTS (
             SELECT 1 FROM (SELECT r.user_id FROM reviews r
                             WHERE r.neighbourhood_id = n.id AND r.hidden IS NOT TRUE
                             ORDER BY r.created_at DESC LIMIT ${REVIEWS_PAGE_SIZE}) first_page
              WHERE first_page.user_id IN (SELECT jsonb_array_elements_text(${ids}::jsonb)::int))`,
  )
  return rows.map((r) => neighbourhoodPage(r.slug))
}

/**
 * Every prerendered page that shows something of a user's public profile (user name, name,
 * avatar): their reviews on neighbourhood pages, their public stories, the home feeds when one of
 * the cards is theirs, and the top reviewers list when they have a review.
 */
async function pagesShowingUser(req: PayloadRequest, user: number): Promise<string[]> {
  // One after another: they share the write's transaction (one connection).
  const reviewPages = await neighbourhoodPagesShowingReviewsBy(req, [user])
  const stories = await query<{ slug: string; id: number }>(
    req,
    sql`SELECT n.slug, s.id FROM stories s JOIN neighbourhoods n ON n.id = s.neighbourhood_id
         WHERE (s.author_id = ${user} OR s.id IN (SELECT target_id FROM comments
                 WHERE target_kind = 'story' AND author_id = ${user} AND hidden IS NOT TRUE))
           AND s.is_public IS TRUE AND s.hidden IS NOT TRUE`,
  )
  const reviewer = await query(
    req,
    sql`SELECT 1 FROM reviews WHERE user_id = ${user} AND hidden IS NOT TRUE LIMIT 1`,
  )
  const home = await authorsHomeCard(req, user)
  return [
    ...reviewPages,
    ...stories.map((s) => storyPage(s.slug, s.id)),
    ...(reviewer.length ? [TOP_REVIEWERS] : []),
    ...(home ? [HOME] : []),
  ]
}

/** Whether one of the home's feed cards (the same queries its loader runs) is by `user`. */
async function authorsHomeCard(req: PayloadRequest, user: number): Promise<boolean> {
  const queries = homeFeedQueries(new Date())
  for (const type of FEED_TYPES) {
    const q = queries[type]
    const feed = await req.payload.find({
      collection: q.collection,
      where: q.where,
      sort: q.sort.split(','),
      limit: q.limit,
      depth: 0,
      select: { author: true },
      pagination: false,
      overrideAccess: false,
      req,
    })
    if (feed.docs.some((d) => relId(d.author) === user)) return true
  }
  return false
}

type Profile = Pick<User, 'id' | 'userName' | 'name' | 'avatar'>

/** Only what other pages show of a user counts (not sign-ins, sessions, lockouts or e-mail). */
const shownChanged = (doc: Profile, previous: Profile) =>
  doc.userName !== previous.userName ||
  doc.name !== previous.name ||
  relId(doc.avatar) !== relId(previous.avatar)

/**
 * Users, after an update: when their user name, name or avatar changed, every prerendered page
 * showing them is queued in the same transaction.
 */
export const markProfilePagesStale: CollectionAfterChangeHook<User> = async ({
  doc,
  previousDoc,
  operation,
  req,
  context,
}) => {
  if (context.disableRevalidate || operation !== 'update' || !previousDoc?.id) return doc
  if (!shownChanged(doc, previousDoc)) return doc
  await announceStalePages(req, await pagesShowingUser(req, doc.id))
  return doc
}

/**
 * Users, before a delete (ahead of deleteAccountData, which unlinks their reviews): the pages
 * showing them are queued in the delete's transaction.
 */
export const markDeletedProfilePagesStale: CollectionBeforeDeleteHook = async ({
  id,
  req,
  context,
}) => {
  if (context.disableRevalidate) return
  await announceStalePages(req, await pagesShowingUser(req, Number(id)))
}

/**
 * What the prerendered pages show that changes with the clock alone, for the periodic sweep of
 * the page regenerator (src/server/site/siteRegen.ts): the pages whose boundary passed in (from, to].
 * - the home's 'Events' feed lists public events still to come: one passing leaves it (the
 *   soonest event passes first, so it was on the page);
 * - review cards show their author's unexpired badges: one expiring changes the neighbourhood
 *   pages with that author's review on the first page of reviews;
 * - the neighbourhood page's 'Market (n)' tab counts live items: one expiring leaves the count;
 * - the footer of every page shows the year (src/layouts/Shell.astro).
 * Polls closing and business badges expiring show only on pages rendered on demand.
 * Relative times ('3 minutes ago') are kept current by the islands in the browser.
 */
export async function pagesPastTimeBoundaries(
  req: PayloadRequest,
  from: Date,
  to: Date,
): Promise<TimeBoundaryPages> {
  const events = await query(
    req,
    sql`SELECT 1 FROM events
         WHERE event_date > ${from.toISOString()} AND event_date <= ${to.toISOString()}
           AND is_public IS TRUE AND hidden IS NOT TRUE
         LIMIT 1`,
  )
  const badges = await query<{ user_id: number }>(
    req,
    sql`SELECT DISTINCT user_id FROM user_badges
         WHERE expires_at > ${from.toISOString()} AND expires_at <= ${to.toISOString()}`,
  )
  // A verified alert's banner leaves its neighbourhood's page 48 hours after verification.
  const bannersEnded = await query<{ slug: string }>(
    req,
    sql`SELECT DISTINCT n.slug FROM safety_alerts a JOIN neighbourhoods n ON n.id = a.neighbourhood_id
         WHERE a.verified_at > ${new Date(from.getTime() - BANNER_MS).toISOString()}
           AND a.verified_at <= ${new Date(to.getTime() - BANNER_MS).toISOString()}
           AND a.hidden IS NOT TRUE`,
  )
  // Gone and hidden items left the count when they were written; an expiry is the clock's alone.
  const itemsExpired = await query<{ slug: string }>(
    req,
    sql`SELECT DISTINCT n.slug FROM market_items i JOIN neighbourhoods n ON n.id = i.neighbourhood_id
         WHERE i.expires_at > ${from.toISOString()} AND i.expires_at <= ${to.toISOString()}
           AND i.status <> 'gone' AND i.hidden IS NOT TRUE`,
  )
  return {
    paths: [
      ...(events.length ? [HOME] : []),
      ...bannersEnded.map((n) => neighbourhoodPage(n.slug)),
      ...itemsExpired.map((n) => neighbourhoodPage(n.slug)),
      ...(await neighbourhoodPagesShowingReviewsBy(
        req,
        badges.map((b) => Number(b.user_id)),
      )),
    ],
    everyPage: from.getFullYear() !== to.getFullYear(),
  }
}
