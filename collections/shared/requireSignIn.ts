import type { CollectionBeforeOperationHook } from 'payload'
import { APIError } from 'payload'

/**
 * Answers a visitor's create with 401 and the spec's own words (e.g. 'You must be logged in to
 * post.'). Runs before the access check, which still refuses (403) as the second line.
 */
export const requireSignIn =
  (message: string): CollectionBeforeOperationHook =>
  ({ args, operation, req }) => {
    // Server code (seed, imports: Local API with overrideAccess) writes without a session.
    const trusted = (args as { overrideAccess?: boolean }).overrideAccess === true
    if (operation === 'create' && !req.user && !trusted) {
      throw new APIError(message, 401, null, true)
    }
    return args
  }
