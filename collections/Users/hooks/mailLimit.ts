import { APIError, type CollectionBeforeOperationHook } from 'payload'

import { pgPool } from '@/server/database/db'
import { mailLimitWait, tooManyRequestsMessage } from '@/server/http/rateLimits'
import { normalEmail } from '@collections/Users/accountToken'

type MailArgs = {
  data?: { email?: unknown; emailConfirmedAt?: unknown }
  overrideAccess?: boolean
}

/** The address an operation would mail (reset link, sign-up or new-address confirmation). */
function mailedAddress(operation: string, args: MailArgs, ownEmail: unknown): string | null {
  const email = args.data?.email
  if (typeof email !== 'string' || !email.trim()) return null
  if (operation === 'forgotPassword') return normalEmail(email)
  // The server's own writes (seed, external sign-in) send no confirmation.
  if (args.overrideAccess === true || args.data?.emailConfirmedAt) return null
  if (operation === 'create') return normalEmail(email)
  if (operation === 'update' && typeof ownEmail === 'string')
    return normalEmail(email) === normalEmail(ownEmail) ? null : normalEmail(email)
  return null
}

/**
 * At most a few e-mails an hour to one address (RATE_LIMITS.mailPerAddress), so nobody can fill
 * an inbox from many IPs. The count is kept before anything is looked up, per address whether or
 * not an account has it: the answer (429 with Retry-After, the limiter's words) tells nothing
 * about which addresses have accounts.
 */
export const mailLimit: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (req.payloadAPI === 'local') return args
  const address = mailedAddress(operation, args as MailArgs, req.user?.email)
  if (!address) return args
  const wait = await mailLimitWait(pgPool(req.payload), address)
  if (!wait) return args
  req.responseHeaders = new Headers(req.responseHeaders)
  req.responseHeaders.set('retry-after', String(wait))
  throw new APIError(tooManyRequestsMessage(wait), 429, null, true)
}
