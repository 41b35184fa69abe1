import { useState } from 'react'

import type { RsvpStatus } from '@/rules/rsvp'
import {
  eventCalendarPath,
  eventZoneNote,
  formatEventDate,
  type Clock,
  type EventView,
} from '@/views/event'
import ConfirmDialog from '@widgets/Comments/ConfirmDialog'
import '@widgets/Comments/Comments.css'
import { $editing, $formOpen, deleteEvent, rsvp } from './store'

const RSVP_LABELS: Record<RsvpStatus, { label: string; icon: string }> = {
  attending: { label: 'Attending', icon: '✅' },
  interested: { label: 'Interested', icon: '⭐' },
}

/** One event: when (the reader's time, the event's zone stated), where, what, RSVPs, and the
 * author's Edit and Delete. */
export default function EventCard({
  event,
  clock,
  isAuthor,
}: {
  event: EventView
  clock: Clock
  /** The reader wrote it: Edit and Delete show. */
  isAuthor: boolean
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
        <p className="event-when">
          <time dateTime={event.eventDate}>{formatEventDate(event.eventDate, clock)}</time>{' '}
          <span className="event-zone">({eventZoneNote(event.eventDate, clock)})</span>
        </p>
        <p className="event-where">
          <span aria-hidden="true">📍 </span>
          <span className="sr-only">Location: </span>
          {event.location}
        </p>
        <p className="event-description">{event.description}</p>
        {event.tags.length > 0 && (
          <ul className="chips" aria-label="Tags">
            {event.tags.map((tag) => (
              <li className="chip" key={tag}>
                {tag}
              </li>
            ))}
          </ul>
        )}
        <p className="event-meta">
          {event.author?.userName && (
            <>
              Posted by{' '}
              <a href={`/profile/${encodeURIComponent(event.author.userName)}`}>
                {event.author.userName}
              </a>
            </>
          )}
          {event.neighbourhoodSlug && (
            <>
              {' · '}
              <a href={`/neighbourhood/${encodeURIComponent(event.neighbourhoodSlug)}`}>
                {event.neighbourhoodSlug}
              </a>
            </>
          )}
        </p>
        <div className="event-actions">
          <div className="rsvp" role="group" aria-label={`RSVP to ${event.title}`}>
            {(Object.keys(RSVP_LABELS) as RsvpStatus[]).map((status) => {
              const count = status === 'attending' ? event.attendingCount : event.interestedCount
              return (
                <button
                  key={status}
                  type="button"
                  className={`rsvp-button rsvp-${status}`}
                  aria-pressed={event.mine === status}
                  onClick={() => void rsvp(event.id, status)}
                >
                  <span aria-hidden="true">{RSVP_LABELS[status].icon} </span>
                  {RSVP_LABELS[status].label}{' '}
                  <span className="rsvp-count" data-status={status}>
                    {count}
                  </span>
                </button>
              )
            })}
          </div>
          <a className="add-to-calendar" href={eventCalendarPath(event.id)} download>
            Add to calendar
          </a>
          {isAuthor && (
            <span className="event-owner">
              <button
                type="button"
                className="btn-quiet"
                onClick={() => {
                  $editing.set(event)
                  $formOpen.set(false)
                  requestAnimationFrame(() =>
                    document.getElementById('event-form')?.scrollIntoView({ block: 'start' }),
                  )
                }}
              >
                Edit<span className="sr-only"> {event.title}</span>
              </button>
              <button type="button" className="btn-danger" onClick={() => setConfirming(true)}>
                Delete<span className="sr-only"> {event.title}</span>
              </button>
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
}
