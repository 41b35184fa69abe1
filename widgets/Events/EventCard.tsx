import { useStore } from '@nanostores/react'
import { memo, useState } from 'react'

import type { RsvpStatus } from '@/rules/rsvp'
import { eventCalendarPath, eventZoneNote, formatEventDate, type EventView } from '@/views/event'
import { deleteHref } from '@/views/deleteHref'
import { formAction } from '@/views/forms'
import { $clock } from '@widgets/lib/clock'
import ConfirmDialog from '@widgets/lib/ConfirmDialog'
import { Chips } from '@widgets/lib/Chips'
import { ProfileLink } from '@widgets/lib/ProfileLink'
import { $editing, $formOpen, deleteEvent } from './formStore'
import { rsvp } from './listStore'
import ReportButton from '@widgets/Reports/ReportButton'

const RSVP_LABELS: Record<RsvpStatus, string> = {
  attending: 'Attending',
  interested: 'Interested',
}

/** A map pin drawn inline (emoji fonts are not everywhere). */
const Pin = () => (
  <svg className="event-pin" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
    <path
      fill="currentColor"
      d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z"
    />
  </svg>
)

/** When, in the reader's clock: the clock's switch draws these lines again, not whole cards. */
function EventWhen({ eventDate }: { eventDate: string }) {
  const clock = useStore($clock)
  return (
    <p className="event-when">
      <time dateTime={eventDate}>{formatEventDate(eventDate, clock)}</time>{' '}
      <span className="event-zone">({eventZoneNote(eventDate, clock)})</span>
    </p>
  )
}

/** One event: when (the reader's time, the event's zone stated), where, what, RSVPs, and the
 * author's Edit and Delete. Drawn again only when its own props change, not on each list update. */
export default memo(function EventCard({
  event,
  isAuthor,
  editHref,
}: {
  event: EventView
  /** The reader wrote it: Edit and Delete show. */
  isAuthor: boolean
  /** This page showing the event in the form (the Edit link before or without JavaScript). */
  editHref: string
}) {
  const [confirming, setConfirming] = useState(false)
  const titleId = `event-${event.id}-title`
  return (
    <article className="event-card" id={`event-${event.id}`} aria-labelledby={titleId}>
      {event.imageUrl ? (
        <img
          className="event-image"
          src={event.imageUrl}
          alt=""
          width={640}
          height={360}
          loading="lazy"
        />
      ) : null}
      <div className="event-body">
        <h2 id={titleId}>{event.title}</h2>
        {event.cancelled && <p className="event-cancelled">Cancelled</p>}
        <EventWhen eventDate={event.eventDate} />
        <p className="event-where">
          <Pin />
          <span className="sr-only">Location: </span>
          {event.location}
        </p>
        <p className="event-description">{event.description}</p>
        {event.tags.length > 0 && <Chips label="Tags" items={event.tags} />}
        <p className="event-meta">
          {event.author?.userName && (
            <>
              Posted by <ProfileLink userName={event.author.userName} />
            </>
          )}
          {event.neighbourhoodSlug && (
            <>
              {' · '}
              <a href={`/neighbourhood/${encodeURIComponent(event.neighbourhoodSlug)}`}>
                {event.neighbourhoodName ?? event.neighbourhoodSlug}
              </a>
            </>
          )}
        </p>
        <div className="event-actions">
          <form
            className="rsvp"
            role="group"
            aria-label={`RSVP to ${event.title}`}
            method="post"
            action={formAction('rsvp')}
          >
            <input type="hidden" name="event" value={event.id} />
            {(Object.keys(RSVP_LABELS) as RsvpStatus[]).map((status) => {
              const count = status === 'attending' ? event.attendingCount : event.interestedCount
              return (
                <button
                  key={status}
                  type="submit"
                  name="status"
                  value={status}
                  className={`rsvp-button rsvp-${status}`}
                  aria-pressed={event.mine === status}
                  onClick={(e) => {
                    e.preventDefault()
                    void rsvp(event.id, status)
                  }}
                >
                  {RSVP_LABELS[status]}{' '}
                  <span className="rsvp-count" data-status={status}>
                    {count}
                  </span>
                </button>
              )
            })}
          </form>
          <a className="add-to-calendar" href={eventCalendarPath(event.id)} download>
            Add to calendar
          </a>
          {!isAuthor && (
            <ReportButton
              kind="event"
              id={event.id}
              ownerId={event.author?.id ?? null}
              label={event.title}
            />
          )}
          {isAuthor && (
            <span className="event-owner">
              <a
                className="btn-quiet"
                href={editHref}
                onClick={(e) => {
                  e.preventDefault()
                  $editing.set(event)
                  $formOpen.set(false)
                  requestAnimationFrame(() =>
                    document.getElementById('event-form')?.scrollIntoView({ block: 'start' }),
                  )
                }}
              >
                Edit<span className="sr-only"> {event.title}</span>
              </a>
              <a
                className="btn-danger"
                href={deleteHref('event', event.id)}
                onClick={(e) => {
                  e.preventDefault()
                  setConfirming(true)
                }}
              >
                Delete<span className="sr-only"> {event.title}</span>
              </a>
            </span>
          )}
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        message={`Delete the event "${event.title}"?`}
        confirmLabel="Delete"
        onConfirm={() => void deleteEvent(event.id)}
        onClose={() => setConfirming(false)}
      />
    </article>
  )
})
