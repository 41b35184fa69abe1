import type {
  CollectionAfterChangeHook,
  CollectionBeforeDeleteHook,
  PayloadRequest,
  TaskHandler,
} from 'payload'

import type { Event } from '@/payload-types'
import { serverNow } from '@/server/config/clock'
import { inTransaction, query, sql } from '@/server/database/db'
import { eventsPath, londonEventDate } from '@/views/event'
import { relId } from '@/views/media'
import { MAIL_QUEUE } from '@collections/Mails/queue'
import { notifyAll } from '@collections/Notifications/notify'

/** Attendees hear of an event this long before it starts. */
export const REMINDER_BEFORE_MS = 24 * 60 * 60 * 1000

const attendees = (event: number) =>
  sql`SELECT user_id FROM event_rsvps WHERE event_id = ${event} AND status = 'attending'`

async function eventLink(req: PayloadRequest, neighbourhood: unknown, event?: number) {
  const id = relId(neighbourhood)
  const [place] =
    id === null
      ? []
      : await query<{ slug: string }>(req, sql`SELECT slug FROM neighbourhoods WHERE id = ${id}`)
  return `${eventsPath(place?.slug ?? null)}${event ? `#event-${event}` : ''}`
}

const when = (iso: string) => londonEventDate(new Date(iso))

/** Reminder jobs not yet started for an event: a move or a cancellation drops them. */
async function dropReminders(req: PayloadRequest, event: number) {
  await query(
    req,
    sql`DELETE FROM payload_jobs
         WHERE task_slug = 'eventReminder' AND completed_at IS NULL AND processing IS NOT TRUE
           AND input ->> 'event' = ${String(event)}`,
  )
}

/**
 * The day-before reminder, queued in the write's transaction in the Jobs Queue (PostgreSQL), so
 * it survives restarts; for an event less than a day away it is due at once.
 */
async function queueReminder(req: PayloadRequest, doc: Event) {
  const startsAt = new Date(doc.eventDate).getTime()
  if (doc.cancelled || startsAt <= serverNow().getTime()) return
  await req.payload.jobs.queue({
    task: 'eventReminder',
    input: { event: doc.id, at: new Date(doc.eventDate).toISOString() },
    queue: MAIL_QUEUE,
    waitUntil: new Date(startsAt - REMINDER_BEFORE_MS),
    req,
  })
}

/** What changed of an event its attendees planned around: its time and its place. */
function changes(doc: Event, before: Event): string[] {
  const said: string[] = []
  if (new Date(doc.eventDate).getTime() !== new Date(before.eventDate).getTime())
    said.push(`now starts ${when(doc.eventDate)} (was ${when(before.eventDate)})`)
  if (doc.location !== before.location)
    said.push(`is now at ${doc.location} (was ${before.location})`)
  return said
}

/**
 * After an event is written: a new one gets its reminder; a moved one gets a new reminder and
 * its attendees are told what changed; a cancelled one drops its reminder and tells them, once
 * (only when it becomes cancelled); one brought back gets its reminder again.
 */
export const eventReminders: CollectionAfterChangeHook<Event> = async ({
  doc,
  previousDoc,
  operation,
  req,
}) => {
  if (operation === 'create') {
    await queueReminder(req, doc)
    return doc
  }
  const moved = new Date(doc.eventDate).getTime() !== new Date(previousDoc.eventDate).getTime()
  const cancelledNow = doc.cancelled === true && previousDoc.cancelled !== true
  const restored = doc.cancelled !== true && previousDoc.cancelled === true
  if (moved || cancelledNow || restored) await dropReminders(req, doc.id)
  if (!cancelledNow && (moved || restored)) await queueReminder(req, doc)
  if (req.context.disableNotifications) return doc
  const link = await eventLink(req, doc.neighbourhood, doc.id)
  if (cancelledNow) {
    await notifyAll(req, {
      type: 'event-cancelled',
      referenceId: doc.id,
      link,
      message: `"${doc.title}" on ${when(doc.eventDate)} has been cancelled.`,
      recipients: attendees(doc.id),
    })
    return doc
  }
  const said = doc.cancelled ? [] : changes(doc, previousDoc)
  if (said.length)
    await notifyAll(req, {
      type: 'event-changed',
      referenceId: doc.id,
      link,
      message: `"${doc.title}" ${said.join(' and ')}.`,
      recipients: attendees(doc.id),
    })
  return doc
}

/** Before an event and its RSVPs go: its attendees are told (unless it was cancelled already). */
export const tellAttendeesOfDelete: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const event = await req.payload.findByID({
    collection: 'events',
    id,
    depth: 0,
    req,
    disableErrors: true,
  })
  if (!event) return
  await dropReminders(req, event.id)
  if (event.cancelled || req.context.disableNotifications) return
  await notifyAll(req, {
    type: 'event-cancelled',
    referenceId: event.id,
    link: await eventLink(req, event.neighbourhood),
    message: `"${event.title}" on ${when(event.eventDate)} has been cancelled.`,
    recipients: attendees(event.id),
  })
}

/**
 * The reminder job. In one transaction it claims the reminder for the event's current time
 * (`reminderSentFor`) and tells the attendees, so a job run again after a crash, or left over
 * from an earlier time, sends nothing; an event deleted, cancelled, hidden, moved or already
 * begun sends nothing either.
 */
export const sendEventReminder: TaskHandler<'eventReminder'> = async ({ input, req }) => {
  const told = await inTransaction(req, async () => {
    const [event] = await query<{ id: number; title: string; neighbourhood_id: number | null }>(
      req,
      sql`UPDATE events SET reminder_sent_for = event_date
           WHERE id = ${input.event} AND event_date = ${input.at}::timestamptz
             AND event_date > now() AND cancelled IS NOT TRUE AND hidden IS NOT TRUE
             AND reminder_sent_for IS DISTINCT FROM event_date
       RETURNING id, title, neighbourhood_id`,
    )
    if (!event) return 0
    return notifyAll(req, {
      type: 'event-reminder',
      referenceId: event.id,
      link: await eventLink(req, event.neighbourhood_id, event.id),
      message: `Coming up: "${event.title}", ${when(input.at)}. You said you're going.`,
      recipients: attendees(event.id),
    })
  })
  return { output: { told } }
}
