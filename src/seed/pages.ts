import type { Payload } from 'payload'

type Block = { h2: string } | { p: string }

/** Lexical JSON for headings and paragraphs of plain text. */
export function lexicalDoc(blocks: Block[]) {
  const text = (value: string) => ({
    type: 'text',
    version: 1,
    text: value,
    format: 0,
    style: '',
    mode: 'normal',
    detail: 0,
  })
  const base = { direction: 'ltr' as const, format: '' as const, indent: 0, version: 1 }
  return {
    root: {
      ...base,
      type: 'root',
      children: blocks.map((b) =>
        'h2' in b
          ? { ...base, type: 'heading', tag: 'h2', children: [text(b.h2)] }
          : { ...base, type: 'paragraph', textFormat: 0, textStyle: '', children: [text(b.p)] },
      ),
    },
  }
}

const PAGES: { slug: string; title: string; summary: string; body: Block[] }[] = [
  {
    slug: 'about',
    title: 'About Belong',
    summary: 'Community-driven neighbourhood insights for people deciding where to live.',
    body: [
      { p: 'Belong helps you find a place to live based on real vibes, reviews and short stays.' },
      { h2: 'Our mission' },
      {
        p: 'Estate agents describe buildings. Neighbours describe life. Belong gathers honest, community-driven insights about London neighbourhoods — their vibe, their stories, their events and their local spots — so you can decide with confidence.',
      },
      { h2: 'How it works' },
      {
        p: 'Browse neighbourhoods by vibe, read star-rated reviews from people who live there, join discussions and polls, and add your own experience to help the next person.',
      },
    ],
  },
  {
    slug: 'contact',
    title: 'Contact us',
    summary: 'How to reach the Belong team.',
    body: [
      {
        p: 'We would love to hear from you: questions, ideas, corrections or a neighbourhood we are missing.',
      },
      { h2: 'E-mail' },
      { p: 'Write to hello@belong.local and we will answer within two working days.' },
    ],
  },
  {
    slug: 'terms',
    title: 'Terms of use',
    summary: 'The rules for using Belong.',
    body: [
      {
        p: 'By using Belong you agree to write honestly, respect other members and only share content you have the right to share.',
      },
      { h2: 'Your content' },
      {
        p: 'You keep ownership of what you post. You allow Belong to show it on the site. Editors may hide or remove content that breaks these terms.',
      },
      { h2: 'No advice' },
      {
        p: 'Reviews are personal opinions, not professional advice. Visit a neighbourhood before you decide.',
      },
    ],
  },
  {
    slug: 'privacy',
    title: 'Privacy policy',
    summary: 'What Belong stores about you and why.',
    body: [
      {
        p: 'We store your e-mail address to sign you in and your public profile (user name, bio, avatar) to show next to what you write.',
      },
      { h2: 'Who sees what' },
      {
        p: 'Your e-mail address is never shown to other members. Reviews, stories, comments and reactions are public.',
      },
      { h2: 'Private messages' },
      {
        p: 'Only you and the other member read a conversation: staff never do, and there is no admin view of messages. The one exception is a message one of you reports: it reaches the moderators with the five messages before it, so they can judge it.',
      },
      {
        p: '"Download my data" includes your conversations, your messages and the other side\'s. Deleting your account replaces your messages with "Message removed" and closes your conversations.',
      },
      { h2: 'Your rights' },
      { p: 'You can correct your profile at any time and ask us to delete your account and data.' },
    ],
  },
  {
    slug: 'facebook-data-deletion',
    title: 'Data deletion instructions',
    summary: 'How to remove Belong from a social network and delete your data.',
    body: [
      {
        p: 'If you signed in with a social network, you can remove Belong in that network’s settings under apps and websites.',
      },
      { h2: 'Delete your account' },
      {
        p: 'Delete your account in the app via Profile → Settings, or e-mail support at hello@belong.local and we will delete it and your data within 30 days.',
      },
    ],
  },
]

export async function seedPages(payload: Payload, context: Record<string, unknown>) {
  for (const page of PAGES) {
    await payload.create({
      collection: 'pages',
      data: { ...page, slug: page.slug as never, body: lexicalDoc(page.body) as never },
      overrideAccess: true,
      context,
    })
  }
  return PAGES.length
}
