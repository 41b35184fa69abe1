import type { CollectionAfterChangeHook } from 'payload'

import { afterCommit } from '../../../src/server/afterCommit'
import { channels, publish } from '../../../src/server/realtime'

const idOf = (value: unknown) =>
  typeof value === 'object' && value !== null ? (value as { id: number }).id : (value as number)

/** Readers of the neighbourhood page see a new or edited review at once. */
export const publishReview: CollectionAfterChangeHook = ({ doc, req, operation, context }) => {
  if (context.disableLive) return doc
  afterCommit(req, () =>
    publish(channels.neighbourhood(idOf(doc.neighbourhood)), `review.${operation}d`, {
      id: doc.id,
      authorName: doc.authorName,
      rating: doc.rating,
      comment: doc.comment,
      createdAt: doc.createdAt,
    }),
  )
  return doc
}
