import type { Payload } from 'payload'

import type { Neighbourhood } from '@/payload-types'
import { pgPool } from '@/server/database/db'

import {
  COMPARE_LIST_SIZE,
  COMPARE_MAX,
  COMPARE_MIN,
  COMPARE_RECENT_DAYS,
  COMPARE_TAGS,
  isSlugLike,
  shownValue,
  type CompareQuery,
} from '@/rules/compare'
import {
  toCompareColumn,
  type CompareNeighbourhood,
  type ComparePage,
  type CompareRows,
} from '@/views/compare'
import { neighbourhoodCard } from '@/views/neighbourhood'

/*
 * One query per section across the 2-3 neighbourhoods ($1 = their ids), run in parallel on the
 * pool, with what a signed-out reader may see: nothing hidden, public stories only, upcoming
 * public events only. Exported for the benchmark's EXPLAIN (scripts/bench/compare.ts).
 */
const VISIBLE_STORY = 's.is_public IS TRUE AND s.hidden IS NOT TRUE'
const VISIBLE_EVENT = 'e.is_public IS NOT FALSE AND e.hidden IS NOT TRUE'
const RECENT = `now() - make_interval(days => ${COMPARE_RECENT_DAYS})`

export const COMPARE_QUERIES = {
  // Per-star counts (average and total follow from them): reviews_neighbourhood_rating_idx.
  stars: `SELECT neighbourhood_id AS id, rating::int AS rating, count(*)::int AS count
            FROM reviews WHERE neighbourhood_id = ANY($1) AND hidden IS NOT TRUE
           GROUP BY 1, 2`,
  spots: `SELECT neighbourhood_id AS id, category, count(*)::int AS count
            FROM local_businesses WHERE neighbourhood_id = ANY($1) AND hidden IS NOT TRUE
           GROUP BY 1, 2 ORDER BY 1, 3 DESC, 2`,
  events: `SELECT id, item_id, title, at, total FROM (
             SELECT e.neighbourhood_id AS id, e.id AS item_id, e.title, e.event_date AS at,
                    (count(*) OVER w0)::int AS total,
                    row_number() OVER (w0 ORDER BY e.event_date, e.id) AS rn
               FROM events e
              WHERE e.neighbourhood_id = ANY($1) AND ${VISIBLE_EVENT} AND e.event_date > now()
             WINDOW w0 AS (PARTITION BY e.neighbourhood_id)) x
            WHERE rn <= ${COMPARE_LIST_SIZE} ORDER BY id, rn`,
  // Stories and discussions of the last 90 days: counts and the newest few, one query.
  posts: `SELECT id, kind, item_id, title, at, total FROM (
           (SELECT s.neighbourhood_id AS id, 'story' AS kind, s.id AS item_id, s.title,
                   s.created_at AS at, (count(*) OVER w0)::int AS total,
                   row_number() OVER (w0 ORDER BY s.created_at DESC, s.id DESC) AS rn
              FROM stories s
             WHERE s.neighbourhood_id = ANY($1) AND ${VISIBLE_STORY} AND s.created_at > ${RECENT}
            WINDOW w0 AS (PARTITION BY s.neighbourhood_id))
            UNION ALL
           (SELECT d.neighbourhood_id, 'discussion', d.id, d.title, d.created_at,
                   (count(*) OVER w1)::int,
                   row_number() OVER (w1 ORDER BY d.created_at DESC, d.id DESC)
              FROM discussions d
             WHERE d.neighbourhood_id = ANY($1) AND d.hidden IS NOT TRUE AND d.created_at > ${RECENT}
            WINDOW w1 AS (PARTITION BY d.neighbourhood_id))) x
           WHERE rn <= ${COMPARE_LIST_SIZE} ORDER BY id, kind, rn`,
  // The tags of its visible stories, discussions and events, most used first (case folded).
  tags: `SELECT id, tag, uses FROM (
           SELECT id, min(text) AS tag, count(*)::int AS uses,
                  row_number() OVER (PARTITION BY id ORDER BY count(*) DESC, lower(text)) AS rn
             FROM (
               SELECT s.neighbourhood_id AS id, t.text FROM stories s
                 JOIN stories_texts t ON t.parent_id = s.id AND t.path = 'tags'
                WHERE s.neighbourhood_id = ANY($1) AND ${VISIBLE_STORY}
               UNION ALL
               SELECT d.neighbourhood_id, t.text FROM discussions d
                 JOIN discussions_texts t ON t.parent_id = d.id AND t.path = 'tags'
                WHERE d.neighbourhood_id = ANY($1) AND d.hidden IS NOT TRUE
               UNION ALL
               SELECT e.neighbourhood_id, t.text FROM events e
                 JOIN events_texts t ON t.parent_id = e.id AND t.path = 'tags'
                WHERE e.neighbourhood_id = ANY($1) AND ${VISIBLE_EVENT}) used
            WHERE text IS NOT NULL AND text <> ''
            GROUP BY id, lower(text)) x
          WHERE rn <= ${COMPARE_TAGS} ORDER BY id, rn`,
  // The newest visible review of each: one index probe each (reviews_neighbourhood_newest_idx).
  newest: `SELECT x.id, r.rating::int AS rating, r.comment, r.author_name, r.created_at
             FROM unnest($1::int[]) AS x(id)
             CROSS JOIN LATERAL (
               SELECT rating, comment, author_name, created_at FROM reviews
                WHERE neighbourhood_id = x.id AND hidden IS NOT TRUE
                ORDER BY created_at DESC, id DESC LIMIT 1) r`,
} as const

