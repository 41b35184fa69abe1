import { markConversationSeen } from '@/data/conversations'
import { PRIVATE_MESSAGE_TEXT as TEXT } from '@/rules/privateMessages'
import { pgPool } from '@/server/database/db'
import { refusePrivately } from '@collections/Conversations/conversationRules'
import { pushToMembers } from '@collections/Conversations/livePush'
import { command } from '@collections/shared/command'

/**
 * messages.seen: the reader has opened the conversation up to now. The other member's open page
 * moves its 'Seen' (a push on their private channel).
 */
export const markSeen = command('messages.seen', async ({ req, params, user }) => {
  const seen = await markConversationSeen(pgPool(req.payload), user!.id as number, params.id)
  if (!seen) return refusePrivately(404, TEXT.notFound)
  pushToMembers(req, [seen.other], 'conversation.seen', {
    conversation: params.id,
    seenAt: seen.seenAt,
  })
  return { id: params.id, seenAt: seen.seenAt }
})
