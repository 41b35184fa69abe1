import { JWTAuthentication, type AuthStrategy, type Payload } from 'payload'

import { pgPool } from '@/server/database/db'
import { readFromPrimary } from '@/server/database/replicas'
import { takeHandedOverSession } from '@/server/http/sessionHandOver'
import { noteSessionUse } from '@collections/Users/devices/lastUsed'

/**
 * Payload's own sign-in check for every signed-in request (its local-jwt strategy, unchanged:
 * the token's signature and version, the account, the token's session among the account's
 * sessions), with one difference: the account document is not rebuilt from scratch each time.
 * Payload reads it with a full findByID (a relational query built anew, every field's read
 * hooks), about 2.5 ms of CPU, which made the session check cost more than the small reads it
 * guards (GET /api/reactions/mine, /api/polls/:id/mine). Here each request reads the account's
 * row and its sessions as they are now in one indexed query (with the avatar's and inviter's
 * rows, for GET /api/users/me: keptMe.ts); when that is exactly what the kept document was built
 * from, that document is used (a copy), else Payload's findByID builds it again. So a signed-out session, a deleted account, a changed role or profile takes effect on
 * the next request, on every instance, with nothing to announce.
 */

/**
 * The users row, its sessions and the rows a depth-1 read links in (the avatar's media row, the
 * inviter's users row), as text: equal text, equal document at depth 0 or 1.
 */
export async function fingerprint(payload: Payload, id: number): Promise<string | null> {
  const { rows } = await pgPool(payload).query<{
    account: string | null
    sessions: string | null
    linked: string | null
  }>(
    `SELECT (SELECT row_to_json(u)::text FROM users u WHERE u.id = $1) AS account,
            (SELECT json_agg(s ORDER BY s._order, s.id)::text FROM users_sessions s
              WHERE s._parent_id = $1) AS sessions,
            (SELECT json_build_array(m, i)::text FROM users u
               LEFT JOIN media m ON m.id = u.avatar_id
               LEFT JOIN users i ON i.id = u.invited_by_id
              WHERE u.id = $1) AS linked`,
    [id],
  )
  const [row] = rows
  return row?.account ? `${row.account}\n${row.sessions ?? '[]'}\n${row.linked}` : null
}

/** The fingerprint each request's account document was checked against (see keptMe.ts). */
const checkedAgainst = new WeakMap<object, string>()
export const accountFingerprint = (user: object): string | undefined => checkedAgainst.get(user)

interface Kept {
  fingerprint: string
  doc: object
}

const MAX_KEPT = 5_000

type FindByID = Payload['findByID']

function keptAccounts(payload: Payload) {
  const kept = new Map<number, Kept>()
  const findByID = (async (args: Parameters<FindByID>[0]) => {
    const id = Number(args.id)
    const plain =
      args.collection === 'users' &&
      args.overrideAccess === true &&
      args.depth === payload.collections.users?.config.auth.depth &&
      Number.isSafeInteger(id)
    // On the primary, like the fingerprint: a session written at sign-in on another instance
    // must be found here, and a document kept for a fingerprint must be what it was read from.
    const readAccount = () => readFromPrimary(() => payload.findByID(args))
    if (!plain) return readAccount()
    const now = await fingerprint(payload, id)
    // No account: what Payload's own read does too (not found, so nobody is signed in).
    if (now === null) {
      kept.delete(id)
      return null
    }
    const known = kept.get(id)
    if (known?.fingerprint === now) {
      const copy = structuredClone(known.doc)
      checkedAgainst.set(copy, now)
      return copy
    }
    const doc: object | null = await readAccount()
    // Kept only when nothing changed while it was read (else the next request reads it again).
    if (doc && (await fingerprint(payload, id)) === now) {
      kept.delete(id)
      kept.set(id, { fingerprint: now, doc: structuredClone(doc) })
      if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!)
      checkedAgainst.set(doc, now)
    }
    return doc
  }) as FindByID
  // Payload's strategy reads config, secret and collections from this, and findByID from above.
  return Object.create(payload, { findByID: { value: findByID } }) as Payload
}

const viaKept = new WeakMap<Payload, Payload>()

/** Runs before Payload's local-jwt (which still answers whatever this one does not). */
export const knownUsersJwt: AuthStrategy = {
  name: 'local-jwt-kept',
  authenticate: async (args) => {
    // The site's rate limiter checked this very request's session a moment ago, this same way.
    const handed = takeHandedOverSession(args.headers)
    if (handed) return { user: handed }
    let payload = viaKept.get(args.payload)
    if (!payload) viaKept.set(args.payload, (payload = keptAccounts(args.payload)))
    const result = await JWTAuthentication({ ...args, payload, strategyName: 'local-jwt' })
    // For Settings → Your devices: at most every few minutes, off the request's path.
    noteSessionUse(args.payload, args.headers, result.user)
    return result
  },
}

/**
 * Payload's own local-jwt answers after this one found nobody (a session just signed out, an
 * account just deleted), reading the account through the Local API: on a replica that has not
 * replayed the sign-out yet, the session would still pass. Its reads go to the primary too.
 */
export function checkSessionsOnPrimary(payload: Payload): void {
  for (const strategy of payload.authStrategies) {
    if (strategy.name !== 'local-jwt') continue
    const authenticate = strategy.authenticate
    strategy.authenticate = (args) => readFromPrimary(() => authenticate(args))
  }
}
