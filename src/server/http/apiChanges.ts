import type { PayloadRequest } from 'payload'

import { afterCommit } from '@/server/database/afterCommit'
import { query, sql } from '@/server/database/db'
import { apiReadCache } from './readCache'

/** Instances LISTEN here (src/server/database/changes.ts): the payload is the slug of a changed collection. */
export const API_CHANGES_CHANNEL = 'belong_api_changes'

/**
 * Announces, inside the write's own transaction, that documents of these collections changed:
 * every instance drops the cached public reads that show them (src/server/http/readCache.ts) when the
 * write commits, and this one already before the write's answer goes out (read your writes).
 */
export async function announceApiChanges(req: PayloadRequest, slugs: string[]): Promise<void> {
  for (const slug of new Set(slugs)) {
    await query(req, sql`SELECT pg_notify(${API_CHANGES_CHANNEL}, ${slug})`)
    afterCommit(req, () => apiReadCache().invalidate(slug))
  }
}
