import type { GeneratePreviewURL, PayloadRequest } from 'payload'

import { relId } from '@/views/media'

async function neighbourhoodSlug(req: PayloadRequest, ref: unknown): Promise<string> {
  if (ref && typeof ref === 'object' && typeof (ref as { slug?: unknown }).slug === 'string')
    return (ref as { slug: string }).slug
  const id = relId(ref as never)
  if (id === null) return ''
  const n = await req.payload.findByID({
    collection: 'neighbourhoods',
    id,
    depth: 0,
    select: { slug: true },
    disableErrors: true,
  })
  return n?.slug ?? ''
}

/**
 * The admin's 'Preview' of a document: its public page, one click from the edit view (the page's
 * neighbourhood looked up when the document holds only its id).
 */
export const publicPage =
  (path: (doc: Record<string, unknown>, slug: string) => string): GeneratePreviewURL =>
  async (doc, { req }) =>
    path(doc as Record<string, unknown>, await neighbourhoodSlug(req, doc.neighbourhood))
