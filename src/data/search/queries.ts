/**
 * The search SQL, as text with $n parameters: the endpoint and the page run it, and
 * `npm run bench:search` EXPLAINs the very same text. Matching: full text on the weighted
 * `document` (title A, tags B, body C; stems through the english configuration) OR a trigram
 * word match on the folded title (`<%`, one or two wrong letters), both served by GIN indexes.
 */

/** Applied with SET LOCAL in each search's read-only transaction (./search.ts). */
export const TRIGRAM_SETTINGS =
  'SET LOCAL pg_trgm.word_similarity_threshold = 0.4; SET LOCAL pg_trgm.similarity_threshold = 0.25'

/**
 * Suggestions match a title word closer: at 0.4 a short prefix such as 'fest' shares two of its
 * five trigrams with 'best' and drew thousands of unrelated titles into every keystroke's sort;
 * a correct prefix still matches through the prefix tsquery, one wrong letter in 6 still passes.
 * And they always start from the two title indexes: for two words ('garden lid') the planner
 * guesses a tenth of the titles match and reads the whole table instead, testing the trigram
 * match on every title (on the large bench seed 68 ms, against 3 ms for the indexes' candidates).
 */
export const SUGGEST_TRIGRAM_SETTINGS =
  'SET LOCAL pg_trgm.word_similarity_threshold = 0.5; SET LOCAL pg_trgm.similarity_threshold = 0.25; SET LOCAL enable_seqscan = off'

/**
 * The query's expressions are written inline (not read from a CTE), so that the planner sees
 * values it may use as index conditions: a bitmap OR of the two GIN indexes.
 */
const TSQ = `websearch_to_tsquery('english', search_fold($1))`
const Q = `search_fold($1)`

/** The score: full-text rank, title closeness, a little for quality and recency, editors' boost. */
const SCORE = `ts_rank_cd(s.document, ${TSQ}, 32)
     + 0.5 * word_similarity(${Q}, s.title_key)
     + 0.3 * similarity(${Q}, s.title_key)
     + 0.1 * coalesce(s.rating, 0)
     + 0.1 / (1 + extract(epoch FROM now() - s.published_at) / 7776000)
     + coalesce(s.boost, 0)`

/**
 * What nobody else may see: hidden, private (but the viewer's own), past events, expired market
 * items (their expiry is the entry's event_date), suspended.
 */
const VISIBLE = `s.hidden IS NOT TRUE
     AND (s.is_public OR s.author_id = $2::int)
     AND (s.kind <> 'event' OR s.event_date >= now())
     AND (s.kind <> 'market' OR s.event_date > now())
     AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = s.author_id AND u.suspended_until > now())`

const HEADLINE_OPTIONS = `'StartSel=' || chr(2) || ', StopSel=' || chr(3) ||
  ', MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "'`

/**
 * One page and the counts per kind in one statement. $1 query, $2 viewer id (or null), $3 kind
 * (or null), $4 limit, $5 offset. Always one row at least (the counts), with page rows beside.
 */
export const SEARCH_SQL = `
WITH hits AS MATERIALIZED (
  SELECT s.id, s.kind, s.doc_id, s.title, s.slug, s.body, s.neighbourhood_id, ${SCORE} AS score
    FROM search_index s
   WHERE (s.document @@ ${TSQ} OR s.title_key %> ${Q})
     AND ${VISIBLE}
)
SELECT c.counts, p.*
  FROM (SELECT coalesce(json_object_agg(k.kind, k.n), '{}') AS counts
          FROM (SELECT kind, count(*)::int AS n FROM hits GROUP BY kind) k) c
  LEFT JOIN LATERAL (
    SELECT h.kind::text AS kind, h.doc_id::int AS doc_id, h.title, h.slug, h.score, h.id,
           n.name AS neighbourhood_name, n.slug AS neighbourhood_slug,
           ts_headline('english', coalesce(h.body, ''), ${TSQ}, ${HEADLINE_OPTIONS}) AS excerpt
      FROM (SELECT * FROM hits WHERE $3::text IS NULL OR kind::text = $3::text
             ORDER BY score DESC, id DESC LIMIT $4 OFFSET $5) h
      LEFT JOIN neighbourhoods n ON n.id = h.neighbourhood_id
  ) p ON true
 ORDER BY p.score DESC NULLS LAST, p.id DESC`

/**
 * Suggestions as one types: titles only, the best 8. $1 query, $2 viewer id, $3 prefix tsquery
 * ('brunch:* & shor:*', letters and digits only, built by prefixTsQuery) on the title's own
 * unstemmed words (`title_words`, small, unlike the whole `document`). Ranked by the title
 * alone (a prefix match counts, not its tsvector rank), and the neighbourhood names are joined
 * to the 8 kept rather than to every candidate.
 */
export const SUGGEST_SQL = `
SELECT t.kind::text AS kind, t.doc_id::int AS doc_id, t.title, t.slug,
       n.name AS neighbourhood_name, n.slug AS neighbourhood_slug
  FROM (SELECT s.kind, s.doc_id, s.title, s.slug, s.neighbourhood_id, s.id,
               word_similarity(${Q}, s.title_key) + similarity(${Q}, s.title_key)
               + 0.2 * (s.title_words @@ to_tsquery('simple', $3))::int
               + coalesce(s.boost, 0) AS score
          FROM search_index s
         WHERE (s.title_words @@ to_tsquery('simple', $3) OR s.title_key %> ${Q})
           AND ${VISIBLE}
         ORDER BY score DESC, s.id DESC
         LIMIT 8) t
  LEFT JOIN neighbourhoods n ON n.id = t.neighbourhood_id
 ORDER BY t.score DESC, t.id DESC`

/**
 * With no result: the neighbourhoods whose names are closest ($1 query). Only run when nothing
 * matched, over the neighbourhood entries alone (the kind index): looser than the search itself.
 */
export const CLOSEST_SQL = `
SELECT s.doc_id::int AS doc_id, s.title, s.slug
  FROM search_index s
 WHERE s.kind = 'neighbourhood' AND s.hidden IS NOT TRUE
   AND word_similarity(search_fold($1), s.title_key) > 0.1
 ORDER BY word_similarity(search_fold($1), s.title_key) + similarity(search_fold($1), s.title_key) DESC,
          s.id
 LIMIT 3`
