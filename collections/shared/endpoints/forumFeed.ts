import type { Endpoint } from 'payload'

import { readForumPage } from '@/data/forum'
import { parsePage } from '@/rules/paging'
import { refuse } from '@/server/http/requests'
import { FORUM_TYPES, type ForumType } from '@/views/forum'

/** GET /api/forum?type=discussion|event|story|poll&page=1 */
export const forumFeed: Endpoint = {
  path: '/forum',
  method: 'get',
  handler: async (req) => {
    const url = new URL(req.url ?? '', 'http://local')
    const type = url.searchParams.get('type')
    if (type && !FORUM_TYPES.includes(type as ForumType)) {
      return refuse(400, 'Unknown feed type.')
    }
    const page = parsePage(url.searchParams.get('page'))
    return Response.json(await readForumPage(req, (type as ForumType | null) || null, page))
  },
}
