import { APIError, type CollectionBeforeOperationHook } from 'payload'

import { MESSAGES } from '@/rules/messages'

/** A visitor's comment or reply is answered 401 with the spec's words (SPEC §5). */
export const requireSignInToComment: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  const trusted = (args as { overrideAccess?: boolean }).overrideAccess === true
  if (operation === 'create' && !req.user && !trusted) {
    const isReply = Boolean((args as { data?: { parent?: unknown } }).data?.parent)
    throw new APIError(isReply ? MESSAGES.loginToReply : MESSAGES.loginToComment, 401, null, true)
  }
  return args
}
