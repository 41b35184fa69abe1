import type { User } from '@/payload-types'
import type {
  CollectionAfterChangeHook,
  CollectionAfterOperationHook,
  CollectionBeforeOperationHook,
} from 'payload'

import { afterCommit } from '@/server/database/afterCommit'
import { pgPool } from '@/server/database/db'
import { sendAccountChangeMail } from '@collections/Users/twoFactor/mail'
import { endSessions } from '@/data/sessions'

export const PASSWORD_CHANGED_SUBJECT = 'The password of your Belong account was changed'

/**
 * A suspension (an admin setting `suspendedUntil` in the future) ends every session of the
 * account, as an editor's Suspend does: its next request, on any instance, is signed out. After
 * the row is written (Payload's update may write the session rows back as it read them).
 */
export const endSessionsOnSuspension: CollectionAfterChangeHook<User> = async ({
  doc,
  operation,
  previousDoc,
  req,
}) => {
  const until = doc.suspendedUntil ? Date.parse(doc.suspendedUntil) : NaN
  const changed = doc.suspendedUntil !== previousDoc?.suspendedUntil
  if (operation === 'update' && changed && until > Date.now()) {
    await endSessions(req, doc.id, 'all')
  }
  return doc
}

const PASSWORD_CHANGING = 'belongPasswordChanging'

/** Notes that this update or reset sets a password (the operation drops it from what follows). */
export const notePasswordChange: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (operation !== 'update' && operation !== 'resetPassword') return args
  const password = (args as { data?: { password?: unknown } }).data?.password
  if (typeof password === 'string' && password !== '') req.context[PASSWORD_CHANGING] = true
  return args
}

const changedIds = (result: unknown): number[] => {
  const { id, user, docs } = (result ?? {}) as {
    id?: unknown
    user?: { id?: unknown }
    docs?: { id?: unknown }[]
  }
  return [id, user?.id, ...(docs ?? []).map((doc) => doc.id)].filter(
    (value): value is number => typeof value === 'number',
  )
}

/**
 * The owner of a changed password is mailed (by themselves in Settings, by a reset link, or by
 * an admin). Payload itself ends the account's other sessions (all of them after a reset).
 */
export const mailPasswordChange: CollectionAfterOperationHook = ({ operation, req, result }) => {
  if (!req.context[PASSWORD_CHANGING]) return result
  if (operation !== 'updateByID' && operation !== 'update' && operation !== 'resetPassword')
    return result
  req.context[PASSWORD_CHANGING] = false
  const { payload } = req
  for (const id of changedIds(result)) {
    afterCommit(req, async () => {
      const { rows } = await pgPool(payload).query<{ email: string }>(
        'SELECT email FROM users WHERE id = $1',
        [id],
      )
      if (!rows[0]) return
      await sendAccountChangeMail(payload, rows[0].email, PASSWORD_CHANGED_SUBJECT, [
        'The password of your Belong account was just changed. Every other device signed in to your account was signed out.',
      ])
    })
  }
  return result
}
