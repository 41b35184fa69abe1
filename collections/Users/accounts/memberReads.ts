import type { Payload } from 'payload'
import type { Pool } from 'pg'

import { pgPool } from '@/server/database/db'
import { apiReadCache, type WhoseAnswer } from '@/server/http/readCache'
import { anyHasOwnEntries } from '@/data/search/search'

import { rememberedAccounts } from './claimedAccounts'

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
export function memberReads(payload: Payload): WhoseAnswer {
  const pool = pgPool(payload)
  const accountsOf = rememberedAccounts({
    cookieName: `${payload.config.cookiePrefix}-token`,
    secret: payload.secret,
  })
  return async (pathname, headers) => {
    if (PERSONAL.some((personal) => personal.test(pathname))) return null
    const accounts = accountsOf(headers)
    if (!accounts) return null
    const staff = await staffAccounts(pool)
    if (accounts.some((id) => staff.has(id))) return null
    const route = pathname.split('/')[2] ?? ''
    if (WITH_PRIVATE_ENTRIES.has(route) && (await anyHasOwnEntries(pool, accounts))) return null
    return 'reader'
  }
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
