import type { CollectionAfterChangeHook } from 'payload'

import { query, sql } from '@/server/database/db'
import { announceApiChanges } from '@/server/http/apiChanges'
import { relId } from '@/views/media'
import { countAndPushFollowers } from './followerCount'

/** Where members post in a neighbourhood, and whose each row is. */
const POSTS = [
  ['reviews', 'user_id'],
  ['stories', 'author_id'],
  ['discussions', 'author_id'],
  ['events', 'author_id'],
  ['polls', 'author_id'],
  ['local_businesses', 'author_id'],
] as const

/**
 * A member's first review or post in a neighbourhood makes them follow it, in the post's own
 * transaction. Only the first: whoever stopped following is not followed again by their next
 * post.
 */
export const followOnFirstPost =
  (table: string, owner: 'user_id' | 'author_id'): CollectionAfterChangeHook =>
  async ({ doc, operation, req }) => {
    if (operation !== 'create') return doc
    const member = relId((doc as Record<string, unknown>)[owner === 'user_id' ? 'user' : 'author'])
    const neighbourhood = relId((doc as { neighbourhood?: unknown }).neighbourhood)
    if (member === null || neighbourhood === null) return doc
    // Any earlier review or post of theirs there (other than this one) means not the first.
    const earlier = sql.join(
      POSTS.map(
        ([t, o]) =>
          sql`SELECT 1 FROM ${sql.raw(`"${t}"`)} WHERE ${sql.raw(`"${o}"`)} = ${member}
                AND neighbourhood_id = ${neighbourhood}
                ${t === table ? sql`AND id <> ${doc.id}` : sql``}`,
      ),
      sql` UNION ALL `,
    )
    const added = await query<{ id: number }>(
      req,
      sql`INSERT INTO follows (user_id, neighbourhood_id, created_at, updated_at)
          SELECT ${member}, ${neighbourhood}, now(), now() WHERE NOT EXISTS (${earlier})
          ON CONFLICT DO NOTHING RETURNING id`,
    )
    if (added.length) {
      await countAndPushFollowers(req, neighbourhood)
      await announceApiChanges(req, ['follows'])
    }
    return doc
  }
