import { messageView } from '@/data/conversations'
import { orRefusal, sendInConversation } from '@collections/Conversations/conversationRules'
import { pushToMembers } from '@collections/Conversations/livePush'
import { bellEvent } from '@collections/Conversations/notifyMessage'
import { command } from '@collections/shared/command'

/**
 * messages.send: a message in one of the sender's conversations. Another member's conversation
 * answers 404, as one that does not exist; a closed one (the other left) 409; a block either way
 * 403. The 30-a-minute limit is the site's (RATE_LIMITS.messageSend), counted before this runs.
 * The message and the bell entry are committed before the answer; the live pushes (and, later,
 * the batched mail) follow the commit.
 */
export const sendMessage = command('messages.send', async ({ req, input, params, user }) => {
  const me = user!.id as number
  return orRefusal(async () => {
    const { message, other, bell } = await sendInConversation(req, params.id, input.text)
    const view = messageView(message, me)
    pushToMembers(req, [me, other], 'message.created', { conversation: params.id, ...view }, [
      bellEvent(params.id, other, bell),
    ])
    return view
  })
})