export type CompareSection = keyof typeof COMPARE_QUERIES

/** The section rows of these neighbourhoods: every query at once on the pool. */
export async function compareRows(payload: Payload, ids: number[]): Promise<CompareRows> {
  const pool = pgPool(payload)
  const read = async <K extends CompareSection>(section: K) =>
    (await pool.query<CompareRows[K][number]>(COMPARE_QUERIES[section], [ids])).rows
  const [stars, spots, events, posts, tags, newest] = await Promise.all([
    read('stars'),
    read('spots'),
    read('events'),
    read('posts'),
    read('tags'),
    read('newest'),
  ])
  return { stars, spots, events, posts, tags, newest }
}

/** The neighbourhoods named by these slugs, as a visitor reads them (one find, images populated). */
async function neighbourhoodsBySlug(
  payload: Payload,
  slugs: string[],
): Promise<CompareNeighbourhood[]> {
  if (!slugs.length) return []
  const { docs } = await payload.find({
    collection: 'neighbourhoods',
    where: { slug: { in: slugs } },
    limit: slugs.length,
    pagination: false,
    depth: 1,
    select: {
      name: true,
      slug: true,
      tagline: true,
      vibes: true,
      image: true,
      populationEstimate: true,
      populationYear: true,
      populationSource: true,
      populationQuality: true,
    },
    overrideAccess: false,
  })
  return docs.map((doc) => ({
    // The card reads only the selected fields.
    ...neighbourhoodCard(doc as Neighbourhood),
    populationEstimate: doc.populationEstimate ?? null,
    populationYear: doc.populationYear ?? null,
    populationSource: doc.populationSource ?? null,
    populationQuality: doc.populationQuality ?? null,
  }))
}

/**
 * What /compare answers for a request already in canonical order (src/rules/compare.ts): the
 * comparison, or which slugs are unknown (404), too many (400, without a query) or too few.
 * One find, then the section queries in parallel.
 */
export async function loadComparePage(payload: Payload, query: CompareQuery): Promise<ComparePage> {
  const { values } = query
  if (values.length > COMPARE_MAX) {
    return {
      kind: 'too-many',
      status: 400,
      count: values.length,
      firstThree: values.slice(0, COMPARE_MAX).filter(isSlugLike),
    }
  }
  const found = await neighbourhoodsBySlug(payload, values.filter(isSlugLike))
  const bySlug = new Map(found.map((n) => [n.slug, n]))
  // The order asked for (already sorted when it came through the redirect).
  const known = values.flatMap((v) => bySlug.get(v) ?? [])
  const unknown = values.filter((v) => !bySlug.has(v)).map(shownValue)
  const cards = known.map(({ id, name, slug, tagline, vibes, imageUrl, imageSrcset }) => {
    return { id, name, slug, tagline, vibes, imageUrl, imageSrcset }
  })
  if (unknown.length) return { kind: 'unknown', status: 404, unknown, known: cards }
  if (known.length < COMPARE_MIN) return { kind: 'too-few', status: 200, known: cards }
  const rows = await compareRows(
    payload,
    known.map((n) => n.id),
  )
  return { kind: 'compare', status: 200, columns: known.map((n) => toCompareColumn(n, rows)) }
}
