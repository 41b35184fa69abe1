import { APIError, type CollectionBeforeOperationHook, type PayloadRequest } from 'payload'

import { suspensionMessage } from '@/rules/moderation'
import { refuse } from '@/server/http/requests'

const until = (user: PayloadRequest['user']) =>
  (user as { suspendedUntil?: string | null } | null)?.suspendedUntil

/** A custom endpoint's 403 for a suspended member's write, or null. */
export function refusalForSuspended(user: PayloadRequest['user']): Response | null {
  const message = suspensionMessage(until(user))
  return message ? refuse(403, message) : null
}

const WRITES = new Set(['create', 'update', 'delete'])

/**
 * Every write a suspended member makes through the API is refused with the date it ends (reads,
 * sign-in and sign-out go on). Server code acting with overridden access is not a member's write.
 */
export const refuseSuspendedWrites: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  const trusted = (args as { overrideAccess?: boolean }).overrideAccess === true
  if (trusted || !WRITES.has(operation)) return args
  const message = suspensionMessage(until(req.user))
  if (message) throw new APIError(message, 403, null, true)
  return args
}
