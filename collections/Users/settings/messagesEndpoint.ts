import { query, sql } from '@/server/database/db'
import { command } from '@collections/shared/command'

/** messages.settings: who may start a conversation with the member (Settings → Messages). */
export const chooseMessageSenders = command('messages.settings', async ({ req, input, user }) => {
  await query(
    req,
    sql`UPDATE users SET messages_from = ${input.from}, updated_at = now() WHERE id = ${user!.id}`,
  )
  return { from: input.from }
})
