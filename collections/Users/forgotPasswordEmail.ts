import type { PayloadRequest } from 'payload'

import { siteOrigin } from './siteOrigin'

/**
 * The reset e-mail (SPEC §2 "Forgot password"): a link to the site's own /reset-password page,
 * not to the admin. The origin is PUBLIC_URL when set (set it in production: without it the
 * link follows the Host the request came in on).
 */
export function resetLink(req: PayloadRequest, token: string): string {
  return `${siteOrigin(req)}/reset-password?token=${encodeURIComponent(token)}`
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export const forgotPasswordEmail = {
  generateEmailSubject: () => 'Reset your Belong password',
  generateEmailHTML: (args?: { req?: PayloadRequest; token?: string }) => {
    const link = resetLink(args!.req!, args!.token ?? '')
    return [
      '<p>Someone (hopefully you) asked to reset the password of your Belong account.</p>',
      `<p><a href="${escape(link)}">Set a new password</a></p>`,
      `<p>Or paste this address into your browser: ${escape(link)}</p>`,
      '<p>The link works for one hour. If you did not ask, ignore this e-mail: your password stays as it is.</p>',
    ].join('\n')
  },
}
