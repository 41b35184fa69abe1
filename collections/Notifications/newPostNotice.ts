import type { CollectionAfterChangeHook } from 'payload'

import { query, sql } from '@/server/database/db'
import { relId } from '@/views/media'
import { actorName, notifyAll } from './notify'
import type { Notification } from '@/payload-types'

/** A neighbours' post: its neighbourhood, its author and whether it is hidden. */
interface NeighbourhoodPost {
  id: number
  neighbourhood: number | { id: number } | null
  author?: number | { id: number } | null
  hidden?: boolean | null
}

/**
 * A new post reaches its neighbourhood's followers who turned its kind on, never its author:
 * one INSERT … SELECT in the post's transaction (bell and push at once; mail as the kind's
 * delivery says). Off with `disableNotifications` / `disableLive` (the seed, bulk jobs).
 */
export function newPostNotice<T extends NeighbourhoodPost>(spec: {
  type: Notification['type']
  href: (id: number) => string
  /** The notice's words, given who posted and the neighbourhood's name. */
  message: (doc: T, actor: string, place: string) => string
}): CollectionAfterChangeHook<T> {
  return async ({ doc, operation, req }) => {
    if (operation !== 'create' || doc.hidden) return doc
    if (req.context.disableNotifications || req.context.disableLive) return doc
    const neighbourhood = relId(doc.neighbourhood)
    if (neighbourhood === null) return doc
    const [place] = await query<{ name: string }>(
      req,
      sql`SELECT name FROM neighbourhoods WHERE id = ${neighbourhood}`,
    )
    await notifyAll(req, {
      type: spec.type,
      referenceId: doc.id,
      link: spec.href(doc.id),
      message: spec.message(doc, actorName(req), place?.name ?? 'your neighbourhood'),
      recipients: sql`SELECT user_id FROM follows WHERE neighbourhood_id = ${neighbourhood}
                       AND user_id IS DISTINCT FROM ${relId(doc.author ?? null)}`,
    })
    return doc
  }
}
