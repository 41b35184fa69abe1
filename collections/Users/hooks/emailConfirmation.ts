import type { User } from '@/payload-types'
import type { CollectionAfterChangeHook, CollectionBeforeChangeHook } from 'payload'

import { afterCommit } from '@/server/database/afterCommit'
import { confirmationLink, sendConfirmationEmail } from '@collections/Users/confirmation/email'
import { normalEmail } from '@collections/Users/accountToken'

const changedEmail = (data: Partial<User>, originalDoc: User | undefined) =>
  typeof data.email === 'string' &&
  typeof originalDoc?.email === 'string' &&
  normalEmail(data.email) !== normalEmail(originalDoc.email)

/** A new address is not confirmed, whoever changes it (the field itself is never writable). */
export const resetEmailConfirmation: CollectionBeforeChangeHook<User> = ({
  data,
  operation,
  originalDoc,
}) => {
  if (operation === 'update' && changedEmail(data, originalDoc)) data.emailConfirmedAt = null
  return data
}

/**
 * Sends the confirmation e-mail after a sign-up or an address change through the API, once the
 * transaction commits (a refused sign-up sends nothing). Accounts the server makes itself
 * (seed, scripts: the Local API without a request) get none; external sign-in marks a vouched
 * address confirmed, so it gets none either.
 */
export const sendEmailConfirmation: CollectionAfterChangeHook<User> = ({
  data,
  doc,
  operation,
  previousDoc,
  req,
}) => {
  if (req.payloadAPI === 'local') return doc
  // From the written data: the doc read back hides the e-mail from the (signed-out) new user.
  const email = typeof data.email === 'string' ? data.email : undefined
  if (!email || data.emailConfirmedAt) return doc
  if (operation === 'update' && !changedEmail(data, previousDoc)) return doc
  const link = confirmationLink(req, doc.id, email)
  const { payload } = req
  afterCommit(req, () => sendConfirmationEmail(payload, email, link))
  return doc
}
