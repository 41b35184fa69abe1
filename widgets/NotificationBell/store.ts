import { map } from 'nanostores'

import { askPageState } from '@widgets/lib/pageState'
import { subscribeChannel } from '@widgets/lib/realtime'
import { toast } from '@widgets/lib/toast'
import {
  fetchNotifications,
  fetchUnreadCount,
  initialBell,
  markAllRead,
  markRead,
  READ_ALL_FAILED,
  READ_FAILED,
  reduce,
  toItem,
  type BellAction,
  type BellItem,
  type BellState,
} from './notifications'

/**
 * The bell's state and actions (SPEC §2): the unread count and the list (changed through the
 * pure `reduce` of notifications.ts), the panel, and the live channel. The header has one bell
 * per page; NotificationBell renders this and calls these.
 */
export interface BellView extends BellState {
  open: boolean
  /** The list could not be read (opening the panel again retries). */
  failed: boolean
  /** The time relative times are counted from (ticks while the panel is open). */
  now: number
  /** What the status region last announced. */
  announcement: string
}

const fresh = (): BellView => ({
  ...initialBell,
  open: false,
  failed: false,
  now: Date.now(),
  announcement: '',
})

export const $bell = map<BellView>(fresh())

/** The reader whose notifications the bell shows (set by watchBell). */
let userId = 0
/** Bumped when the bell unmounts: answers to an unmounted bell's requests are dropped. */
let generation = 0

/** The next view: `reduce` on the count and the list, the rest kept. */
const reduced = (state: BellView, action: BellAction): BellView => ({
  ...state,
  ...reduce({ unread: state.unread, items: state.items }, action),
})

function dispatch(action: BellAction, gen = generation) {
  if (gen === generation) $bell.set(reduced($bell.get(), action))
}

function refreshCount() {
  const gen = generation
  fetchUnreadCount(userId).then(
    (unread) => dispatch({ type: 'count', unread }, gen),
    (e: unknown) => console.warn('[bell] unread count failed', e),
  )
}

function loadList() {
  const gen = generation
  fetchNotifications(userId).then(
    (items) => {
      if (gen !== generation) return
      $bell.set({ ...reduced($bell.get(), { type: 'list', items }), failed: false })
    },
    (e: unknown) => {
      console.warn('[bell] notifications failed', e)
      if (gen === generation) $bell.setKey('failed', true)
    },
  )
}

/**
 * Takes the unread count from the page's state read and keeps it (and the list, once read) live
 * on `private-user-{id}`.
 */
export function watchBell(user: number): () => void {
  userId = user
  const gen = generation
  const read = askPageState().then(
    (state) => {
      if (state.user?.id !== user || state.unread === undefined) return void refreshCount()
      dispatch({ type: 'count', unread: state.unread }, gen)
      return state.at
    },
    (e: unknown) => void console.warn('[bell] unread count failed', e),
  )
  return subscribeChannel(
    `private-user-${user}`,
    {
      'notification.created': (data) => {
        const item = toItem(data)
        dispatch({ type: 'created', item })
        $bell.setKey('announcement', `New notification: ${item.message}`)
      },
      'notification.updated': (data) => {
        const item = toItem(data)
        // Not in the list we hold: only the server knows how the count changed.
        if (!$bell.get().items?.some((n) => n.id === item.id)) refreshCount()
        else dispatch({ type: 'updated', item })
      },
    },
    () => {
      // Pusher does not replay what was sent while the socket was down.
      refreshCount()
      if ($bell.get().items) loadList()
    },
    { dataAsOf: () => read },
  )
}

/** The bell left the page (signed out): a bell shown again starts afresh. */
export function resetBell() {
  generation += 1
  $bell.set(fresh())
}

export function toggleBell() {
  const state = $bell.get()
  if (state.open) return $bell.setKey('open', false)
  $bell.setKey('now', Date.now())
  if (state.items === null || state.failed) loadList()
  $bell.setKey('open', true)
}

export const closeBell = () => $bell.setKey('open', false)

/** Relative times stay true while the panel is open; returns the stop function. */
export function tickBellClock(): () => void {
  const timer = window.setInterval(() => $bell.setKey('now', Date.now()), 15_000)
  return () => window.clearInterval(timer)
}

/** A click on a notification: read at once (rolled back when refused), then its link. */
export async function followNotification(item: BellItem) {
  if (!item.isRead) {
    const gen = generation
    dispatch({ type: 'read', id: item.id, isRead: true })
    try {
      await markRead(item.id)
    } catch (e) {
      console.warn('[bell] mark read failed', e)
      dispatch({ type: 'read', id: item.id, isRead: false }, gen)
      toast.error(READ_FAILED)
      return
    }
  }
  if (item.link) {
    closeBell()
    location.assign(item.link)
  }
}

export async function readAllNotifications() {
  const gen = generation
  const { unread, items } = $bell.get()
  dispatch({ type: 'all-read' })
  try {
    await markAllRead(userId)
  } catch (e) {
    console.warn('[bell] mark all read failed', e)
    dispatch({ type: 'restore', state: { unread, items } }, gen)
    toast.error(READ_ALL_FAILED)
  }
}
