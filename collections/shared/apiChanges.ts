import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'

import { announceApiChanges } from '@/server/http/apiChanges'

/**
 * After any write to a collection whose public reads are cached: every app instance drops the
 * cached answers that may show it when the write commits (src/server/http/readCache.ts).
 */
export const announceApiChange: CollectionAfterChangeHook & CollectionAfterDeleteHook = async ({
  collection,
  doc,
  req,
}) => {
  await announceApiChanges(req, [collection.slug])
  return doc
}
