import type { CollectionAfterChangeHook } from 'payload'

import type { Event } from '@/payload-types'
import { query, sql } from '@/server/database/db'
import { relId } from '@/views/media'
import { actorName, notify } from '@collections/Notifications/notify'

/** At most this many members hear of one new event (the most recently active first). */
const MAX_RECIPIENTS = 200

/**
 * SPEC §7 'new-event': when a public event is created in a neighbourhood, members who reviewed
 * or posted there (stories, discussions, events, polls, local spots) get a notification, stored
 * in the same transaction and pushed live after the commit. The author is not told of their own.
 * Switched off with `req.context.disableNotifications` or `disableLive` (the seed, bulk jobs).
 */
export const notifyNewEvent: CollectionAfterChangeHook<Event> = async ({ doc, operation, req }) => {
  if (operation !== 'create') return doc
  if (req.context.disableNotifications || req.context.disableLive) return doc
  const neighbourhood = relId(doc.neighbourhood)
  if (neighbourhood === null || doc.isPublic === false || doc.hidden) return doc
  const author = relId(doc.author)
  const members = await query<{ user_id: number }>(
    req,
    sql`SELECT user_id FROM (
          SELECT user_id, max(created_at) AS at FROM (
            SELECT user_id, created_at FROM reviews WHERE neighbourhood_id = ${neighbourhood}
            UNION ALL SELECT author_id, created_at FROM stories WHERE neighbourhood_id = ${neighbourhood}
            UNION ALL SELECT author_id, created_at FROM discussions WHERE neighbourhood_id = ${neighbourhood}
            UNION ALL SELECT author_id, created_at FROM events WHERE neighbourhood_id = ${neighbourhood}
            UNION ALL SELECT author_id, created_at FROM polls WHERE neighbourhood_id = ${neighbourhood}
            UNION ALL SELECT author_id, created_at FROM local_businesses
              WHERE neighbourhood_id = ${neighbourhood}
          ) activity
          WHERE user_id IS NOT NULL AND user_id IS DISTINCT FROM ${author}
          GROUP BY user_id
        ) members
        ORDER BY at DESC LIMIT ${MAX_RECIPIENTS}`,
  )
  const [place] = await query<{ slug: string; name: string }>(
    req,
    sql`SELECT slug, name FROM neighbourhoods WHERE id = ${neighbourhood}`,
  )
  for (const member of members) {
    await notify(req, {
      recipient: member.user_id,
      type: 'new-event',
      referenceId: doc.id,
      link: place ? `/neighbourhood/${place.slug}/events#event-${doc.id}` : '/event',
      message: `${actorName(req)} posted a new event in ${place?.name ?? 'your neighbourhood'}: "${doc.title}".`,
    })
  }
  return doc
}
