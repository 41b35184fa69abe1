import { NOTIFICATION_LIST_LIMIT } from '@/views/site'
import { changeDocument, changeDocuments, listDocuments } from '@widgets/lib/client'

/** One notification as the bell shows it (collections/Notifications). */
export interface BellItem {
  id: number
  type: string
  message: string
  link: string | null
  isRead: boolean
  createdAt: string
}

/**
 * What the bell knows: the unread count (null until read) and the newest items (null until the
 * panel first opens). Live events and clicks change both through `reduce`.
 */
export interface BellState {
  unread: number | null
  items: BellItem[] | null
}

export type BellAction =
  | { type: 'count'; unread: number }
  | { type: 'list'; items: BellItem[] }
  | { type: 'created'; item: BellItem }
  | { type: 'updated'; item: BellItem }
  | { type: 'read'; id: number; isRead: boolean }
  | { type: 'all-read' }
  | { type: 'restore'; state: BellState }

export const READ_FAILED = 'Could not mark the notification as read.'
export const READ_ALL_FAILED = 'Could not mark the notifications as read.'

/** The bell button's accessible name. */
export function bellLabel(unread: number | null): string {
  return unread ? `Notifications, ${unread} unread` : 'Notifications'
}

export const initialBell: BellState = { unread: null, items: null }

const unreadOf = (item: { isRead: boolean } | undefined) => (item && !item.isRead ? 1 : 0)
const adjust = (unread: number | null, delta: number) =>
  unread === null ? null : Math.max(0, unread + delta)

/** Pure state changes of the bell (unit-tested in tests/unit/notificationBell.test.ts). */
export function reduce(state: BellState, action: BellAction): BellState {
  switch (action.type) {
    case 'count':
      return { ...state, unread: action.unread }
    case 'list':
      return { ...state, items: action.items }
    case 'created': {
      const known = state.items?.find((n) => n.id === action.item.id)
      if (known) return reduce(state, { type: 'updated', item: action.item })
      return {
        unread: adjust(state.unread, unreadOf(action.item)),
        items: state.items
          ? [action.item, ...state.items].slice(0, NOTIFICATION_LIST_LIMIT)
          : state.items,
      }
    }
    case 'updated': {
      const old = state.items?.find((n) => n.id === action.item.id)
      if (!old) return state
      return {
        unread: adjust(state.unread, unreadOf(action.item) - unreadOf(old)),
        items: state.items!.map((n) => (n.id === action.item.id ? { ...n, ...action.item } : n)),
      }
    }
    case 'read': {
      const old = state.items?.find((n) => n.id === action.id)
      if (!old || old.isRead === action.isRead) return state
      return reduce(state, { type: 'updated', item: { ...old, isRead: action.isRead } })
    }
    case 'all-read':
      return {
        unread: 0,
        items: state.items?.map((n) => (n.isRead ? n : { ...n, isRead: true })) ?? null,
      }
    case 'restore':
      return action.state
  }
}

/** A pushed or listed notification, trimmed to what the bell shows. */
export function toItem(data: unknown): BellItem {
  const d = data as Partial<BellItem>
  return {
    id: Number(d.id),
    type: String(d.type ?? ''),
    message: String(d.message ?? ''),
    link: d.link || null,
    isRead: Boolean(d.isRead),
    createdAt: String(d.createdAt ?? new Date().toISOString()),
  }
}

// Admins may read everyone's notifications, so every query names the user.
const mine = (userId: number, unread = false) => ({
  user: { equals: userId },
  ...(unread ? { isRead: { equals: false } } : {}),
})

export async function fetchUnreadCount(userId: number): Promise<number> {
  const res = await listDocuments('notifications', {
    where: mine(userId, true),
    depth: 0,
    limit: 1,
  })
  return res.totalDocs
}

export async function fetchNotifications(userId: number): Promise<BellItem[]> {
  const res = await listDocuments('notifications', {
    where: mine(userId),
    depth: 0,
    sort: '-createdAt',
    limit: NOTIFICATION_LIST_LIMIT,
  })
  return res.docs.map(toItem)
}

export function markRead(id: number): Promise<unknown> {
  // keepalive: the request survives the navigation that follows a click.
  return changeDocument('notifications', id, { isRead: true }, { depth: 0 }, { keepalive: true })
}

export function markAllRead(userId: number): Promise<unknown> {
  return changeDocuments('notifications', { where: mine(userId, true), depth: 0 }, { isRead: true })
}
