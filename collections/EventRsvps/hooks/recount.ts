import type { EventRsvp } from '@/payload-types'
import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'

import { afterCommit } from '@/server/database/afterCommit'
import { relId } from '@/views/media'
import { channels, publish } from '@/server/services/realtime'
import { recountRsvps } from '@collections/EventRsvps/rsvpCounts'

/**
 * RSVPs written around the endpoint (a member deleting their own through REST, staff, the seed)
 * keep the event's counts right too.
 */
async function recountAndPublish(
  doc: EventRsvp,
  req: Parameters<CollectionAfterDeleteHook>[0]['req'],
) {
  const eventId = relId(doc.event)
  if (eventId === null) return
  const counts = await recountRsvps(req, eventId)
  if (req.context.disableLive) return
  afterCommit(req, () => publish(channels.event(eventId), 'rsvp.changed', { eventId, ...counts }))
}

export const recountAfterChange: CollectionAfterChangeHook<EventRsvp> = async ({ doc, req }) => {
  await recountAndPublish(doc, req)
  return doc
}

export const recountAfterDelete: CollectionAfterDeleteHook<EventRsvp> = async ({ doc, req }) => {
  await recountAndPublish(doc, req)
  return doc
}
