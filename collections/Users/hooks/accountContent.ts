import type { CollectionSlug, PayloadRequest } from 'payload'

import { DELETED_MEMBER } from '@/rules/settings'
import { query, sql, tableName } from '@/server/database/db'

/**
 * What a deleted account wrote (its member's data-deletion choice, /facebook-data-deletion):
 *
 * - Removed: stories (private and public), events, polls, local spots, market items and lost and
 *   found posts. They are the member's own posts, which they could delete themselves at any time;
 *   each goes through its collection's delete, so its comments, reactions, RSVPs, votes, badges,
 *   pages and live readers follow as after any delete.
 * - Removed: discussions nobody else commented on, and comments nobody else replied to (with
 *   the member's own replies under them).
 * - Kept, without the member: discussions others commented on and comments others replied to,
 *   so the conversation other people wrote still reads (author empty: 'Deleted member'); and
 *   reviews, which the neighbourhood ratings rest on and which the spec already knows without an
 *   account (unclaimed), with the name they carried replaced by 'Deleted member' (such a review
 *   cannot be claimed). Neighbourhoods the member created stay the community's (creator empty).
 *
 * Every removal is one document at a time through the Local API, in the account delete's
 * transaction (overrideAccess: the admin's delete and the member's own both reach here).
 */
export async function removeOwnContent(req: PayloadRequest, userId: number): Promise<void> {
  for (const collection of [
    'stories',
    'events',
    'polls',
    'local-businesses',
    'market-items',
    'lost-found-posts',
  ] as const) {
    const table = sql.raw(`"${tableName(collection)}"`)
    await deleteEach(req, collection, sql`SELECT id FROM ${table} WHERE author_id = ${userId}`)
  }
  await deleteEach(
    req,
    'discussions',
    sql`SELECT d.id FROM discussions d
         WHERE d.author_id = ${userId}
           AND NOT EXISTS (SELECT 1 FROM comments c
                            WHERE c.target_kind = 'discussion' AND c.target_id = d.id
                              AND c.author_id IS DISTINCT FROM ${userId})`,
  )
  // Alerts no editor verified go; verified ones are the neighbourhood's record and stay.
  await deleteEach(
    req,
    'safety-alerts',
    sql`SELECT id FROM safety_alerts WHERE author_id = ${userId} AND verified_at IS NULL`,
  )
  // The member's comments whose thread below holds nobody else's reply, taken from the top:
  // deleting one takes its replies (all the member's), so none is deleted twice.
  await deleteEach(
    req,
    'comments',
    sql`WITH RECURSIVE below AS (
          SELECT id AS root, id FROM comments WHERE author_id = ${userId}
          UNION ALL
          SELECT b.root, c.id FROM comments c JOIN below b ON c.parent_id = b.id),
        answered AS (
          SELECT DISTINCT b.root FROM below b JOIN comments c ON c.id = b.id
           WHERE c.author_id IS DISTINCT FROM ${userId}),
        removable AS (
          SELECT id, parent_id FROM comments
           WHERE author_id = ${userId} AND id NOT IN (SELECT root FROM answered))
        SELECT id FROM removable
         WHERE parent_id IS NULL OR parent_id NOT IN (SELECT id FROM removable)`,
  )
}

/** What stays loses its author (the foreign keys would do it too; here it is explicit). */
export async function anonymiseKeptWriting(req: PayloadRequest, userId: number): Promise<void> {
  await query(req, sql`UPDATE discussions SET author_id = NULL WHERE author_id = ${userId}`)
  await query(req, sql`UPDATE comments SET author_id = NULL WHERE author_id = ${userId}`)
  await query(req, sql`UPDATE safety_alerts SET author_id = NULL WHERE author_id = ${userId}`)
  await query(
    req,
    sql`UPDATE reviews SET user_id = NULL, author_name = ${DELETED_MEMBER} WHERE user_id = ${userId}`,
  )
  await query(
    req,
    sql`UPDATE neighbourhoods SET created_by_id = NULL WHERE created_by_id = ${userId}`,
  )
}

/**
 * The member's uploads nothing kept shows any more (the avatar, images of removed posts), with
 * their files. A kept review's photo and a neighbourhood's image stay with what shows them.
 */
export async function removeOwnMedia(req: PayloadRequest, userId: number): Promise<void> {
  await deleteEach(
    req,
    'media',
    sql`SELECT m.id FROM media m
         WHERE m.uploaded_by_id = ${userId}
           AND NOT EXISTS (SELECT 1 FROM reviews WHERE photo_id = m.id)
           AND NOT EXISTS (SELECT 1 FROM neighbourhoods WHERE image_id = m.id)
           AND NOT EXISTS (SELECT 1 FROM stories WHERE image_id = m.id)
           AND NOT EXISTS (SELECT 1 FROM events WHERE image_id = m.id)
           AND NOT EXISTS (SELECT 1 FROM local_businesses WHERE image_id = m.id)
           AND NOT EXISTS (SELECT 1 FROM users WHERE avatar_id = m.id AND id <> ${userId})`,
  )
}

async function deleteEach(
  req: PayloadRequest,
  collection: CollectionSlug,
  ids: ReturnType<typeof sql>,
): Promise<void> {
  const rows = await query<{ id: number }>(req, ids)
  for (const { id } of rows) {
    await req.payload.delete({ collection, id, overrideAccess: true, req })
  }
}
