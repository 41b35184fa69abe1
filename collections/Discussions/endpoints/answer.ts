import type { Discussion } from '@/payload-types'
import { relId } from '@/views/media'

/** The discussions commands' answer: the discussion as written. */
export const discussionAnswer = (doc: Discussion) => ({
  doc: {
    id: doc.id,
    title: doc.title,
    content: doc.content,
    mentions: doc.mentions ?? null,
    tags: doc.tags ?? null,
    neighbourhood: relId(doc.neighbourhood),
    author: relId(doc.author),
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  },
})
