import type { Endpoint } from 'payload'

import { followToggleSchema } from '@/schemas/follow'
import { refuse } from '@/server/http/requests'
import { followerState } from '@collections/Follows/followerCount'

/**
 * GET /api/follows/state?neighbourhood=ID: how many follow it, and (signed in) whether the
 * reader does; `following` is null for a visitor.
 */
export const followState: Endpoint = {
  path: '/state',
  method: 'get',
  handler: async (req) => {
    const raw = new URL(req.url ?? '', 'http://x').searchParams.get('neighbourhood')
    const parsed = followToggleSchema.safeParse({ neighbourhood: raw ?? '' })
    if (!parsed.success) return refuse(400, parsed.error.issues[0]!.message)
    const state = await followerState(req.payload, parsed.data.neighbourhood, req.user?.id ?? null)
    return Response.json(state, { headers: { 'cache-control': 'private, no-store' } })
  },
}
