import { messageView } from '@/data/conversations'
import { inTransaction } from '@/server/database/db'
import { orRefusal, sendInConversation } from '@collections/Conversations/conversationRules'
import { pushToMembers } from '@collections/Conversations/livePush'
import { notifyOfMessage } from '@collections/Conversations/notifyMessage'
import { command } from '@collections/shared/command'

/**
 * messages.send: a message in one of the sender's conversations. Another member's conversation
 * answers 404, as one that does not exist; a closed one (the other left) 409; a block either way
 * 403. The 30-a-minute limit is the site's (RATE_LIMITS.messageSend), counted before this runs.
 */
export const sendMessage = command('messages.send', async ({ req, input, params, user }) => {
  const me = user!.id as number
  return orRefusal(() =>
    inTransaction(req, async () => {
      const { message, other } = await sendInConversation(req, params.id, me, input.text)
      const bell = await notifyOfMessage(req, params.id, other)
      const view = messageView(message, me)
      pushToMembers(req, [me, other], 'message.created', { conversation: params.id, ...view }, [
        bell,
      ])
      return view
    }),
  )
})
