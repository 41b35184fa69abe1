import { MESSAGES } from '@/rules/messages'
import { optionTexts } from '@/rules/polls'
import { pollSummary } from '@collections/Polls/pollSummary'
import { findVisible, refuse } from '@/server/http/requests'
import { command } from '@collections/shared/command'

/**
 * polls.summary: counts are public (who voted for what is not); myVote is the asker's own choice
 * or null.
 */
export const summaryEndpoint = command('polls.summary', async ({ req, params }) => {
  const poll = await findVisible(req, 'polls', params.id)
  if (!poll) return refuse(404, MESSAGES.pollNotFound)
  return pollSummary(req, params.id, optionTexts(poll.options).length)
})
