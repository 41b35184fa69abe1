import type { Payload } from 'payload'

import { pgPool } from '@/server/database/db'
import { viewerOf } from './viewer'
import { reactionCounts } from './reactions'
import {
  STORIES_PAGE_SIZE,
  storyCardFromRow,
  parseStoryId,
  toStoryView,
  type StoryListFilter,
  type StoryListPage,
  type StoryRow,
  type StoryView,
} from '@/views/story'

/** `%`, `_` and `\` match themselves in an ILIKE pattern built from what a visitor typed. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

const TAGS_OF = `SELECT t.text FROM stories_texts t WHERE t.parent_id = s.id AND t.path = 'tags'`

/**
 * The WHERE clause of a public story list (SPEC §7: public stories only, newest first; hidden
 * ones never) and its parameters, shared by the page query and the count.
 */
function listWhere(neighbourhoodId: number | null, filter: Pick<StoryListFilter, 'q' | 'tag'>) {
  const params: unknown[] = []
  const where = ['s.is_public IS TRUE', 's.hidden IS NOT TRUE']
  if (neighbourhoodId !== null) {
    params.push(neighbourhoodId)
    where.push(`s.neighbourhood_id = $${params.length}`)
  }
  if (filter.tag) {
    params.push(filter.tag.toLowerCase())
    where.push(`EXISTS (${TAGS_OF} AND lower(t.text) = $${params.length})`)
  }
  if (filter.q) {
    params.push(likePattern(filter.q))
    const p = `$${params.length}`
    where.push(
      `(s.title ILIKE ${p} OR s.description ILIKE ${p} OR EXISTS (${TAGS_OF} AND t.text ILIKE ${p}))`,
    )
  }
  return { where: where.join(' AND '), params }
}

/**
 * One page of public stories with their neighbourhood, author, avatar, image and tags: two
 * queries (the page and the count), whatever the page size.
 */
export async function listStories(
  payload: Payload,
  neighbourhoodId: number | null,
  filter: StoryListFilter,
  pageSize = STORIES_PAGE_SIZE,
): Promise<StoryListPage> {
  const pool = pgPool(payload)
  const { where, params } = listWhere(neighbourhoodId, filter)
  const offset = (filter.page - 1) * pageSize
  const [rows, count] = await Promise.all([
    pool.query<StoryRow>(
      `SELECT s.id, s.title, s.description, s.created_at, s.reaction_count, s.comment_count,
              n.slug, n.name, s.author_id, u.user_name, am.filename AS avatar,
              coalesce(im.sizes_card_filename, im.filename) AS image,
              ARRAY(${TAGS_OF} ORDER BY t."order") AS tags
         FROM stories s
         JOIN neighbourhoods n ON n.id = s.neighbourhood_id
         LEFT JOIN users u ON u.id = s.author_id
         LEFT JOIN media am ON am.id = u.avatar_id
         LEFT JOIN media im ON im.id = s.image_id
        WHERE ${where}
        ORDER BY s.created_at DESC, s.id DESC
        LIMIT ${Number(pageSize)} OFFSET ${Number(offset)}`,
      params,
    ),
    pool.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM stories s WHERE ${where}`,
      params,
    ),
  ])
  const total = count.rows[0]?.total ?? 0
  return {
    cards: rows.rows.map(storyCardFromRow),
    total,
    page: filter.page,
    totalPages: Math.max(1, Math.ceil(total / pageSize)),
    pageSize,
  }
}

/** Every public story's route parameters, for prerendering (one query). */
export async function publicStoryPaths(payload: Payload): Promise<{ slug: string; id: number }[]> {
  const { rows } = await pgPool(payload).query<{ slug: string; id: number }>(
    `SELECT n.slug, s.id FROM stories s JOIN neighbourhoods n ON n.id = s.neighbourhood_id
      WHERE s.is_public IS TRUE AND s.hidden IS NOT TRUE ORDER BY s.id`,
  )
  return rows
}

type Viewer = { id: number; collection?: string } | null

/**
 * One story as `viewer` may see it (Payload's read access: public and not hidden, or the
 * author's own private one; staff see all), with reaction counts per emoji. Null when missing
 * or not visible: the page answers 404 either way, so a private story's existence is not told.
 */
export async function findStory(
  payload: Payload,
  id: number,
  viewer: Viewer,
): Promise<StoryView | null> {
  const { docs } = await payload.find({
    collection: 'stories',
    where: { id: { equals: id } },
    limit: 1,
    // One row by its id: no count query (a full build reads every public story).
    pagination: false,
    depth: 2,
    overrideAccess: false,
    user: viewer ? { ...viewer, collection: 'users' } : undefined,
    populate: {
      users: { userName: true, avatar: true },
      neighbourhoods: { slug: true, name: true },
    },
  })
  const doc = docs[0]
  if (!doc) return null
  const reactions = await reactionCounts(payload, 'story', [doc.id])
  return toStoryView(doc, reactions.get(doc.id) ?? {})
}

/** Neighbourhoods for the story form's picker, by name (one query). */
export async function neighbourhoodChoices(
  payload: Payload,
): Promise<{ id: number; slug: string; name: string }[]> {
  const { rows } = await pgPool(payload).query<{ id: number; slug: string; name: string }>(
    `SELECT id, slug, name FROM neighbourhoods ORDER BY name, id LIMIT 1000`,
  )
  return rows
}

/** A neighbourhood's id and name by slug, or null (one query). */
export async function neighbourhoodBySlug(
  payload: Payload,
  slug: string,
): Promise<{ id: number; slug: string; name: string } | null> {
  const { rows } = await pgPool(payload).query<{ id: number; slug: string; name: string }>(
    `SELECT id, slug, name FROM neighbourhoods WHERE slug = $1 LIMIT 1`,
    [slug],
  )
  return rows[0] ?? null
}

export type StoryRoute =
  { kind: 'story'; story: StoryView } | { kind: 'moved'; location: string } | { kind: 'not-found' }

/**
 * A story page rendered on demand (new since the last build, or private): the story as the
 * signed-in viewer may see it. A story asked for under another neighbourhood's slug moves to
 * its own; missing, hidden and other people's private stories are all 'not found'.
 */
export async function storyForRoute(
  payload: Payload,
  headers: Headers,
  slug: string,
  segment: string | undefined,
  section: 'stories' | 'story',
): Promise<StoryRoute> {
  const id = parseStoryId(segment)
  if (id === null) return { kind: 'not-found' }
  const viewer = await viewerOf(payload, headers)
  const story = await findStory(payload, id, viewer)
  if (!story) return { kind: 'not-found' }
  if (story.neighbourhood.slug !== slug) {
    const location = story.href.replace(/\/stories\/(\d+)$/, `/${section}/$1`)
    return { kind: 'moved', location }
  }
  return { kind: 'story', story }
}

/**
 * storyForRoute for the page of either address (`/stories/{id}`, `/story/{id}`): its params and
 * session; a private story's answer is kept out of shared caches.
 */
export async function storyPageRoute(
  page: {
    params: { slug?: string; rest?: string }
    request: Request
    response: { headers: Headers }
  },
  section: 'stories' | 'story',
): Promise<StoryRoute> {
  const { slug = '', rest } = page.params
  // Loaded here, not at the top: importing it builds the config, which tests set up first.
  const payload = await (await import('./payload')).payloadClient()
  const route = await storyForRoute(payload, page.request.headers, slug, rest, section)
  if (route.kind === 'story' && !route.story.isPublic) {
    page.response.headers.set('cache-control', 'private, no-store')
  }
  return route
}
