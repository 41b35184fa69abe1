import type { Endpoint } from 'payload'

import { normalEmail } from '@collections/Users/accountToken'
import { readConfirmationToken } from './token'

/**
 * GET /api/users/confirm-email?token=… — the link in the confirmation e-mail. Marks the address
 * confirmed (users.emailConfirmedAt) when the token is genuine, unexpired and names the account's
 * current address, and answers with a small page (a mail client opens it as a plain link).
 * Opening it again changes nothing.
 */
export const confirmEmail: Endpoint = {
  path: '/confirm-email',
  method: 'get',
  handler: async (req) => {
    const url = new URL(req.url ?? '', 'http://localhost')
    const claims = readConfirmationToken(req.payload.secret, url.searchParams.get('token') ?? '')
    const user = claims
      ? await req.payload.findByID({
          collection: 'users',
          id: claims.id,
          depth: 0,
          overrideAccess: true,
          disableErrors: true,
          req,
        })
      : null
    if (!claims || !user || normalEmail(user.email) !== claims.email) {
      return page(400, 'Link not valid', 'This confirmation link is invalid or has expired.')
    }
    if (!user.emailConfirmedAt) {
      await req.payload.update({
        collection: 'users',
        id: user.id,
        data: { emailConfirmedAt: new Date().toISOString() },
        depth: 0,
        overrideAccess: true,
        req,
      })
    }
    return page(200, 'E-mail confirmed', `Thank you: ${user.email} is confirmed.`)
  },
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function page(status: number, title: string, message: string): Response {
  const html = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Belong</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/">Continue to Belong</a> · <a href="/login">Sign in</a></p></main></body></html>`
  return new Response(html, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    },
  })
}
