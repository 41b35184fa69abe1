/** Shell content of SPEC §2, shared by every page. */
export const SIDE_MENU = [
  { href: '/', label: 'Home' },
  { href: '/neighbourhoods', label: 'Neighbourhoods' },
  { href: '/forum', label: 'Forum' },
  { href: '/top-reviewers', label: 'Top reviewers' },
  { href: '/about', label: 'About' },
]

export const FOOTER_LINKS = [
  { href: '/about', label: 'About' },
  { href: '/contact', label: 'Contact' },
  { href: '/terms', label: 'Terms' },
  { href: '/privacy', label: 'Privacy' },
  { href: '/moderation', label: 'Moderation log' },
]

export const TAGLINE = 'Find a place to live based on real vibes, reviews and short stays.'

/** A signed-in member's feed of the neighbourhoods they follow (the avatar menu, the side menu). */
export const YOUR_FEED_LINK = { href: '/feed', label: 'Your feed' }

/** Static (scriptless) pages have no session island: the header links here instead. */
export const ACCOUNT_LINK = { href: '/profile', label: 'Account' }

/**
 * Where a signed-in user without a user name is NOT sent to /register (SPEC §2: they are on the
 * way to one already, or signing in or out).
 */
export const PROFILE_SETUP_EXEMPT = ['/register', '/login', '/reset-password', '/forgot-password']
export const AUTH_CALLBACK_PREFIXES = ['/auth/', '/api/']

export function needsProfileSetup(userName: string | null | undefined, path: string): boolean {
  if (userName) return false
  if (PROFILE_SETUP_EXEMPT.includes(path.replace(/\/$/, '') || '/')) return false
  return !AUTH_CALLBACK_PREFIXES.some((prefix) => path.startsWith(prefix))
}

/** The Sign In link keeps the reader's place (home is the default after signing in anyway). */
export function signInHref(path: string, search = ''): string {
  if (path === '/' || PROFILE_SETUP_EXEMPT.includes(path)) return '/login'
  return `/login?next=${encodeURIComponent(path + search)}`
}

/** The bell shows the newest notifications of the signed-in user. */
export const NOTIFICATION_LIST_LIMIT = 20
