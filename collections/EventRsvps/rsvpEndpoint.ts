import { nextRsvp, type RsvpStatus } from '@/rules/rsvp'
import { afterCommit } from '@/server/database/afterCommit'
import { inTransaction, query, sql } from '@/server/database/db'
import { announceApiChanges } from '@/server/http/apiChanges'
import { channels, publish } from '@/server/services/realtime'
import { findVisible, refuse } from '@/server/http/requests'
import { relId } from '@/views/media'
import { actorName, notify } from '@collections/Notifications/notify'
import { lockEvent, recountRsvps } from '@collections/EventRsvps/rsvpCounts'
import { command } from '@collections/shared/command'

/**
 * events.rsvp: SPEC §4 toggle (same status removes, another replaces, none creates). The event
 * row is locked first, so parallel calls apply one after another and the stored counts always
 * match the rows. Answers {status, attendingCount, interestedCount}.
 */
export const rsvpEndpoint = command('events.rsvp', async ({ req, input, params, user }) => {
  const eventId = params.id
  const event = await findVisible(req, 'events', eventId)
  if (!event) return refuse(404, 'Event not found.')
  const userId = user!.id

  const result = await inTransaction(req, async () => {
    await lockEvent(req, eventId)
    const [existing] = await query<{ id: number; status: RsvpStatus }>(
      req,
      sql`SELECT id, status FROM event_rsvps WHERE event_id = ${eventId} AND user_id = ${userId}`,
    )
    const next = nextRsvp(existing?.status ?? null, input.status)
    if (next === null) {
      await query(req, sql`DELETE FROM event_rsvps WHERE id = ${existing!.id}`)
    } else if (existing) {
      await query(
        req,
        sql`UPDATE event_rsvps SET status = ${next}, updated_at = now() WHERE id = ${existing.id}`,
      )
    } else {
      await query(
        req,
        sql`INSERT INTO event_rsvps (event_id, user_id, status, created_at, updated_at)
            VALUES (${eventId}, ${userId}, ${next}, now(), now())`,
      )
    }
    await announceApiChanges(req, ['event-rsvps'])
    // The author hears of a new or changed RSVP from someone else (not of a withdrawn one).
    if (next !== null && next !== existing?.status) {
      await notify(req, {
        recipient: relId(event.author),
        type: 'reaction',
        referenceId: eventId,
        link: `/event#event-${eventId}`,
        message: `${actorName(req)} ${next === 'attending' ? 'is attending' : 'is interested in'} your event "${event.title}".`,
      })
    }
    return { status: next, counts: await recountRsvps(req, eventId) }
  })
  const { countedAt, ...counts } = result.counts

  if (event.isPublic && !event.hidden) {
    afterCommit(req, () =>
      publish(channels.event(eventId), 'rsvp.changed', { eventId, ...counts, countedAt }),
    )
  }
  return { status: result.status, ...counts }
})
