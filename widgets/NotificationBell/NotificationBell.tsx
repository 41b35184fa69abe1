import { useStore } from '@nanostores/react'
import { useEffect, useId, useRef } from 'react'

import { relativeTime } from '@/views/relativeTime'
import { useDismiss } from '@widgets/SessionMenu/useDismiss'
import { bellLabel, type BellItem } from './notifications'
import {
  $bell,
  closeBell,
  followNotification,
  readAllNotifications,
  resetBell,
  tickBellClock,
  toggleBell,
  watchBell,
} from './store'
import './NotificationBell.css'

export function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M12 3a6 6 0 0 0-6 6v3.6L4.3 15.4A1 1 0 0 0 5.2 17h13.6a1 1 0 0 0 .9-1.6L18 12.6V9a6 6 0 0 0-6-6Zm-2.5 15.5a2.5 2.5 0 0 0 5 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}

/**
 * The bell of SPEC §2: unread count, the newest notifications in a panel (a sheet on phones),
 * read on click (optimistic, rolled back when refused), new ones live on `private-user-{id}`.
 */
export default function NotificationBell({ userId }: { userId: number }) {
  const state = useStore($bell)
  const { open, failed, now, announcement } = state
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const panelId = useId()
  const headingId = useId()

  // A bell shown again (signed out, then in) starts afresh, as its own state once did.
  useEffect(() => () => resetBell(), [])
  useEffect(() => watchBell(userId), [userId])

  // Relative times stay true while the panel is open.
  useEffect(() => {
    if (!open) return
    heading.current?.focus()
    return tickBellClock()
  }, [open])

  useDismiss(open, closeBell, root, button)

  const unread = state.unread ?? 0
  return (
    <div className="bell" ref={root}>
      <button
        ref={button}
        type="button"
        className="header-icon-button bell-button"
        aria-label={bellLabel(state.unread)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={toggleBell}
      >
        <BellIcon />
        {unread > 0 && (
          <span className="count-badge" aria-hidden="true" data-testid="bell-count">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      <span className="sr-only" role="status">
        {announcement}
      </span>
      {open && (
        <div id={panelId} className="bell-panel" role="dialog" aria-labelledby={headingId}>
          <div className="bell-panel-head">
            <h2 id={headingId} ref={heading} tabIndex={-1}>
              Notifications
            </h2>
            {unread > 0 && state.items && (
              <button type="button" className="text-button" onClick={readAllNotifications}>
                Mark all as read
              </button>
            )}
            <button
              type="button"
              className="header-icon-button bell-close"
              aria-label="Close notifications"
              onClick={() => {
                closeBell()
                button.current?.focus()
              }}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
          {state.items === null && !failed && <p className="bell-note">Loading...</p>}
          {failed && state.items === null && (
            <p className="bell-note">Notifications could not be loaded right now.</p>
          )}
          {state.items?.length === 0 && <p className="bell-note">No notifications</p>}
          {state.items && state.items.length > 0 && (
            <ul className="bell-list">
              {state.items.map((item) => (
                <li key={item.id}>
                  <BellEntry item={item} now={now} onFollow={followNotification} />
                </li>
              ))}
            </ul>
          )}
          {state.items !== null && (
            <p className="bell-all">
              <a href="/notifications">All notifications</a>
            </p>
          )}
        </div>
      )}
    </div>
  )
}

function BellEntry({
  item,
  now,
  onFollow,
}: {
  item: BellItem
  now: number
  onFollow: (item: BellItem) => void
}) {
  const body = (
    <>
      <span className="bell-dot" aria-hidden="true" />
      <span className="bell-text">
        {!item.isRead && <span className="sr-only">Unread: </span>}
        <span className="bell-message">{item.message}</span>
        <time className="bell-time" dateTime={item.createdAt}>
          {relativeTime(item.createdAt, new Date(now))}
        </time>
      </span>
    </>
  )
  const className = `bell-item${item.isRead ? '' : ' unread'}`
  if (!item.link) {
    return (
      <button type="button" className={className} onClick={() => onFollow(item)}>
        {body}
      </button>
    )
  }
  return (
    <a
      className={className}
      href={item.link}
      onClick={(event) => {
        // New-tab and modified clicks keep the browser's own behaviour.
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return
        event.preventDefault()
        onFollow(item)
      }}
    >
      {body}
    </a>
  )
}
