import { MESSAGES } from '@/rules/messages'
import { isPollOpen, isValidOptionIndex, optionTexts } from '@/rules/polls'
import { afterCommit } from '@/server/database/afterCommit'
import { announceApiChanges } from '@/server/http/apiChanges'
import { relId } from '@/views/media'
import { COUNTED_AT, inTransaction, query, sql } from '@/server/database/db'
import { actorName, notify } from '@collections/Notifications/notify'
import { pollSummary } from '@collections/Polls/pollSummary'
import { channels, publish } from '@/server/services/realtime'
import { Refusal, findVisible, isUniqueViolation, refuse } from '@/server/http/requests'
import { command } from '@collections/shared/command'

const CHOOSE_OPTION = 'Choose one of the options.'

/**
 * polls.vote: one vote per user (SPEC §5). The poll row is locked before the check, so parallel
 * votes by one user yield one row and 'You already voted.' for the rest; the unique index on
 * (poll, user) is the last guard. Answers the new summary.
 */
export const voteEndpoint = command('polls.vote', async ({ req, input, params, user }) => {
  const pollId = params.id
  const poll = await findVisible(req, 'polls', pollId)
  if (!poll) return refuse(404, MESSAGES.pollNotFound)
  const optionCount = optionTexts(poll.options).length
  const { optionIndex } = input
  if (!isValidOptionIndex(optionIndex, optionCount)) return refuse(400, CHOOSE_OPTION)
  const userId = user!.id

  let counted
  try {
    counted = await inTransaction(req, async () => {
      const [locked] = await query<{ closeDate: string | null; countedAt: string }>(
        req,
        sql`SELECT close_date AS "closeDate", ${COUNTED_AT} AS "countedAt"
            FROM polls WHERE id = ${pollId} FOR UPDATE`,
      )
      if (!locked) throw new Refusal(404, MESSAGES.pollNotFound)
      if (!isPollOpen(locked.closeDate)) throw new Refusal(409, MESSAGES.votingClosed)
      const voted = await query(
        req,
        sql`SELECT 1 FROM poll_votes WHERE poll_id = ${pollId} AND user_id = ${userId}`,
      )
      if (voted.length > 0) throw new Refusal(409, MESSAGES.alreadyVoted)
      await query(
        req,
        sql`INSERT INTO poll_votes (poll_id, user_id, option_index, created_at, updated_at)
            VALUES (${pollId}, ${userId}, ${optionIndex}, now(), now())`,
      )
      await announceApiChanges(req, ['poll-votes'])
      await notify(req, {
        recipient: relId(poll.author),
        type: 'poll-vote',
        referenceId: pollId,
        link: `/polls/${pollId}`,
        message: `${actorName(req)} voted on your poll.`,
      })
      const summary = await pollSummary(req, pollId, optionCount)
      return { summary, countedAt: Number(locked.countedAt) }
    })
  } catch (error) {
    if (error instanceof Refusal) return refuse(error.status, error.message)
    if (isUniqueViolation(error)) return refuse(409, MESSAGES.alreadyVoted)
    throw error
  }

  const { summary, countedAt } = counted
  if (!poll.hidden) {
    const { counts, total } = summary
    afterCommit(req, () =>
      publish(channels.poll(pollId), 'poll.voted', { pollId, counts, total, countedAt }),
    )
  }
  return summary
})
