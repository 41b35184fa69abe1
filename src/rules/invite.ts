/**
 * Invite links (SPEC §2 Profile): site origin + /invite?ref={user id}. The landing page keeps
 * the ref in a cookie for 30 days; sign-up credits the inviter named by it.
 */
export const INVITE_COOKIE = 'belong_ref'
export const INVITE_COOKIE_DAYS = 30

/** A ref is a user id: a positive whole number, written without signs or leading zeros. */
export function parseInviteRef(value: string | null | undefined): string | undefined {
  if (typeof value !== 'string') return undefined
  const ref = value.trim()
  return /^[1-9]\d{0,15}$/.test(ref) ? ref : undefined
}

export function inviteLink(origin: string, userId: number | string): string {
  return `${origin.replace(/\/$/, '')}/invite?ref=${encodeURIComponent(String(userId))}`
}

export const INVITE_MESSAGE = 'Join me on Belong, find where you truly belong:'

/** Share targets of the invite panel: a messaging app and e-mail. */
export function inviteShareLinks(link: string) {
  const text = `${INVITE_MESSAGE} ${link}`
  return {
    whatsApp: `https://wa.me/?text=${encodeURIComponent(text)}`,
    email: `mailto:?subject=${encodeURIComponent('Join me on Belong')}&body=${encodeURIComponent(text)}`,
  }
}
