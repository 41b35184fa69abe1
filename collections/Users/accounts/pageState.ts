import { meOperation, type Endpoint, type PayloadRequest } from 'payload'

import type { ReactionTargetKind } from '@/rules/targets'
import { parsePageStateQuery, type PageStateAsk } from '@/schemas/pageState'
import { refuse } from '@/server/http/requests'
import { followerState } from '@collections/Follows/followerCount'
import { unreadCount } from '@collections/Notifications/unread'
import { reactionsOf } from '@collections/Reactions/endpoints/mine'
import { ownHiddenItems } from '@/data/ownHidden'
import { withKeptAccount } from './keptMe'
import { requestTokenClaims } from './session'

/** The session as GET /api/users/me gives it: the account at depth 1 and the token's expiry. */
async function session(req: PayloadRequest) {
  const users = req.payload.collections.users
  if (!req.user || !users) return { user: null }
  const me = await meOperation({ collection: users, depth: 1, req })
  const exp = requestTokenClaims(req)?.exp
  return { user: me.user, exp: typeof exp === 'number' ? exp : undefined }
}

async function ownReactions(req: PayloadRequest, asked: PageStateAsk['reactions']) {
  const answer: Partial<Record<ReactionTargetKind, Record<number, string>>> = {}
  for (const [kind, ids] of Object.entries(asked ?? {}) as [ReactionTargetKind, number[]][]) {
    const rows = await reactionsOf(req, kind, ids)
    answer[kind] = Object.fromEntries(rows.map((r) => [r.targetId, r.emoji]))
  }
  return answer
}

/**
 * GET /api/users/state (src/schemas/pageState.ts): a page's personal state in one request, so
 * that a member's page costs one uncached read besides the shared ones. `at` is when the reads
 * began (server ms): live channels quiet since then need no second read. Only ever the asker's
 * own state; a visitor gets the follower count and nothing else.
 */
export const pageState: Endpoint = {
  path: '/state',
  method: 'get',
  handler: withKeptAccount(async (req) => {
    const ask = parsePageStateQuery(new URL(req.url ?? '', 'http://x').searchParams)
    if (typeof ask === 'string') return refuse(400, ask)
    const at = Date.now()
    const user = typeof req.user?.id === 'number' ? req.user.id : null
    const [me, unread, follow, hidden, reactions] = await Promise.all([
      session(req),
      user === null ? undefined : unreadCount(req.payload, user),
      ask.follow === undefined ? undefined : followerState(req.payload, ask.follow, user),
      user === null ? undefined : ownHiddenItems(req.payload, user),
      ownReactions(req, ask.reactions),
    ])
    return Response.json(
      { at, ...me, unread, follow, hidden, reactions },
      { headers: { 'cache-control': 'private, no-store' } },
    )
  }),
}
