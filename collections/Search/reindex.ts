import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, PayloadRequest } from 'payload'

import { SEARCH_KINDS, type SearchKind } from '@/rules/search'
import { query, sql } from '@/server/database/db'
import { relId } from '@/views/media'

import { upsertSql } from './sources'

/** Writes or refreshes one document's entry, in the request's transaction. */
export async function indexDoc(req: PayloadRequest, kind: SearchKind, id: number): Promise<void> {
  const [before, after] = upsertSql(kind, 't.id = $ID').split('$ID') as [string, string]
  await query(req, sql`${sql.raw(before)}${id}${sql.raw(after)}`)
}

/** Removes one document's entry, in the request's transaction. */
export async function unindexDoc(req: PayloadRequest, kind: SearchKind, id: number) {
  await query(req, sql`DELETE FROM search_index WHERE kind = ${kind} AND doc_id = ${id}`)
}

/** Every entry rebuilt from the tables (benchmarks after raw copies; repairs). */
export async function reindexAll(db: { query: (text: string) => Promise<unknown> }) {
  for (const kind of SEARCH_KINDS) await db.query(upsertSql(kind, 'true'))
}

/**
 * A searched collection's hooks: its entry follows each write and delete inside the write's
 * transaction, so a rollback leaves the index as it was and a commit is searchable at once.
 */
export function searchHooks<T extends { id: number }>(kind: SearchKind) {
  const afterChange: CollectionAfterChangeHook<T> = async ({ doc, req }) => {
    await indexDoc(req, kind, doc.id)
    return doc
  }
  const afterDelete: CollectionAfterDeleteHook<T> = async ({ doc, req }) => {
    await unindexDoc(req, kind, doc.id)
    return doc
  }
  return { afterChange, afterDelete }
}

/** A review moves its neighbourhood's average: its entry's rating follows. */
export const refreshNeighbourhoodRating: CollectionAfterChangeHook &
  CollectionAfterDeleteHook = async ({ doc, req }) => {
  const id = relId((doc as { neighbourhood?: unknown }).neighbourhood)
  if (id !== null) await indexDoc(req, 'neighbourhood', id)
  return doc
}

type PersonFields = {
  id: number
  name?: string | null
  userName?: string | null
  bio?: string | null
}

/** A member's entry follows their name, user name and bio (not every sign-in's write). */
export const indexPerson: CollectionAfterChangeHook = async ({
  doc,
  previousDoc,
  operation,
  req,
}) => {
  const now = doc as PersonFields
  const before = (previousDoc ?? {}) as Partial<PersonFields>
  const changed =
    operation === 'create' ||
    now.name !== before.name ||
    now.userName !== before.userName ||
    now.bio !== before.bio
  if (changed) await indexDoc(req, 'person', now.id)
  return doc
}

export const unindexPerson: CollectionAfterDeleteHook = async ({ doc, req }) => {
  await unindexDoc(req, 'person', (doc as PersonFields).id)
  return doc
}
