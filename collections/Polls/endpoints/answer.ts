import type { Poll } from '@/payload-types'
import { relId } from '@/views/media'

/** The polls commands' answer: the poll as written. */
export const pollAnswer = (doc: Poll) => ({
  doc: {
    id: doc.id,
    question: doc.question,
    options: doc.options.map(({ text }) => ({ text })),
    closeDate: doc.closeDate ?? null,
    neighbourhood: relId(doc.neighbourhood),
    author: relId(doc.author),
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  },
})
