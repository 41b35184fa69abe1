import { toIso } from '@/data/conversations'
import { PRIVATE_MESSAGE_TEXT as TEXT } from '@/rules/privateMessages'
import { inTransaction, query, sql } from '@/server/database/db'
import { refusePrivately } from '@collections/Conversations/conversationRules'
import { pushToMembers } from '@collections/Conversations/livePush'
import { command } from '@collections/shared/command'

/**
 * messages.seen: the reader has opened the conversation up to now. The other member's open page
 * moves its 'Seen' (a push on their private channel).
 */
export const markSeen = command('messages.seen', async ({ req, params, user }) => {
  const me = user!.id as number
  const row = await inTransaction(req, async () => {
    const [updated] = await query<{ seen: Date | string; other: number | null }>(
      req,
      sql`UPDATE conversations SET
            starter_seen_at = CASE WHEN starter_id = ${me} THEN clock_timestamp() ELSE starter_seen_at END,
            recipient_seen_at = CASE WHEN recipient_id = ${me} THEN clock_timestamp() ELSE recipient_seen_at END
          WHERE id = ${params.id} AND (starter_id = ${me} OR recipient_id = ${me})
          RETURNING CASE WHEN starter_id = ${me} THEN starter_seen_at ELSE recipient_seen_at END AS seen,
                    CASE WHEN starter_id = ${me} THEN recipient_id ELSE starter_id END AS other`,
    )
    if (updated)
      pushToMembers(req, [updated.other], 'conversation.seen', {
        conversation: params.id,
        seenAt: toIso(updated.seen),
      })
    return updated
  })
  if (!row) return refusePrivately(404, TEXT.notFound)
  return { id: params.id, seenAt: toIso(row.seen) }
})
