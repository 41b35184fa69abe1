import type { PayloadHandler, PayloadRequest } from 'payload'

import { SETTINGS_TEXT } from '@/rules/settings'
import { refuse } from '@/server/http/requests'

/**
 * A Settings endpoint's handler: it acts on the signed-in account alone, whose id comes from the
 * session and never from the request. Signed out, 401.
 */
export const ownAccountOnly =
  (handle: (req: PayloadRequest, userId: number) => Promise<Response>): PayloadHandler =>
  (req) => {
    const userId = Number(req.user?.id)
    if (!req.user || !Number.isSafeInteger(userId)) return refuse(401, SETTINGS_TEXT.signInFirst)
    return handle(req, userId)
  }
