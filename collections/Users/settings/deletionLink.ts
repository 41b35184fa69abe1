import type { PayloadRequest } from 'payload'

import { DELETE_LINK_LIFETIME_MS, DELETE_LINK_PATH } from '@/rules/settings'
import {
  normalEmail,
  readAccountClaims,
  signAccountClaims,
  type AccountClaims,
} from '@collections/Users/accountToken'
import { siteOrigin } from '@collections/Users/siteOrigin'

/**
 * The mailed link that confirms deleting an account without a password its member knows (one
 * made through external sign-in). A signed token, no table: the account's id, its address and
 * when it was made, and an expiry an hour away, with an HMAC under the Payload secret. It is tied
 * to that account as it is: another address, or an account made again, and it confirms nothing;
 * once used the account is gone, so it cannot be used twice.
 */
const PURPOSE = 'belong:delete-account'

export interface DeletionClaims extends AccountClaims {
  createdAt: string
}

interface Account {
  id: number
  email: string
  createdAt: string
}

export function deletionToken(secret: string, account: Account, now = Date.now()): string {
  const { id, email, createdAt } = account
  return signAccountClaims<DeletionClaims>(
    secret,
    PURPOSE,
    { id, email, createdAt },
    DELETE_LINK_LIFETIME_MS,
    now,
  )
}

/** The claims of a genuine, unexpired token; null for anything else. */
export function readDeletionToken(
  secret: string,
  token: string,
  now = Date.now(),
): DeletionClaims | null {
  const claims = readAccountClaims<DeletionClaims>(secret, PURPOSE, token, now)
  if (!claims) return null
  return typeof claims.createdAt === 'string' ? (claims as DeletionClaims) : null
}

/** Whether the token's claims name this very account, as it is now. */
export function claimsFitAccount(claims: DeletionClaims, account: Account): boolean {
  return (
    claims.id === account.id &&
    claims.email === normalEmail(account.email) &&
    new Date(claims.createdAt).getTime() === new Date(account.createdAt).getTime()
  )
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** Mails the link to the account's (confirmed) address. */
export async function sendDeletionLink(req: PayloadRequest, account: Account): Promise<void> {
  const token = deletionToken(req.payload.secret, account)
  const link = `${siteOrigin(req)}${DELETE_LINK_PATH}?token=${encodeURIComponent(token)}`
  await req.payload.sendEmail({
    to: account.email,
    subject: 'Delete your Belong account',
    text: [
      'Someone signed in to your Belong account asked to delete it.',
      '',
      'To delete your account, open this link and confirm:',
      link,
      '',
      'The link works for one hour. If you did not ask for this, ignore this e-mail: nothing changes.',
    ].join('\n'),
    html: [
      '<p>Someone signed in to your Belong account asked to delete it.</p>',
      `<p><a href="${escape(link)}">Delete my account</a> (you confirm on the page it opens)</p>`,
      `<p>Or paste this address into your browser: ${escape(link)}</p>`,
      '<p>The link works for one hour. If you did not ask for this, ignore this e-mail: nothing changes.</p>',
    ].join('\n'),
  })
}
