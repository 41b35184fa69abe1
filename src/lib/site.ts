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
]

export const TAGLINE = 'Find a place to live based on real vibes, reviews and short stays.'
