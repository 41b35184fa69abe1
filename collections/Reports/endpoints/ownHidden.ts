import type { Endpoint } from 'payload'

import { refuse } from '@/server/http/requests'
import { ownHiddenItems } from '@/data/ownHidden'

/**
 * GET /api/reports/own-hidden[?neighbourhood=ID] (signed in): the member's own posts hidden
 * pending review, so the page where each was can show it to them, marked.
 */
export const ownHidden: Endpoint = {
  path: '/own-hidden',
  method: 'get',
  handler: async (req) => {
    if (!req.user) return refuse(401, 'Sign in to see your posts.')
    const raw = new URL(req.url ?? '', 'http://x').searchParams.get('neighbourhood')
    const neighbourhood = raw === null || raw === '' ? undefined : Number(raw)
    const valid = Number.isInteger(neighbourhood) && neighbourhood! > 0 && neighbourhood! < 2 ** 31
    if (neighbourhood !== undefined && !valid) return refuse(400, 'Unknown neighbourhood.')
    const docs = await ownHiddenItems(req.payload, req.user.id as number, neighbourhood)
    return Response.json({ docs }, { headers: { 'cache-control': 'private, no-store' } })
  },
}
