import { describe, expect, it } from 'vitest'

import { needsProfileSetup, signInHref } from '@/views/site'
import {
  bellLabel,
  initialBell,
  reduce,
  toItem,
  type BellItem,
  type BellState,
} from '@widgets/NotificationBell/notifications'

const item = (id: number, isRead = false): BellItem => ({
  id,
  type: 'comment',
  message: `Note ${id}`,
  link: `/discussions/${id}`,
  isRead,
  createdAt: new Date(2026, 0, id).toISOString(),
})
const loaded: BellState = { unread: 2, items: [item(3), item(2), item(1, true)] }

describe('the bell state', () => {
  it('counts a live notification and puts it first when the list is open', () => {
    expect(reduce(loaded, { type: 'created', item: item(4) })).toEqual({
      unread: 3,
      items: [item(4), item(3), item(2), item(1, true)],
    })
    expect(reduce({ unread: 0, items: null }, { type: 'created', item: item(4) })).toEqual({
      unread: 1,
      items: null,
    })
  })

  it('does not count the same notification twice', () => {
    const once = reduce(loaded, { type: 'created', item: item(4) })
    expect(reduce(once, { type: 'created', item: item(4) })).toEqual(once)
  })

  it('marks one read at once and rolls it back', () => {
    const read = reduce(loaded, { type: 'read', id: 3, isRead: true })
    expect(read.unread).toBe(1)
    expect(read.items![0]!.isRead).toBe(true)
    expect(reduce(read, { type: 'read', id: 3, isRead: true })).toBe(read)
    expect(reduce(read, { type: 'read', id: 3, isRead: false })).toEqual(loaded)
  })

  it('applies a read state pushed from another tab once, however often it arrives', () => {
    const pushed = reduce(loaded, { type: 'updated', item: item(2, true) })
    expect(pushed.unread).toBe(1)
    expect(reduce(pushed, { type: 'updated', item: item(2, true) })).toEqual(pushed)
  })

  it('marks everything read and restores it', () => {
    const all = reduce(loaded, { type: 'all-read' })
    expect(all.unread).toBe(0)
    expect(all.items!.every((n) => n.isRead)).toBe(true)
    expect(reduce(all, { type: 'restore', state: loaded })).toBe(loaded)
  })

  it('keeps the count unknown until the server tells it', () => {
    expect(reduce(initialBell, { type: 'created', item: item(1) }).unread).toBeNull()
    expect(reduce(initialBell, { type: 'count', unread: 5 }).unread).toBe(5)
  })

  it('reads a pushed payload and names the button for screen readers', () => {
    expect(toItem({ id: '7', message: 'Hi', link: '', isRead: false, createdAt: 'x' })).toEqual({
      id: 7,
      type: '',
      message: 'Hi',
      link: null,
      isRead: false,
      createdAt: 'x',
    })
    expect(bellLabel(3)).toBe('Notifications, 3 unread')
    expect(bellLabel(0)).toBe('Notifications')
  })
})

describe('the session end of the header', () => {
  it('sends users without a user name to /register, except on the way there', () => {
    expect(needsProfileSetup(null, '/neighbourhoods')).toBe(true)
    expect(needsProfileSetup('', '/')).toBe(true)
    expect(needsProfileSetup('priya', '/')).toBe(false)
    for (const path of ['/register', '/login', '/reset-password', '/auth/callback', '/register/'])
      expect(needsProfileSetup(null, path)).toBe(false)
  })

  it('keeps the reader’s place in the Sign In link', () => {
    expect(signInHref('/')).toBe('/login')
    expect(signInHref('/login')).toBe('/login')
    expect(signInHref('/neighbourhood/brixton', '?sort=highest')).toBe(
      '/login?next=%2Fneighbourhood%2Fbrixton%3Fsort%3Dhighest',
    )
  })
})
