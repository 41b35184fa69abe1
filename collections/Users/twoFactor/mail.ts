import type { Payload } from 'payload'

export const TWO_FACTOR_ON_SUBJECT = 'Two-factor sign-in is on for your Belong account'
export const TWO_FACTOR_OFF_SUBJECT = 'Two-factor sign-in is off for your Belong account'

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)

const WARNING =
  'If you did not make this change, reset your password at once and tell us by replying to this e-mail.'

/**
 * Tells the member about a security change to their account (every security-relevant
 * change to an account is visible to its owner), with the warning of what to do if it was not
 * them. Sent as the other account mails are (payload.sendEmail: the outbox, or SMTP_URL); a
 * failure to send is logged and does not undo the change.
 */
export async function sendAccountChangeMail(
  payload: Payload,
  to: string,
  subject: string,
  lines: string[],
) {
  try {
    await payload.sendEmail({
      to,
      subject,
      text: [...lines, '', WARNING].join('\n\n'),
      html: [...lines, WARNING].map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
    })
  } catch (error) {
    payload.logger.error({ err: error, msg: `account mail failed: ${subject}` })
  }
}

/** Two-factor sign-in turned on or off. */
export async function sendTwoFactorMail(payload: Payload, to: string, on: boolean) {
  const lines = on
    ? [
        'Two-factor sign-in is now on for your Belong account: signing in asks for a code from your authenticator app as well as your password.',
        'Keep your recovery codes somewhere safe. Each one signs you in once if you lose your phone.',
      ]
    : [
        'Two-factor sign-in is now off for your Belong account: signing in asks for your password only.',
      ]
  await sendAccountChangeMail(
    payload,
    to,
    on ? TWO_FACTOR_ON_SUBJECT : TWO_FACTOR_OFF_SUBJECT,
    lines,
  )
}
