import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'

import { afterCommit } from '@/server/afterCommit'
import { channels, publish } from '@/server/realtime'

/** Readers of /neighbourhood/{slug} see name, tagline and vibes change live (SPEC §2). */
export const publishNeighbourhood: CollectionAfterChangeHook = ({ doc, req, context }) => {
  if (context.disableLive) return doc
  afterCommit(req, () =>
    publish(channels.neighbourhood(doc.id), 'neighbourhood.updated', {
      id: doc.id,
      name: doc.name,
      slug: doc.slug,
      tagline: doc.tagline,
      vibes: doc.vibes,
      updatedAt: doc.updatedAt,
    }),
  )
  return doc
}

export const publishNeighbourhoodDeleted: CollectionAfterDeleteHook = ({ doc, req, context }) => {
  if (context.disableLive) return doc
  afterCommit(req, () =>
    publish(channels.neighbourhood(doc.id), 'neighbourhood.deleted', { id: doc.id }),
  )
  return doc
}
