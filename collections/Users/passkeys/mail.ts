import type { Payload } from 'payload'

import { sendAccountChangeMail } from '@collections/Users/twoFactor/mail'

export const PASSKEY_ADDED_SUBJECT = 'A passkey was added to your Belong account'
export const PASSKEY_REMOVED_SUBJECT = 'A passkey was removed from your Belong account'

/** Tells the member a passkey was added to or removed from their account. */
export async function sendPasskeyMail(
  payload: Payload,
  to: string,
  change: 'added' | 'removed',
  name: string,
) {
  const lines =
    change === 'added'
      ? [
          `A passkey named “${name}” was added to your Belong account: it can now sign you in without your password.`,
          'You can see and remove your passkeys in Profile → Settings → Passkeys.',
        ]
      : [
          `The passkey named “${name}” was removed from your Belong account: it no longer signs you in.`,
        ]
  await sendAccountChangeMail(
    payload,
    to,
    change === 'added' ? PASSKEY_ADDED_SUBJECT : PASSKEY_REMOVED_SUBJECT,
    lines,
  )
}
