import type { Endpoint } from 'payload'

import { readTopReviewers } from '@/data/topReviewers'

/** GET /api/top-reviewers?limit=20 (1 to 100). */
export const topReviewers: Endpoint = {
  path: '/top-reviewers',
  method: 'get',
  handler: async (req) => {
    const url = new URL(req.url ?? '', 'http://local')
    const limit = Math.min(Math.max(Number(url.searchParams.get('limit')) || 20, 1), 100)
    return Response.json({ reviewers: await readTopReviewers(req, limit) })
  },
}
