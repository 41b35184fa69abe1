import { MESSAGES } from '@/rules/messages'
import { DELETED_MEMBER } from '@/rules/settings'
import { inTransaction, query, sql } from '@/server/database/db'
import { Refusal, refuse } from '@/server/http/requests'
import { isStaffUser } from '@collections/access'
import { command } from '@collections/shared/command'

/**
 * reviews.claim — SPEC §4: a signed-in member makes an unclaimed review theirs (user and user
 * name from the session). The row is locked first, so of two claims at the same moment exactly
 * one wins and the other is told the review is already claimed.
 */
export const claimReview = command('reviews.claim', async ({ req, params, user }) => {
  try {
    const doc = await inTransaction(req, async () => {
      const [row] = await query<{
        user_id: number | null
        hidden: boolean | null
        author_name: string | null
      }>(
        req,
        sql`SELECT user_id, hidden, author_name FROM reviews WHERE id = ${params.id} FOR UPDATE`,
      )
      if (!row || (row.hidden && !isStaffUser(user))) {
        throw new Refusal(404, MESSAGES.reviewNotFound)
      }
      // A deleted account's review was written by someone: it is nobody else's to claim.
      if (row.user_id !== null || row.author_name === DELETED_MEMBER)
        throw new Refusal(409, MESSAGES.reviewAlreadyClaimed)
      // The data comes from the session (setAuthor reads context.claimReview), not the body.
      return req.payload.update({
        collection: 'reviews',
        id: params.id,
        data: {},
        depth: 1,
        req,
        overrideAccess: true,
        context: { claimReview: true },
      })
    })
    return { message: MESSAGES.reviewClaimed, doc: { ...doc } }
  } catch (error) {
    if (error instanceof Refusal) return refuse(error.status, error.message)
    throw error
  }
})
