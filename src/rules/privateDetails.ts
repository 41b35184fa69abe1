/**
 * Public posts must not carry a way to reach someone privately: a phone number or an e-mail
 * address typed into a title or description is refused, and the member is pointed to private
 * messages instead. Written for UK numbers as people type them (07700 900123, +44 20 7946 0958,
 * 020-7946-0958) and plain addresses, including the common "name at example dot com".
 */
export type PrivateDetail = 'phone' | 'email'

const EMAIL =
  /[a-z0-9._%+-]+\s*(?:@|\(at\)|\[at\]|\sat\s)\s*[a-z0-9-]+(?:\s*(?:\.|\(dot\)|\[dot\]|\sdot\s)\s*[a-z0-9-]+)+/i
// Ten or more digits, optionally led by +, with spaces, dots, dashes or brackets between them.
const PHONE = /(?:\+|\b)\d(?:[\s().-]{0,2}\d){9,13}\b/

/** The first private detail found in any of the texts, or null. */
export function findPrivateDetail(...texts: (string | null | undefined)[]): PrivateDetail | null {
  for (const text of texts) {
    if (!text) continue
    if (EMAIL.test(text)) return 'email'
    if (PHONE.test(text)) return 'phone'
  }
  return null
}

export const PRIVATE_DETAIL_MESSAGES: Record<PrivateDetail, string> = {
  phone:
    'Please take the phone number out: posts are public. Neighbours can reach you with a private message.',
  email:
    'Please take the e-mail address out: posts are public. Neighbours can reach you with a private message.',
}
