import { useStore } from '@nanostores/react'
import { useEffect } from 'react'

import { isUpcoming } from '@/rules/eventTime'
import { eventsFeedPath, type EventPage, type EventView } from '@/views/event'
import type { FormState } from '@/views/forms'
import { BackToNeighbourhood } from '@widgets/lib/BackToNeighbourhood'
import { viewerIdOf } from '@widgets/lib/session'
import { askPageState } from '@widgets/lib/pageState'
import { useSession } from '@widgets/lib/useSession'
import { useHydrated } from '@widgets/lib/useHydrated'
import EventCard from './EventCard'
import EventForm from './EventForm'
import EventSearch from './EventSearch'
import { adoptViewerClock } from '@widgets/lib/clock'
import { $editing, $formOpen } from './formStore'
import { $events, applyOwnRsvps, initEvents, loadMoreEvents, watchEvents } from './listStore'
import './Events.css'
import OwnHidden from '@widgets/Reports/OwnHidden'

/**
 * SPEC §2 Events (/event, /event?slug=, /neighbourhood/{slug}/events). The server renders the
 * first page from the same props (so the list is in the HTML and the search works before this
 * runs); then the store takes over: RSVPs, live counts, the form, search without reloading.
 */
export default function Events({
  initial,
  slugInQuery = false,
  form,
  viewerId: serverViewerId = null,
  initialEditing = null,
}: {
  initial: EventPage
  /** /event?slug= (the slug travels in the query) rather than /neighbourhood/{slug}/events. */
  slugInQuery?: boolean
  /** The event form as it came back refused (posted before or without JavaScript). */
  form?: FormState
  /** The reader as the server knew them: their events show Edit and Delete before hydrating. */
  viewerId?: number | null
  /** The author's event opened in the form by ?edit= (the Edit link without JavaScript). */
  initialEditing?: EventView | null
}) {
  const store = useStore($events)
  const state = store.initialized ? store : { ...store, ...initial, live: 'connecting' as const }
  const session = useSession()
  const hydrated = useHydrated()
  const storedEditing = useStore($editing)
  const editing = hydrated ? storedEditing : initialEditing
  const formOpen = useStore($formOpen)
  const viewerId = viewerIdOf(session, serverViewerId)
  const slug = state.neighbourhood?.slug ?? null
  // An event that starts while the page is open leaves the upcoming list.
  const events = store.initialized
    ? state.events.filter((e) => isUpcoming(e.eventDate))
    : state.events

  useEffect(() => {
    if (initialEditing) $editing.set(initialEditing)
  }, [initialEditing])

  useEffect(() => {
    initEvents(initial)
    adoptViewerClock()
    const stop = watchEvents()
    // The HTML is the same for everyone: a signed-in reader's own RSVPs come with the page state.
    const shown = initial.events.map((e) => e.id)
    if (shown.length)
      void askPageState({ rsvps: shown }).then(
        (state) => state.user && applyOwnRsvps(state.rsvps ?? {}),
        (e: unknown) => console.warn('Could not load your RSVPs', e),
      )
    return stop
  }, [initial])

  const nextPage = new URLSearchParams()
  if (slug && slugInQuery) nextPage.set('slug', slug)
  if (state.q) nextPage.set('q', state.q)
  nextPage.set('page', String(state.page + 1))
  const editQuery = (id: number) => {
    const query = new URLSearchParams(nextPage)
    if (state.page > 1) query.set('page', String(state.page))
    else query.delete('page')
    query.set('edit', String(id))
    return query
  }

  return (
    <section className="events" aria-labelledby="events-title" data-live={state.live}>
      {state.neighbourhood && (
        <BackToNeighbourhood className="events-back" neighbourhood={state.neighbourhood} />
      )}
      <header className="events-header">
        <h1 id="events-title">
          {state.neighbourhood ? `Events in ${state.neighbourhood.name}` : 'Upcoming Events'}
        </h1>
        <div className="events-tools">
          {/* A link to the form in the page (shown by :target) until the island opens it. */}
          <a
            href="#event-form"
            role="button"
            className="button"
            aria-expanded={formOpen || editing !== null}
            aria-controls="event-form"
            onClick={(e) => {
              e.preventDefault()
              if (editing) $editing.set(null)
              $formOpen.set(!(formOpen || editing !== null))
            }}
          >
            {formOpen || editing ? 'Close form' : 'Create An Event'}
          </a>
          <a className="button secondary" href={eventsFeedPath(slug)}>
            Subscribe (iCal)
          </a>
        </div>
      </header>

      <EventForm
        key={editing?.id ?? 'new'}
        editing={editing}
        hidden={!(formOpen || editing || form)}
        neighbourhoodId={state.neighbourhood?.id ?? null}
        form={form}
        keep={{ slug: slugInQuery ? slug : null, q: state.q || null }}
      />

      <EventSearch q={state.q} slug={slugInQuery ? slug : null} />

      <div className="events-status" role="status" aria-live="polite">
        {state.loading ? 'Loading...' : ''}
      </div>

      <OwnHidden kinds={['event']} neighbourhood={state.neighbourhood?.id} />

      {events.length === 0 ? (
        <p className="empty">{state.q ? 'No events match your search.' : 'No upcoming events.'}</p>
      ) : (
        <ol className="event-list">
          {events.map((event) => (
            <li key={event.id}>
              <EventCard
                event={event}
                isAuthor={viewerId !== null && event.author?.id === viewerId}
                editHref={`?${editQuery(event.id)}#event-form`}
              />
            </li>
          ))}
        </ol>
      )}

      {state.hasMore && (
        <p className="events-more">
          <a
            className="button secondary"
            href={`?${nextPage}`}
            onClick={(e) => {
              e.preventDefault()
              void loadMoreEvents()
            }}
          >
            Show more events
          </a>
        </p>
      )}
    </section>
  )
}
