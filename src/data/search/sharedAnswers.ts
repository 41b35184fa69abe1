import { LRUCache } from 'lru-cache'

import { serverNow } from '@/server/config/clock'
import { apiReadCache, MAX_AGE_MS } from '@/server/http/readCache'

interface Kept {
  stamp: string
  storedAt: number
  answer: Promise<unknown>
}

/** About 2 MB at most: a page of results is a few kilobytes. */
const kept = new LRUCache<string, Kept>({ max: 500 })

/**
 * What search worked out from the index, kept in memory until a searched collection is announced
 * changed (the API read cache's stamp, so across instances too) or MAX_AGE_MS passes (events end,
 * suspensions lift): answers that are the same for every reader they are given to (the public
 * answer, or one member's own, the key naming them), and whether a member has private entries
 * at all. Readers asking the same while it is worked out wait for that one result. Signed-in
 * members share the public answers: a search costs the database once per query, not once per
 * reader.
 */
export function sharedAnswer<T>(key: string, work: () => Promise<T>): Promise<T> {
  const stamp = apiReadCache().stamp('search')
  if (stamp === null) return work()
  const now = serverNow().getTime()
  const hit = kept.get(key)
  if (hit && hit.stamp === stamp && now - hit.storedAt <= MAX_AGE_MS)
    return hit.answer as Promise<T>
  const answer = work()
  kept.set(key, { stamp, storedAt: now, answer })
  // A failure is not kept: the next reader asks the database again.
  answer.catch(() => {
    if (kept.peek(key)?.answer === answer) kept.delete(key)
  })
  return answer
}
