import { markConversationSeen } from '@/data/conversations'
import { PRIVATE_MESSAGE_TEXT as TEXT } from '@/rules/privateMessages'
import { pgPool } from '@/server/database/db'
import { channels } from '@/server/services/realtime'
import { refusePrivately } from '@collections/Conversations/conversationRules'
import { pushToMembers } from '@collections/Conversations/livePush'
import { command } from '@collections/shared/command'

/**
 * messages.seen: the reader has opened the conversation up to now. The other member's open page
 * moves its 'Seen' (a push on their private channel); the reader's bell drops the conversation's
 * entry (on their own).
 */
export const markSeen = command('messages.seen', async ({ req, params, user }) => {
  const me = user!.id as number
  const seen = await markConversationSeen(pgPool(req.payload), me, params.id)
  if (!seen) return refusePrivately(404, TEXT.notFound)
  const bell = seen.readNotices.map((notice) => ({
    channel: channels.userPrivate(me),
    name: 'notification.updated',
    data: { ...notice, type: 'message', isRead: true },
  }))
  pushToMembers(
    req,
    [seen.other],
    'conversation.seen',
    { conversation: params.id, seenAt: seen.seenAt },
    bell,
  )
  return { id: params.id, seenAt: seen.seenAt }
})
