import type { SearchKind } from '@/rules/search'

/**
 * Each searched table as rows of `search_index`, in SQL: one SELECT per kind, used for one
 * document after its write (hooks) and for every document (a full reindex). The columns, in order:
 * kind, doc_id, title, tags, body, slug, neighbourhood_id, author_id, is_public, hidden,
 * event_date, rating (0–1), published_at. The migration's backfill is a frozen copy of these.
 */
const tagsOf = (table: string) =>
  `(SELECT string_agg(x.text, ' ' ORDER BY x."order") FROM ${table}_texts x
     WHERE x.parent_id = t.id AND x.path = 'tags')`
// 1 reaction ≈ 0.14, 10 ≈ 0.48, 150 and more = 1.
const popularity = (count: string) => `least(1, ln(1 + coalesce(${count}, 0)) / 5)`
const kind = (k: SearchKind) => `'${k}'::enum_search_index_kind`

export const SOURCES: Record<SearchKind, { table: string; select: string }> = {
  neighbourhood: {
    table: 'neighbourhoods',
    select: `SELECT ${kind('neighbourhood')}, t.id, t.name,
       (SELECT string_agg(v.value::text, ' ' ORDER BY v."order") FROM neighbourhoods_vibes v
         WHERE v.parent_id = t.id),
       t.tagline, t.slug, t.id, NULL::int, true, false,
       NULL::timestamptz,
       coalesce((SELECT avg(r.rating) / 5 FROM reviews r
                  WHERE r.neighbourhood_id = t.id AND r.hidden IS NOT TRUE), 0),
       t.created_at
       FROM neighbourhoods t`,
  },
  story: {
    table: 'stories',
    select: `SELECT ${kind('story')}, t.id, t.title, ${tagsOf('stories')}, t.description, NULL,
       t.neighbourhood_id, t.author_id, coalesce(t.is_public, true), coalesce(t.hidden, false),
       NULL::timestamptz, ${popularity('t.reaction_count')}, t.created_at
       FROM stories t`,
  },
  discussion: {
    table: 'discussions',
    select: `SELECT ${kind('discussion')}, t.id, t.title, ${tagsOf('discussions')}, t.content, NULL,
       t.neighbourhood_id, t.author_id, true, coalesce(t.hidden, false), NULL::timestamptz,
       ${popularity('t.reaction_count')}, t.created_at
       FROM discussions t`,
  },
  event: {
    table: 'events',
    select: `SELECT ${kind('event')}, t.id, t.title, ${tagsOf('events')},
       concat_ws(' ', t.description, t.location), NULL, t.neighbourhood_id, t.author_id,
       coalesce(t.is_public, true), coalesce(t.hidden, false), t.event_date,
       ${popularity('t.attending_count')}, t.created_at
       FROM events t`,
  },
  poll: {
    table: 'polls',
    select: `SELECT ${kind('poll')}, t.id, t.question, NULL,
       (SELECT string_agg(o.text, ' · ' ORDER BY o._order) FROM polls_options o
         WHERE o._parent_id = t.id),
       NULL, t.neighbourhood_id, t.author_id, true, coalesce(t.hidden, false), NULL::timestamptz,
       ${popularity('(SELECT count(*) FROM poll_votes v WHERE v.poll_id = t.id)')}, t.created_at
       FROM polls t`,
  },
  spot: {
    table: 'local_businesses',
    select: `SELECT ${kind('spot')}, t.id, t.name,
       concat_ws(' ', t.category, (SELECT string_agg(e.value::text, ' ' ORDER BY e."order")
                                     FROM local_businesses_emojis e WHERE e.parent_id = t.id)),
       concat_ws(' ', t.description, t.address), NULL, t.neighbourhood_id, t.author_id, true,
       coalesce(t.hidden, false), NULL::timestamptz, ${popularity('t.reaction_count')},
       t.created_at
       FROM local_businesses t`,
  },
  // Only verified alerts have an entry (sourceFilter): unverified ones show only on the safety page.
  safety: {
    table: 'safety_alerts',
    select: `SELECT ${kind('safety')}, t.id, t.title, t.category::text, t.body, NULL,
       t.neighbourhood_id, t.author_id, true, coalesce(t.hidden, false),
       NULL::timestamptz, 0, t.created_at
       FROM safety_alerts t`,
  },
  'lost-found': {
    table: 'lost_found_posts',
    select: `SELECT ${kind('lost-found')}, t.id, t.title, concat_ws(' ', t.kind::text, t.what::text),
       t.description, NULL, t.neighbourhood_id, t.author_id, true, coalesce(t.hidden, false),
       NULL::timestamptz, 0, t.created_at
       FROM lost_found_posts t`,
  },
  // A gone item's entry is hidden; its expiry rides in event_date, past which nobody finds it.
  market: {
    table: 'market_items',
    select: `SELECT ${kind('market')}, t.id, t.title, concat_ws(' ', t.kind::text, t.condition::text),
       concat_ws(' ', t.description, t.street), NULL, t.neighbourhood_id, t.author_id, true,
       coalesce(t.hidden, false) OR t.status = 'gone', t.expires_at, 0, t.created_at
       FROM market_items t`,
  },
  person: {
    table: 'users',
    select: `SELECT ${kind('person')}, t.id, coalesce(nullif(t.name, ''), t.user_name), t.user_name,
       t.bio, t.user_name, NULL::int, t.id, true, false, NULL::timestamptz, 0, t.created_at
       FROM users t`,
  },
}

/** Rows without an entry: people without a user name (their address), unverified alerts. */
const SOURCE_FILTERS: Partial<Record<SearchKind, string>> = {
  person: 't.user_name IS NOT NULL',
  safety: 't.verified_at IS NOT NULL',
}
export const sourceFilter = (k: SearchKind) => SOURCE_FILTERS[k] ?? 'true'

const COLUMNS = `kind, doc_id, title, tags, body, slug, neighbourhood_id, author_id, is_public,
  hidden, event_date, rating, published_at`

/** INSERT … SELECT … ON CONFLICT: writes or refreshes the rows `where` picks (editors' boost kept). */
export const upsertSql = (k: SearchKind, where: string) =>
  `INSERT INTO search_index (${COLUMNS})
   ${SOURCES[k].select}
   WHERE ${sourceFilter(k)} AND ${where}
   ON CONFLICT (kind, doc_id) DO UPDATE SET
     title = EXCLUDED.title, tags = EXCLUDED.tags, body = EXCLUDED.body, slug = EXCLUDED.slug,
     neighbourhood_id = EXCLUDED.neighbourhood_id, author_id = EXCLUDED.author_id,
     is_public = EXCLUDED.is_public, hidden = EXCLUDED.hidden, event_date = EXCLUDED.event_date,
     rating = EXCLUDED.rating, published_at = EXCLUDED.published_at, updated_at = now()`
