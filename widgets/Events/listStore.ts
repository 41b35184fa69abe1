import { map } from 'nanostores'

import { MESSAGES } from '@/rules/messages'
import { nextRsvp, type RsvpStatus } from '@/rules/rsvp'
import type { EventPage, EventView } from '@/views/event'
import { ApiError } from '@widgets/lib/api'
import { pageData, send } from '@widgets/lib/client'
import { keepUnchanged } from '@widgets/lib/keepUnchanged'
import { $session } from '@widgets/lib/session'
import { latestCounts, subscribeChannel } from '@widgets/lib/realtime'
import { toast } from '@widgets/lib/toast'

/**
 * The events screen (SPEC §2 Events): the listed events, the search, paging, RSVPs with
 * optimistic counts, live counts and list changes. The form's create, edit and delete are in
 * ./formStore.ts.
 */
export interface EventsState {
  events: EventView[]
  q: string
  page: number
  total: number
  hasMore: boolean
  loading: boolean
  neighbourhood: EventPage['neighbourhood']
  /** 'connecting' until the live channels are joined (tests and the UI read it). */
  live: 'connecting' | 'subscribed'
  /** False until the island took over from the server-rendered props. */
  initialized: boolean
}

export const $events = map<EventsState>({
  events: [],
  q: '',
  page: 1,
  total: 0,
  hasMore: false,
  loading: false,
  neighbourhood: null,
  live: 'connecting',
  initialized: false,
})

const slugOf = () => $events.get().neighbourhood?.slug ?? null

function listUrl(q: string, page: number, pages = 1): `/event.json?${string}` {
  const params = new URLSearchParams()
  const slug = slugOf()
  if (slug) params.set('slug', slug)
  if (q) params.set('q', q)
  params.set('page', String(page))
  if (pages > 1) params.set('pages', String(pages))
  return `/event.json?${params}`
}

/** The page as the server rendered it. */
export function initEvents(page: EventPage) {
  $events.set({
    ...$events.get(),
    events: page.events,
    q: page.q,
    page: page.page,
    total: page.total,
    hasMore: page.hasMore,
    neighbourhood: page.neighbourhood,
    initialized: true,
  })
}

/** The reader's own RSVPs (from the page state), on the events shown; one on its way wins. */
export function applyOwnRsvps(mine: Record<string, RsvpStatus>) {
  const state = $events.get()
  $events.setKey(
    'events',
    state.events.map((e) =>
      rsvpFlights.has(e.id) || e.mine === (mine[e.id] ?? null)
        ? e
        : { ...e, mine: mine[e.id] ?? null },
    ),
  )
}

/** Keeps the address in step with the search and page, so a reload shows the same list. */
function syncAddress(q: string) {
  const url = new URL(location.href)
  if (q) url.searchParams.set('q', q)
  else url.searchParams.delete('q')
  url.searchParams.delete('page')
  history.replaceState(null, '', url)
}

let generation = 0

/** Shows the events of an answer that landed (the caller merges them), then follows their RSVPs. */
function showAnswer(
  answer: EventPage,
  shown: Pick<EventsState, 'events' | 'page'> & Partial<EventsState>,
) {
  $events.set({
    ...$events.get(),
    ...shown,
    total: answer.total,
    hasMore: answer.hasMore,
    loading: false,
  })
  watchRsvps()
}

/**
 * Re-reads the list from the first page up to the current one (search, live changes, sign-in),
 * quietly: a re-read in the background must not put 'Loading...' above the list and move it.
 */
export async function reloadEvents(q = $events.get().q) {
  const mine = ++generation
  const state = $events.get()
  const pages = q === state.q ? Math.max(1, state.page) : 1
  try {
    const answer = await pageData<EventPage>(listUrl(q, 1, pages))
    if (mine !== generation) return
    const inFlight = [...rsvpFlights.keys()]
    const shown = $events.get().events
    showAnswer(answer, {
      // An RSVP on its way keeps its optimistic counts until its own answer lands.
      events: keepUnchanged(shown, answer.events).map((e) =>
        inFlight.includes(e.id) ? (shown.find((x) => x.id === e.id) ?? e) : e,
      ),
      q: answer.q,
      page: pages,
    })
  } catch (e) {
    console.warn('Could not load events', e)
    if (mine === generation) $events.setKey('loading', false)
  }
}

export async function searchEvents(q: string) {
  syncAddress(q.trim())
  $events.setKey('loading', true)
  await reloadEvents(q.trim())
}

export async function loadMoreEvents() {
  const state = $events.get()
  $events.setKey('loading', true)
  try {
    const answer = await pageData<EventPage>(listUrl(state.q, state.page + 1))
    const known = new Set($events.get().events.map((e) => e.id))
    showAnswer(answer, {
      events: [...$events.get().events, ...answer.events.filter((e) => !known.has(e.id))],
      page: answer.page,
    })
  } catch (e) {
    console.warn('Could not load more events', e)
    $events.setKey('loading', false)
  }
}

