import type { Payload } from 'payload'

import { claimedAccounts } from '@collections/Users/accounts/claimedAccounts'
import { pgPool } from '@/server/database/db'
import { apiReadCache } from '@/server/http/readCache'

import { hasOwnEntries } from './search'

/** The search endpoints (collections/Search/endpoints.ts); nothing else under /api/search. */
const SEARCHES = new Set(['/api/search', '/api/search/suggest'])

/**
 * A member's search is a signed-out reader's search unless the member has entries nobody else
 * may find (search.ts). Such a request is answered as signed out (src/server/http/readCache.ts):
 * from the readers' kept answers, without Payload's session check, which costs ten times what
 * a kept answer does. The session needs no checking: whichever of the accounts the site's signed
 * tokens name signs the request in, or none (a signed-out token), the answer is the public one.
 * The signature is checked, so that nobody learns whether another account has private entries.
 */
export function answerMembersAsReaders(payload: Payload): void {
  const pool = pgPool(payload)
  const keys = { cookieName: `${payload.config.cookiePrefix}-token`, secret: payload.secret }
  apiReadCache().answerAsSignedOut('search', async (pathname, headers) => {
    if (!SEARCHES.has(pathname)) return false
    const accounts = claimedAccounts(headers, keys)
    if (!accounts) return false
    for (const id of accounts) if (await hasOwnEntries(pool, id)) return false
    return true
  })
}
