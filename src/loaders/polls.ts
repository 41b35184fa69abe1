import type { Payload } from 'payload'

import { countsPerOption } from '@/rules/polls'
import { pgPool } from '@/server/database/db'
import {
  POLLS_PAGE_SIZE,
  toPollCard,
  type PollPage,
  type PollRow,
  type PollView,
} from '@/views/poll'
import { neighbourhoodBySlug } from './events'

const POLL_COLUMNS = `p.id, p.question, p.close_date, n.slug AS neighbourhood_slug, n.name AS neighbourhood_name, p.author_id,
  u.user_name, coalesce(av.sizes_thumbnail_filename, av.filename) AS avatar_file, p.created_at`
const POLL_JOINS = `LEFT JOIN neighbourhoods n ON n.id = p.neighbourhood_id
  LEFT JOIN users u ON u.id = p.author_id
  LEFT JOIN media av ON av.id = u.avatar_id`

/**
 * SPEC §2 polls list, newest first, optionally of one neighbourhood: question, author, close
 * date and total votes in ONE query (plus the neighbourhood's, when a slug is given). Null when
 * the slug names no neighbourhood.
 */
export async function loadPollPage(
  payload: Payload,
  { slug, page = 1, pages = 1 }: { slug?: string | null; page?: number; pages?: number },
): Promise<PollPage | null> {
  const neighbourhood = slug ? await neighbourhoodBySlug(payload, slug) : null
  if (slug && !neighbourhood) return null
  const offset = (page - 1) * POLLS_PAGE_SIZE
  const { rows } = await pgPool(payload).query<PollRow & { total: string }>(
    `SELECT ${POLL_COLUMNS},
            (SELECT count(*) FROM poll_votes v WHERE v.poll_id = p.id) AS total_votes,
            count(*) OVER () AS total
       FROM polls p ${POLL_JOINS}
      WHERE p.hidden IS NOT TRUE AND ($1::int IS NULL OR p.neighbourhood_id = $1)
      ORDER BY p.created_at DESC, p.id DESC
      LIMIT $2 OFFSET $3`,
    [neighbourhood?.id ?? null, POLLS_PAGE_SIZE * pages, offset],
  )
  const total = Number(rows[0]?.total ?? 0)
  return {
    polls: rows.map(toPollCard),
    page: page + pages - 1,
    total,
    hasMore: offset + rows.length < total,
    neighbourhood,
  }
}

/** One visible poll with its options, counts and the viewer's vote (two queries), or null. */
export async function loadPoll(
  payload: Payload,
  id: number,
  viewerId: number | null = null,
): Promise<PollView | null> {
  const pool = pgPool(payload)
  const { rows } = await pool.query<PollRow & { options: string[] }>(
    `SELECT ${POLL_COLUMNS}, 0 AS total_votes,
            coalesce((SELECT array_agg(o.text ORDER BY o._order) FROM polls_options o
                       WHERE o._parent_id = p.id), '{}') AS options
       FROM polls p ${POLL_JOINS}
      WHERE p.id = $1 AND p.hidden IS NOT TRUE`,
    [id],
  )
  const row = rows[0]
  if (!row) return null
  const { rows: votes } = await pool.query<{ option: number; votes: number; mine: boolean }>(
    `SELECT option_index::int AS option, count(*)::int AS votes,
            coalesce(bool_or(user_id = $2), false) AS mine
       FROM poll_votes WHERE poll_id = $1 GROUP BY option_index`,
    [id, viewerId],
  )
  const counts = countsPerOption(
    votes.map((v) => ({ optionIndex: v.option, votes: v.votes })),
    row.options.length,
  )
  const mine = votes.find((v) => v.mine)
  return {
    ...toPollCard(row),
    options: row.options,
    counts,
    totalVotes: counts.reduce((sum, n) => sum + n, 0),
    myVote: mine ? mine.option : null,
  }
}
