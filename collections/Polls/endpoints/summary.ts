import type { Endpoint } from 'payload'

import { MESSAGES } from '@/rules/messages'
import { optionTexts } from '@/rules/polls'
import { pollSummary } from '@collections/Polls/pollSummary'
import { findVisible, refuse, routeId } from '@/server/http/requests'

/**
 * GET /api/polls/:id/summary → {pollId, counts, total, myVote}. Counts are public (who voted for
 * what is not); myVote is the asker's own choice or null.
 */
export const summaryEndpoint: Endpoint = {
  path: '/:id/summary',
  method: 'get',
  handler: async (req) => {
    const pollId = routeId(req)
    const poll = await findVisible(req, 'polls', pollId)
    if (!poll || pollId === null) return refuse(404, MESSAGES.pollNotFound)
    return Response.json(await pollSummary(req, pollId, optionTexts(poll.options).length))
  },
}
