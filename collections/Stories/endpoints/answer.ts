import type { PayloadRequest } from 'payload'

import type { Story } from '@/payload-types'
import { relId } from '@/views/media'

/** The stories commands' answer: the story with its neighbourhood's slug (its page is under it). */
export async function storyAnswer(req: PayloadRequest, doc: Story) {
  const neighbourhood = relId(doc.neighbourhood)!
  const place = await req.payload.findByID({
    collection: 'neighbourhoods',
    id: neighbourhood,
    depth: 0,
    select: { slug: true },
    req,
  })
  return {
    doc: {
      id: doc.id,
      title: doc.title,
      description: doc.description,
      isPublic: doc.isPublic ?? null,
      image: relId(doc.image),
      tags: doc.tags ?? null,
      neighbourhood: { id: neighbourhood, slug: place.slug },
      author: relId(doc.author),
      createdAt: doc.createdAt,
      updatedAt: doc.updatedAt,
    },
  }
}
