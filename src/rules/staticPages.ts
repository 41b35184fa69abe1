/** SPEC §2 static pages, in footer order. */
export const STATIC_PAGES = [
  { slug: 'about', title: 'About Belong' },
  { slug: 'contact', title: 'Contact us' },
  { slug: 'terms', title: 'Terms of use' },
  { slug: 'privacy', title: 'Privacy policy' },
  { slug: 'facebook-data-deletion', title: 'Data deletion instructions' },
] as const