function patchEvent(id: number, patch: Partial<EventView>) {
  $events.setKey(
    'events',
    $events.get().events.map((e) => (e.id === id ? { ...e, ...patch } : e)),
  )
}

/** RSVPs on their way per event; a live count arriving meanwhile waits for the answer. */
const rsvpFlights = new Map<number, number>()

/**
 * SPEC §4 RSVP: the same status removes it, the other replaces it; the counts change at once and
 * then take the server's recount. Signed out: 'You must be logged in'.
 */
export async function rsvp(id: number, status: RsvpStatus) {
  if ($session.get().status !== 'signed-in') {
    toast.error(MESSAGES.mustBeLoggedIn)
    return
  }
  const before = $events.get().events.find((e) => e.id === id)
  if (!before) return
  const next = nextRsvp(before.mine, status)
  const delta = (s: RsvpStatus) => (next === s ? 1 : 0) - (before.mine === s ? 1 : 0)
  patchEvent(id, {
    mine: next,
    attendingCount: Math.max(0, before.attendingCount + delta('attending')),
    interestedCount: Math.max(0, before.interestedCount + delta('interested')),
  })
  rsvpFlights.set(id, (rsvpFlights.get(id) ?? 0) + 1)
  try {
    const answer = await send('events.rsvp', { status }, { id })
    if (rsvpFlights.get(id) === 1) {
      patchEvent(id, {
        mine: answer.status,
        attendingCount: answer.attendingCount,
        interestedCount: answer.interestedCount,
      })
    }
  } catch (e) {
    if (rsvpFlights.get(id) === 1) {
      patchEvent(id, {
        mine: before.mine,
        attendingCount: before.attendingCount,
        interestedCount: before.interestedCount,
      })
    }
    toast.error(e instanceof ApiError && e.status === 401 ? MESSAGES.mustBeLoggedIn : errorText(e))
  } finally {
    const left = (rsvpFlights.get(id) ?? 1) - 1
    if (left > 0) rsvpFlights.set(id, left)
    else {
      rsvpFlights.delete(id)
      // SPEC §4: the counts are then re-read (answers of parallel clicks may cross on the way).
      void reloadEvents()
    }
  }
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : 'Something went wrong.')

/** A live recount from another viewer's RSVP (ignored while our own is on its way). */
export function applyRsvpChanged(data: {
  eventId: number
  attendingCount: number
  interestedCount: number
}) {
  const id = Number(data.eventId)
  if (rsvpFlights.has(id)) return
  patchEvent(id, { attendingCount: data.attendingCount, interestedCount: data.interestedCount })
}

/** One subscription per listed event for its RSVP counts, kept in step with the list. */
const rsvpWatches = new Map<number, () => void>()
/** Channels whose subscription the server confirmed. */
const joined = new Set<string>()
let watching = false

function recomputeLive() {
  const wanted = ['events', ...$events.get().events.map((e) => `event-${e.id}`)]
  $events.setKey('live', wanted.every((c) => joined.has(c)) ? 'subscribed' : 'connecting')
}

function markJoined(channel: string) {
  joined.add(channel)
  recomputeLive()
}

function watchRsvps() {
  if (!watching) return
  const ids = new Set($events.get().events.map((e) => e.id))
  for (const [id, release] of rsvpWatches) {
    if (!ids.has(id)) {
      release()
      rsvpWatches.delete(id)
      joined.delete(`event-${id}`)
    }
  }
  for (const id of ids) {
    if (rsvpWatches.has(id)) continue
    const channel = `event-${id}`
    rsvpWatches.set(
      id,
      subscribeChannel(channel, {
        'pusher:subscription_succeeded': () => markJoined(channel),
        'rsvp.changed': latestCounts(
          (data: Parameters<typeof applyRsvpChanged>[0]) => `event-${data.eventId}`,
          applyRsvpChanged,
        ),
      }),
    )
  }
  recomputeLive()
}

/**
 * Live: any public event created, changed or removed re-reads the list (the list is filtered,
 * sorted and paged on the server); RSVP counts arrive per event. After a reconnect the list is
 * re-read, since missed pushes are not replayed.
 */
export function watchEvents(): () => void {
  watching = true
  const reload = () => void reloadEvents()
  const releaseList = subscribeChannel(
    'events',
    {
      'pusher:subscription_succeeded': () => markJoined('events'),
      'event.created': reload,
      'event.updated': reload,
      'event.deleted': reload,
    },
    reload,
  )
  watchRsvps()
  return () => {
    watching = false
    releaseList()
    for (const release of rsvpWatches.values()) release()
    rsvpWatches.clear()
    joined.clear()
  }
}
