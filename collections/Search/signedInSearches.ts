import type { Payload } from 'payload'

import { claimedSession, isLiveSession, rememberedAccounts } from '@collections/Users/public'
import { pgPool } from '@/server/database/db'
import type { WhoseAnswer } from '@/server/http/readCache'

import { anyHasOwnEntries } from '@/data/search/search'

/** The search endpoints (collections/Search/endpoints.ts); nothing else under /api/search. */
const SEARCHES = new Set(['/api/search', '/api/search/suggest'])

/**
 * Whose answer a member's search gets (src/server/http/readCache.ts), so that it comes from the
 * kept answers without Payload's session check, which costs ten times what a kept answer does:
 * - a signed-out reader's, unless the member has entries nobody else may find (search.ts). The
 *   session needs no checking: whichever of the accounts the site's signed tokens name signs the
 *   request in, or none (a signed-out token), the answer is the public one. The signature is
 *   checked, so that nobody learns whether another account has private entries;
 * - else their session's own, once its token is read as Payload reads it and the session is
 *   found live (one indexed read: a sign-out anywhere counts at once). Payload signs in a miss
 *   as usual, and its answer is kept for that session alone;
 * - else (several tokens, another form) Payload's check answers, and nothing is kept.
 */
export function signedInSearches(payload: Payload): WhoseAnswer {
  const pool = pgPool(payload)
  const keys = { cookieName: `${payload.config.cookiePrefix}-token`, secret: payload.secret }
  const accountsOf = rememberedAccounts(keys)
  return async (pathname, headers) => {
    if (!SEARCHES.has(pathname)) return null
    const accounts = accountsOf(headers)
    if (!accounts) return null
    if (!(await anyHasOwnEntries(pool, accounts))) return 'reader'
    const session = claimedSession(headers, keys)
    if (!session || !(await isLiveSession(pool, session))) return null
    return { session: `${session.id}:${session.sid}` }
  }
}
