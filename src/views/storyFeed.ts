import type { StoryCardView } from './story'

/**
 * RSS 2.0 of public stories (site-wide or one neighbourhood's). Written by hand: the format is
 * small, and every text goes through `xml()` so titles with &, < or quotes stay well-formed.
 */
export interface StoryFeedInput {
  /** Absolute origin, e.g. https://belong.example (RSS links must be absolute). */
  origin: string
  /** The feed's own path (atom:link rel=self) and the HTML page it describes. */
  feedPath: string
  pagePath: string
  title: string
  description: string
  stories: StoryCardView[]
}

/** XML 1.0 allows tab, line feed, carriage return and everything from U+0020 but U+FFFE/FFFF. */
const allowedInXml = (c: string) => {
  const code = c.charCodeAt(0)
  return (
    code === 9 || code === 10 || code === 13 || (code >= 0x20 && code !== 0xfffe && code !== 0xffff)
  )
}

/** Escapes text for XML and drops characters XML 1.0 cannot carry. */
export function xml(text: string): string {
  return [...text]
    .filter(allowedInXml)
    .join('')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

export function storiesRss(input: StoryFeedInput): string {
  const abs = (path: string) => new URL(path, input.origin).href
  const newest = input.stories[0]?.createdAt
  const items = input.stories.map((s) => {
    const by = s.author?.userName ? ` by ${s.author.userName}` : ''
    const categories = s.tags.map((t) => `      <category>${xml(t)}</category>`)
    return [
      '    <item>',
      `      <title>${xml(s.title)}</title>`,
      `      <link>${xml(abs(s.href))}</link>`,
      `      <guid isPermaLink="true">${xml(abs(s.href))}</guid>`,
      `      <description>${xml(`${s.excerpt} (${s.neighbourhood.name}${by})`)}</description>`,
      `      <pubDate>${new Date(s.createdAt).toUTCString()}</pubDate>`,
      ...categories,
      '    </item>',
    ].join('\n')
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${xml(input.title)}</title>`,
    `    <link>${xml(abs(input.pagePath))}</link>`,
    `    <description>${xml(input.description)}</description>`,
    '    <language>en-gb</language>',
    `    <atom:link href="${xml(abs(input.feedPath))}" rel="self" type="application/rss+xml"/>`,
    ...(newest ? [`    <lastBuildDate>${new Date(newest).toUTCString()}</lastBuildDate>`] : []),
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n')
}
