/**
 * Brakes on throwaway sign-ups, shared by the sign-up form, its island and the server: a field
 * people never see (a form-filling robot fills it), a signed time the form was issued (a robot
 * posts at once), throwaway e-mail domains, and a posting budget until the address is confirmed.
 */

/** Nobody fills the form in less: a robot posting at once is told to wait and send it again. */
export const SIGN_UP_MIN_SECONDS = 3
/** A form older than this is refused as expired (a new one comes with the page). */
export const SIGN_UP_FORM_MAX_SECONDS = 24 * 3600

/** The form's signed issue time (a hidden field; the island sends it too; kept after a refusal). */
export const FORM_TOKEN_FIELD = 'formStamp'
/** The field hidden from people and screen readers: anything typed there is a robot's. */
export const HONEYPOT_FIELD = 'website'

export const SIGN_UP_MESSAGES = {
  honeypot:
    'This sign-up looks automated, so no account was made. If you are a person, reload the page and try again.',
  tooFast:
    'That was quicker than anyone fills in the form, so no account was made yet. Please check your details and press Sign Up again.',
  formExpired: 'This sign-up form has expired. Please reload the page and try again.',
  disposable: (domain: string) =>
    `Addresses at ${domain} are throwaway ones. Please sign up with an e-mail address you keep.`,
  honeypotLabel: 'Leave this field empty',
} as const

/**
 * What an account whose e-mail is not confirmed yet is told when its posting budget is spent
 * (RATE_LIMITS.unconfirmedPost).
 */
export const unconfirmedPostMessage = (perHour: number, retryAfterSeconds: number) =>
  `Please confirm your e-mail address to post more: until you do, you can post ${perHour} times an hour. ` +
  `Open the link in the e-mail we sent you, or try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`

/** The domain of an address, lower-cased, or null when it has none. */
export function emailDomain(email: string): string | null {
  const at = email.lastIndexOf('@')
  const domain =
    at === -1
      ? ''
      : email
          .slice(at + 1)
          .trim()
          .toLowerCase()
          .replace(/\.$/, '')
  return domain || null
}

/**
 * The listed domain an address is at, itself or a parent (mail.throwaway.example is at
 * throwaway.example), or null. `isListed` answers for one domain.
 */
export function listedDomain(email: string, isListed: (domain: string) => boolean): string | null {
  const domain = emailDomain(email)
  if (!domain) return null
  const labels = domain.split('.')
  for (let i = 0; i < labels.length - 1; i++) {
    const candidate = labels.slice(i).join('.')
    if (isListed(candidate)) return candidate
  }
  return null
}
