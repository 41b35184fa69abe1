import { convertLexicalToHTML } from '@payloadcms/richtext-lexical/html'
import type { Payload } from 'payload'

import { STATIC_PAGES } from '@/rules/staticPages'

export interface StaticPage {
  slug: string
  title: string
  summary: string | null
  html: string
}

/** The static pages that exist, with their rich text rendered to HTML at build time. */
export async function staticPages(payload: Payload): Promise<StaticPage[]> {
  const { docs } = await payload.find({
    collection: 'pages',
    where: { slug: { in: STATIC_PAGES.map((p) => p.slug) } },
    limit: STATIC_PAGES.length,
    depth: 0,
  })
  return docs.map((doc) => ({
    slug: doc.slug,
    title: doc.title,
    summary: doc.summary ?? null,
    html: convertLexicalToHTML({ data: doc.body as never, disableContainer: true }),
  }))
}
