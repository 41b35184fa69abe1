import type { Endpoint } from 'payload'

import { SETTINGS_TEXT, exportFileName } from '@/rules/settings'
import { signedInOnly } from '@collections/Users/signedInOnly'
import { exportAccount } from './exportData'

/**
 * GET /api/users/me/export — Profile → Settings' Download my data: a JSON file of the signed-in
 * account's own data (exportData.ts). Always the caller's: nothing in the request names an
 * account. Signed out: 401.
 */
export const exportOwnData: Endpoint = {
  path: '/me/export',
  method: 'get',
  handler: signedInOnly(SETTINGS_TEXT.signInFirst, async (req, { id: userId }) => {
    const file = await exportAccount(req, userId)
    const name = exportFileName({ id: userId, userName: file.profile.userName as string | null })
    return new Response(JSON.stringify(file, null, 2), {
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'content-disposition': `attachment; filename="${name}"`,
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      },
    })
  }),
}
