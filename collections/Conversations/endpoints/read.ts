import { conversationOf } from '@/data/conversations'
import { PRIVATE_MESSAGE_TEXT as TEXT } from '@/rules/privateMessages'
import { pgPool } from '@/server/database/db'
import { refusePrivately } from '@collections/Conversations/conversationRules'
import { command } from '@collections/shared/command'

/**
 * messages.read: one of the reader's conversations, its newest 50 messages or the 50 before
 * `before`. Any other id answers the same 404 as one that does not exist.
 */
export const readConversation = command(
  'messages.read',
  async ({ req, input, params, user }) =>
    (await conversationOf(pgPool(req.payload), user!.id as number, params.id, input.before)) ??
    refusePrivately(404, TEXT.notFound),
)
