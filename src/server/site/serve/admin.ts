import type { IncomingMessage, ServerResponse } from 'node:http'

import { isStaffRole } from '@/rules/moderation'
import { TWO_FACTOR_MESSAGES, TWO_FACTOR_PATH, hasSecondFactor } from '@/rules/twoFactor'
import { flashCookie } from '@/server/http/formPosts'
import type { Site } from './context'

/** The admin's own pages for signing in and out, open to anyone. */
const ADMIN_SIGN_IN =
  /^\/admin\/(login|logout|forgot|reset|create-first-user|unauthorized)(\/|\?|$)/
const ADMIN_LOGIN = /^\/admin\/login\/?(?:\?(.*))?$/
const ADMIN_IS_FOR_EDITORS = 'The admin is for editors; your account is a member’s.'

/**
 * The admin is for editors: a signed-in member opening one of its pages goes to their profile
 * with a line saying why, instead of Payload's bare 'Unauthorized'; an editor or admin without a
 * second factor sets it up first, then comes back. Sign-in pages stay open. True when it answered.
 */
function turnAwayMember(site: Site) {
  const sessionCookie = `${site.config.cookiePrefix ?? 'payload'}-token=`
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const path = req.url ?? ''
    if (req.method !== 'GET' || !path.startsWith('/admin')) return false
    // The admin's own sign-in form knows no second factor: the site's /login asks for it.
    const adminLogin = ADMIN_LOGIN.exec(path)
    if (adminLogin) {
      const back = new URLSearchParams(adminLogin[1] ?? '').get('redirect')
      const next = back && back.startsWith('/admin') ? back : '/admin'
      res.writeHead(303, {
        location: `/login?next=${encodeURIComponent(next)}`,
        'cache-control': 'no-store',
      })
      res.end()
      return true
    }
    if (ADMIN_SIGN_IN.test(path)) return false
    const cookie = req.headers.cookie
    if (!cookie?.includes(sessionCookie)) return false
    const { user } = await site.payload.auth({ headers: new Headers({ cookie }) })
    if (!user) return false
    const role = (user as { role?: string }).role
    const needsSecondFactor = isStaffRole(role) && !hasSecondFactor(user)
    if (isStaffRole(role) && !needsSecondFactor) return false
    res.writeHead(303, {
      location: needsSecondFactor
        ? `${TWO_FACTOR_PATH}?next=${encodeURIComponent(path)}`
        : '/profile',
      'cache-control': 'no-store',
      'set-cookie': flashCookie(
        needsSecondFactor ? TWO_FACTOR_MESSAGES.adminNeedsTwoFactor : ADMIN_IS_FOR_EDITORS,
        site.secureCookies,
      ),
    })
    res.end()
    return true
  }
}

/** The editors' admin behind its gate; 503 where this process runs without it. */
export function admin(site: Site) {
  const gate = turnAwayMember(site)
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    if (!site.admin) {
      res.writeHead(503, { 'content-type': 'text/plain' })
      res.end('The admin is not built in this mode.')
      return true
    }
    if (!(await gate(req, res))) await site.admin(req, res)
    return true
  }
}
