import { MODERATION_TEXT, reportWeight } from '@/rules/moderation'
import { PRIVATE_MESSAGE_TEXT as TEXT } from '@/rules/privateMessages'
import { inTransaction, query, sql } from '@/server/database/db'
import { refusePrivately } from '@collections/Conversations/conversationRules'
import { command } from '@collections/shared/command'

/**
 * messages.report: one of the two members reports a message the other sent. It joins the
 * editors' queue as a case of kind 'message' (collections/Reports), which shows it after the
 * five messages before it; a message is never hidden, its sender may be suspended.
 */
export const reportMessage = command('messages.report', async ({ req, input, params, user }) => {
  const me = user!.id as number
  const outcome = await inTransaction(req, async () => {
    const [message] = await query<{ sender_id: number | null }>(
      req,
      sql`SELECT m.sender_id FROM messages m JOIN conversations c ON c.id = m.conversation_id
           WHERE m.id = ${params.message} AND c.id = ${params.id}
             AND (c.starter_id = ${me} OR c.recipient_id = ${me})`,
    )
    if (!message) return 'gone'
    if (message.sender_id === me) return 'own'
    const inserted = await query(
      req,
      sql`INSERT INTO reports (target_kind, target_id, reporter_id, reason, note, weight,
                               status, created_at, updated_at)
          VALUES ('message', ${params.message}, ${me}, ${input.reason}, ${input.note || null},
                  ${reportWeight(user!)}, 'open', now(), now())
          ON CONFLICT DO NOTHING RETURNING id`,
    )
    return inserted.length ? 'sent' : 'already'
  })
  if (outcome === 'gone') return refusePrivately(404, TEXT.notFound)
  if (outcome === 'own') return refusePrivately(403, MODERATION_TEXT.own)
  if (outcome === 'already') return refusePrivately(409, MODERATION_TEXT.already)
  return { message: TEXT.reported }
})
