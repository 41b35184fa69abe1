import { generateExpiredPayloadCookie } from 'payload/shared'
import type { Endpoint, PayloadRequest } from 'payload'

import { SETTINGS_TEXT } from '@/rules/settings'
import { pgPool } from '@/server/database/db'
import { mailLimitWait, tooManyRequestsResponse } from '@/server/http/rateLimits'
import { readJson, refuse } from '@/server/http/requests'
import { normalEmail } from '@collections/Users/accountToken'
import { signedInOnly } from '@collections/Users/signedInOnly'
import { claimsFitAccount, readDeletionToken, sendDeletionLink } from './deletionLink'
import { isCurrentPassword } from './password'

interface Account {
  id: number
  email: string
  createdAt: string
  emailConfirmedAt?: string | null
  oidcIssuer?: string | null
}

/**
 * POST /api/users/me/delete {password} | {token} | {} — Profile → Settings' Delete my account.
 * It only ever acts on the signed-in account (req.user): no id is read from the request.
 * - {password}: the current password (checked without counting a failed sign-in; the route is
 *   rate-limited like sign-in, src/server/http/rateLimits.ts) → the account is deleted;
 * - {} from an account made through external sign-in (no password its member knows): a link is
 *   mailed to its confirmed address (202); the page it opens posts {token};
 * - {token}: that link's signed token, for this very account, within its hour → deleted.
 * Deleting is the admin's delete (payload.delete on users): its hooks remove or anonymise what
 * the account wrote (hooks/deleteAccountData.ts) in the same transaction; the sessions go with
 * the row, and the answer clears the cookie.
 */
export const deleteOwnAccount: Endpoint = {
  path: '/me/delete',
  method: 'post',
  handler: signedInOnly(SETTINGS_TEXT.signInFirst, async (req, { id: userId }) => {
    const account = (await req.payload.findByID({
      collection: 'users',
      id: userId,
      depth: 0,
      overrideAccess: true,
      disableErrors: true,
      req,
    })) as Account | null
    if (!account) return refuse(401, SETTINGS_TEXT.signInFirst)
    const body = await readJson(req)
    const password = typeof body.password === 'string' ? body.password : ''
    const token = typeof body.token === 'string' ? body.token : ''

    if (token) {
      const claims = readDeletionToken(req.payload.secret, token)
      if (!claims) return refuse(400, SETTINGS_TEXT.linkInvalid)
      if (!claimsFitAccount(claims, account)) return refuse(403, SETTINGS_TEXT.linkOtherAccount)
      return deleteAccount(req, account.id)
    }
    if (password) {
      if (!(await isCurrentPassword(req, account.id, password)))
        return refuse(400, SETTINGS_TEXT.wrongPassword)
      return deleteAccount(req, account.id)
    }
    if (!account.oidcIssuer) return refuse(400, SETTINGS_TEXT.passwordRequired)
    if (!account.emailConfirmedAt) return refuse(400, SETTINGS_TEXT.confirmEmailFirst)
    const wait = await mailLimitWait(pgPool(req.payload), normalEmail(account.email))
    if (wait) return tooManyRequestsResponse(wait)
    await sendDeletionLink(req, account)
    return Response.json({ message: SETTINGS_TEXT.linkSent(account.email) }, { status: 202 })
  }),
}

async function deleteAccount(req: PayloadRequest, id: number): Promise<Response> {
  // overrideAccess: users' delete is admin-only for the API; this endpoint is the one way a
  // member reaches it, for their own account alone.
  await req.payload.delete({ collection: 'users', id, overrideAccess: true, req })
  const expired = generateExpiredPayloadCookie({
    collectionAuthConfig: req.payload.collections.users.config.auth,
    cookiePrefix: req.payload.config.cookiePrefix,
  })
  return Response.json(
    { message: SETTINGS_TEXT.deleted },
    { headers: { 'Set-Cookie': expired, 'cache-control': 'no-store' } },
  )
}
