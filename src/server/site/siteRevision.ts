import type { PayloadRequest } from 'payload'

import { query, sql } from '@/server/database/db'

/** Instances LISTEN here (src/server/database/changes.ts): pages are waiting in site_stale_pages. */
export const STALE_PAGES_CHANNEL = 'belong_stale_pages'

/**
 * Records the prerendered pages a write changes, inside the write's own transaction: the rows
 * and the NOTIFY take effect exactly when it commits (and vanish with a rollback), so no
 * acknowledged change is left off its page even if this process dies right after answering.
 * The page regenerator of one instance picks them up (src/server/site/siteRegen.ts).
 */
export async function announceStalePages(req: PayloadRequest, paths: string[]): Promise<void> {
  const unique = [...new Set(paths)].filter((p) => p.startsWith('/'))
  if (!unique.length) return
  await query(
    req,
    sql`INSERT INTO site_stale_pages (path, since)
          SELECT jsonb_array_elements_text(${JSON.stringify(unique)}::jsonb), clock_timestamp()
        ON CONFLICT (path) DO UPDATE SET since = EXCLUDED.since`,
  )
  await query(req, sql`SELECT pg_notify(${STALE_PAGES_CHANNEL}, '')`)
}

/** Pages whose content changed with the clock alone between two sweeps. */
export interface TimeBoundaryPages {
  paths: string[]
  /** Something every page shows changed (the footer's year): queue them all. */
  everyPage: boolean
}

/**
 * The collections say what changes with time alone (collections/shared/stalePages.ts); the
 * config hands it to the regenerator's sweep at start (src/server/process/regeneration.ts).
 */
export type TimeBoundaries = (
  req: PayloadRequest,
  from: Date,
  to: Date,
) => Promise<TimeBoundaryPages>
