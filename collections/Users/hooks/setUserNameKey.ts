import type { User } from '@/payload-types'
import { APIError, type CollectionBeforeChangeHook } from 'payload'

import { MESSAGES } from '@/rules/messages'
import { isReservedUserName, userNameKey } from '@/rules/userName'

/**
 * Keeps the hidden `userNameKey` equal to the lower-cased user name: its unique index makes
 * 'Alice' and 'alice' one name, whoever writes at the same moment. A name already taken is
 * refused here with the spec's words, as is a reserved one (src/rules/userName.ts); a race that slips past is refused by the index
 * (answered the same way by `uniqueMessages`).
 */
export const setUserNameKey: CollectionBeforeChangeHook<User> = async ({
  data,
  originalDoc,
  req,
}) => {
  const userName = 'userName' in data ? data.userName : originalDoc?.userName
  const key = typeof userName === 'string' && userName !== '' ? userNameKey(userName) : null
  if (key !== null && key !== originalDoc?.userNameKey) {
    // A reserved name reads as taken (by the site's own page); an account that had it before
    // it was reserved keeps it until it changes its name.
    if (isReservedUserName(key)) throw new APIError(MESSAGES.userNameTaken, 400, null, true)
    const { totalDocs } = await req.payload.count({
      collection: 'users',
      where: {
        userNameKey: { equals: key },
        ...(originalDoc?.id === undefined ? {} : { id: { not_equals: originalDoc.id } }),
      },
      req,
      overrideAccess: true,
    })
    if (totalDocs > 0) throw new APIError(MESSAGES.userNameTaken, 400, null, true)
  }
  return { ...data, userNameKey: key }
}
