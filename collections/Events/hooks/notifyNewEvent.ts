import type { CollectionAfterChangeHook } from 'payload'

import type { Event } from '@/payload-types'
import { query, sql } from '@/server/database/db'
import { relId } from '@/views/media'
import { actorName, notifyAll } from '@collections/Notifications/notify'

/**
 * SPEC §7 'new-event': when a public event is created in a neighbourhood, its followers (except
 * the author, and those who switched new events off) get a notification. One INSERT … SELECT in
 * the event's transaction, so ten thousand followers cost one statement; the mails they want are
 * owed by the same rows (`mail_due`) and sent by the job queue; the bell pushes follow the commit.
 * Switched off with `req.context.disableNotifications` or `disableLive` (the seed, bulk jobs).
 */
export const notifyNewEvent: CollectionAfterChangeHook<Event> = async ({ doc, operation, req }) => {
  if (operation !== 'create') return doc
  if (req.context.disableNotifications || req.context.disableLive) return doc
  const neighbourhood = relId(doc.neighbourhood)
  if (neighbourhood === null || doc.isPublic === false || doc.hidden) return doc
  const author = relId(doc.author)
  const [place] = await query<{ slug: string; name: string }>(
    req,
    sql`SELECT slug, name FROM neighbourhoods WHERE id = ${neighbourhood}`,
  )
  const link = place ? `/neighbourhood/${place.slug}/events#event-${doc.id}` : '/event'
  const message = `${actorName(req)} posted a new event in ${place?.name ?? 'your neighbourhood'}: "${doc.title}".`
  await notifyAll(req, {
    type: 'new-event',
    referenceId: doc.id,
    link,
    message,
    recipients: sql`SELECT user_id FROM follows WHERE neighbourhood_id = ${neighbourhood}
                     AND user_id IS DISTINCT FROM ${author}`,
  })
  return doc
}
