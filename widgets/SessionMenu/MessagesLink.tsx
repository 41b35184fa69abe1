import { useStore } from '@nanostores/react'
import { useEffect } from 'react'

import { Icon } from '@widgets/lib/Icon'
import { $unreadConversations, watchUnread } from './store'

/** 'Messages, 2 unread' (conversations with messages the member has not opened). */
export const messagesLabel = (unread: number) =>
  unread ? `Messages, ${unread} unread` : 'Messages'

/** The header's way to /messages with the count of unread conversations (./store.ts). */
export function MessagesLink({ userId }: { userId: number }) {
  const unread = useStore($unreadConversations)
  useEffect(() => watchUnread(userId), [userId])

  return (
    <a
      className="header-icon-button messages-link"
      href="/messages"
      aria-label={messagesLabel(unread)}
    >
      <Icon name="message-circle" size={22} />
      {unread > 0 && (
        <span className="count-badge" aria-hidden="true" data-testid="messages-count">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </a>
  )
}
