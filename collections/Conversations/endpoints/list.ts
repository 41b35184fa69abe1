import { conversationPage } from '@/data/conversations'
import { pgPool } from '@/server/database/db'
import { command } from '@collections/shared/command'

/** messages.list: the reader's conversations, newest first, unread ones marked. */
export const listConversations = command('messages.list', ({ req, input, user }) =>
  conversationPage(pgPool(req.payload), user!.id as number, input.page ?? 1),
)
