import type { CollectionAfterChangeHook } from 'payload'

import type { Event } from '@/payload-types'
import { afterCommit } from '@/server/database/afterCommit'
import { query, sql } from '@/server/database/db'
import { channels, publishMany } from '@/server/services/realtime'
import { deliveryOfSql } from '@/rules/notificationPrefs'
import { relId } from '@/views/media'
import { actorName } from '@collections/Notifications/notify'

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
  const told = await query<{ id: number; user_id: number; created_at: string }>(
    req,
    sql`INSERT INTO notifications
          (user_id, type, reference_id, link, message, is_read, mail_due, updated_at, created_at)
        SELECT f.user_id, 'new-event', ${String(doc.id)}, ${link}, ${message}, false,
               ${sql.raw(deliveryOfSql('newEvents', 'u'))} = 'email' AND u.email_confirmed_at IS NOT NULL, now(), now()
          FROM follows f JOIN users u ON u.id = f.user_id
         WHERE f.neighbourhood_id = ${neighbourhood} AND f.user_id IS DISTINCT FROM ${author}
           AND ${sql.raw(deliveryOfSql('newEvents', 'u'))} <> 'off'
        RETURNING id, user_id, created_at`,
  )
  if (told.length === 0) return doc
  afterCommit(req, () =>
    publishMany(
      told.map((row) => ({
        channel: channels.userPrivate(row.user_id),
        name: 'notification.created',
        data: {
          id: row.id,
          type: 'new-event',
          message,
          link,
          isRead: false,
          createdAt: new Date(row.created_at).toISOString(),
        },
      })),
    ),
  )
  return doc
}
