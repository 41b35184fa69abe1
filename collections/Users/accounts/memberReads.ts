import type { IncomingHttpHeaders } from 'node:http'
import { LRUCache } from 'lru-cache'
import type { Payload } from 'payload'
import type { Pool } from 'pg'

import { pgPool } from '@/server/database/db'
import { apiReadCache } from '@/server/http/readCache'
import { hasOwnEntries } from '@collections/Search/search'

import { claimedAccounts, type TokenKeys } from './claimedAccounts'

/** Reads of cached routes that answer with the asker's own state (their emoji, their vote). */
const PERSONAL = [
  /^\/api\/reactions\/(?:mine|summary)\/?$/,
  /^\/api\/polls\/[^/]+\/(?:mine|summary)\/?$/,
]

/** Routes whose answers hold a member's own private entries (private stories and events). */
const WITH_PRIVATE_ENTRIES = new Set(['stories', 'events', 'forum'])

/**
 * Whose answer a member's read of a cached public route gets (src/server/http/readCache.ts): the
 * readers' kept one, without Payload's session check, which costs forty times what a kept answer
 * does. A member's read differs from a reader's only in what staff see (hidden posts, expired
 * badges), their own private entries, their own account's private fields where it is populated,
 * and the personal reads above. So a request is answered as a reader's when:
 * - every account its tokens name is signed by this site (the signature is checked, so nobody
 *   learns whether another account has private entries), and
 * - none of them is staff now (the staff accounts are read again whenever any account changes
 *   on any instance), and
 * - for stories, events and the forum, none of them has private entries.
 * Its session needs no checking: whichever of those accounts signs the request in, or none (a
 * signed-out, suspended or changed-password token), the answer is the public one. Anything else
 * goes through Payload's check and is not kept.
 */
export function answerMemberReads(payload: Payload): void {
  const pool = pgPool(payload)
  const keys = { cookieName: `${payload.config.cookiePrefix}-token`, secret: payload.secret }
  apiReadCache().answerMembers(async (pathname, headers) => {
    if (PERSONAL.some((personal) => personal.test(pathname))) return null
    const accounts = accountsOf(headers, keys)
    if (!accounts) return null
    const staff = await staffAccounts(pool)
    if (accounts.some((id) => staff.has(id))) return null
    const route = pathname.split('/')[2] ?? ''
    if (WITH_PRIVATE_ENTRIES.has(route)) {
      for (const id of accounts) if (await hasOwnEntries(pool, id)) return null
    }
    return 'reader'
  })
}

/**
 * The accounts the same credentials named before: what a token names never changes (its
 * signature is checked against the site's secret, which does not change while it runs), and a
 * member sends the same cookie with every read of a page view.
 */
const named = new LRUCache<string, { accounts: number[] | null }>({
  // Kept by size (a stranger chooses the headers): at most 4 MB of them.
  maxSize: 4_000_000,
  sizeCalculation: (_value, credentials) => credentials.length + 64,
})

function accountsOf(headers: IncomingHttpHeaders, keys: TokenKeys): number[] | null {
  const credentials = `${headers.authorization ?? ''}\n${headers.cookie ?? ''}`
  let known = named.get(credentials)
  if (!known) {
    known = { accounts: claimedAccounts(headers, keys) }
    named.set(credentials, known)
  }
  return known.accounts
}

let kept: { stamp: string; staff: Promise<Set<number>> } | null = null

/**
 * The editors' and admins' ids, kept until any account is announced changed (a role change is
 * an account change, announced to every instance on commit). Until the announcement arrives a
 * demoted editor is still read as staff (Payload's check answers them), and a promoted member
 * as a member (the public answer): neither is shown more than their new role allows.
 */
function staffAccounts(pool: Pool): Promise<Set<number>> {
  // Taken before the read: a change announced while it runs makes the next ask read again.
  const stamp = apiReadCache().stampOf(['users'])
  if (stamp !== null && kept?.stamp === stamp) return kept.staff
  const staff = pool
    .query<{ id: number }>("SELECT id FROM users WHERE role IN ('editor', 'admin')")
    .then(({ rows }) => new Set(rows.map((row) => Number(row.id))))
  if (stamp === null) return staff
  const entry = { stamp, staff }
  kept = entry
  // A failure is not kept: the next request asks the database again.
  staff.catch(() => {
    if (kept === entry) kept = null
  })
  return staff
}
