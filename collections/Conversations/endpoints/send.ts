import { messageView } from '@/data/conversations'
import { PRIVATE_MESSAGE_TEXT as TEXT } from '@/rules/privateMessages'
import { inTransaction, query, sql } from '@/server/database/db'
import { Refusal } from '@/server/http/requests'
import { addMessage, checkMayWrite, orRefusal } from '@collections/Conversations/conversationRules'
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
      const [conversation] = await query<{
        starter_id: number | null
        recipient_id: number | null
        closed: boolean | null
      }>(
        req,
        sql`SELECT starter_id, recipient_id, closed FROM conversations
             WHERE id = ${params.id} AND (starter_id = ${me} OR recipient_id = ${me}) FOR UPDATE`,
      )
      if (!conversation) throw new Refusal(404, TEXT.notFound)
      const other =
        conversation.starter_id === me ? conversation.recipient_id : conversation.starter_id
      if (conversation.closed || other === null) throw new Refusal(409, TEXT.closed)
      await checkMayWrite(req, me, other)
      const message = await addMessage(req, params.id, me, input.text)
      const bell = await notifyOfMessage(req, params.id, other)
      const view = messageView(message, me)
      pushToMembers(req, [me, other], 'message.created', { conversation: params.id, ...view }, [
        bell,
      ])
      return view
    }),
  )
})
