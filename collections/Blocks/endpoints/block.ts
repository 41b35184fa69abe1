import { PRIVATE_MESSAGE_TEXT as TEXT } from '@/rules/privateMessages'
import { blockedMembers } from '@/data/conversations'
import { inTransaction, pgPool, query, sql } from '@/server/database/db'
import { refusePrivately } from '@collections/Conversations/conversationRules'
import { command } from '@collections/shared/command'

/**
 * messages.block: blocks a member (or unblocks). Neither can send to the other afterwards and
 * the conversation leaves the blocker's list and bell; nothing tells the blocked member.
 */
export const blockMember = command('messages.block', async ({ req, input, user }) => {
  const me = user!.id as number
  if (input.user === me) return refusePrivately(422, TEXT.yourself)
  const done = await inTransaction(req, async () => {
    const [member] = await query(req, sql`SELECT id FROM users WHERE id = ${input.user}`)
    if (!member) return false
    if (input.blocked) {
      await query(
        req,
        sql`INSERT INTO blocks (blocker_id, blocked_id, created_at, updated_at)
            VALUES (${me}, ${input.user}, now(), now()) ON CONFLICT DO NOTHING`,
      )
      // The bell stops pointing at conversations that left the list (nothing is mailed or pushed
      // for them either way: collections/Mails/owed.ts).
      await query(
        req,
        sql`UPDATE notifications n SET is_read = true, updated_at = now()
              FROM conversations c
             WHERE n.user_id = ${me} AND n.type = 'message' AND NOT n.is_read
               AND c.id = nullif(n.reference_id, '')::int
               AND (c.starter_id = ${input.user} OR c.recipient_id = ${input.user})`,
      )
    } else
      await query(
        req,
        sql`DELETE FROM blocks WHERE blocker_id = ${me} AND blocked_id = ${input.user}`,
      )
    return true
  })
  if (!done) return refusePrivately(404, TEXT.unknownMember)
  return { user: input.user, blocked: input.blocked }
})

/** messages.blocked: the members the reader blocked, for Settings → Messages. */
export const listBlocked = command('messages.blocked', async ({ req, user }) => ({
  docs: await blockedMembers(pgPool(req.payload), user!.id as number),
}))
