import type { Payload, PayloadRequest } from 'payload'

import { siteOrigin } from '@collections/Users/siteOrigin'
import { confirmationToken } from './token'

/**
 * The sign-up confirmation e-mail ('Registration successful! Check your email to confirm.',
 * SPEC §2): one link that marks the address confirmed (GET /api/users/confirm-email).
 */
export const CONFIRMATION_PATH = '/api/users/confirm-email'
export const CONFIRMATION_SUBJECT = 'Confirm your Belong e-mail address'

export function confirmationLink(req: PayloadRequest, id: number, email: string): string {
  const token = confirmationToken(req.payload.secret, id, email)
  return `${siteOrigin(req)}${CONFIRMATION_PATH}?token=${encodeURIComponent(token)}`
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export async function sendConfirmationEmail(payload: Payload, to: string, link: string) {
  await payload.sendEmail({
    to,
    subject: CONFIRMATION_SUBJECT,
    text: [
      'Welcome to Belong!',
      '',
      'Confirm that this is your e-mail address by opening this link:',
      link,
      '',
      'The link works for 7 days. If you did not sign up for Belong, ignore this e-mail.',
    ].join('\n'),
    html: [
      '<p>Welcome to Belong!</p>',
      '<p>Confirm that this is your e-mail address:</p>',
      `<p><a href="${escape(link)}">Confirm my e-mail</a></p>`,
      `<p>Or paste this address into your browser: ${escape(link)}</p>`,
      '<p>The link works for 7 days. If you did not sign up for Belong, ignore this e-mail.</p>',
    ].join('\n'),
  })
}
