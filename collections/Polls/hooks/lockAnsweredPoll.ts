import type { Poll } from '@/payload-types'
import type { CollectionBeforeChangeHook } from 'payload'
import { APIError } from 'payload'

import { MESSAGES } from '@/rules/messages'
import { optionTexts } from '@/rules/polls'
import { query, sql } from '@/server/database/db'

const same = (a: string[], b: string[]) => a.length === b.length && a.every((t, i) => t === b[i])

/**
 * Once someone has voted, the question and options stay as they were voted on (a vote names an
 * option by position). The poll row is locked first, so a vote cannot slip in between.
 */
export const lockAnsweredPoll: CollectionBeforeChangeHook<Poll> = async ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  if (operation !== 'update' || !originalDoc) return data
  const changesQuestion = 'question' in data && data.question !== originalDoc.question
  const changesOptions =
    'options' in data && !same(optionTexts(data.options), optionTexts(originalDoc.options))
  if (!changesQuestion && !changesOptions) return data
  const id = Number(originalDoc.id)
  await query(req, sql`SELECT id FROM polls WHERE id = ${id} FOR UPDATE`)
  const [row] = await query<{ votes: number }>(
    req,
    sql`SELECT count(*)::int AS votes FROM poll_votes WHERE poll_id = ${id}`,
  )
  if (Number(row?.votes ?? 0) > 0) throw new APIError(MESSAGES.pollLocked, 409, null, true)
  return data
}
