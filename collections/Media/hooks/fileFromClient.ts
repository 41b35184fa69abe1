import { APIError, type CollectionBeforeOperationHook } from 'payload'

import { MESSAGES } from '@/rules/messages'

/**
 * A media document made through the API brings its file. Without one, Payload makes the file
 * from the body's `url` and `filename`: it fetched whatever address a member named (a request
 * from our server, answered 500 when the address was private) or copied a file already in the
 * media folder. Seeds and server code (the Local API) are not asked.
 */
export const fileFromClientOnly: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (operation === 'create' && req.payloadAPI === 'REST' && req.user && !req.file)
    throw new APIError(MESSAGES.invalidImage, 400, null, true)
  return args
}
