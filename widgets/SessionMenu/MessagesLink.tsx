import { useEffect, useState } from 'react'

import { send } from '@widgets/lib/client'
import { Icon } from '@widgets/lib/Icon'
import { askPageState } from '@widgets/lib/pageState'
import { subscribeChannel } from '@widgets/lib/realtime'

/** 'Messages, 2 unread' (conversations with messages the member has not opened). */
export const messagesLabel = (unread: number) =>
  unread ? `Messages, ${unread} unread` : 'Messages'

/**
 * The header's way to /messages with the count of unread conversations: the count comes with
 * the page's one state request, and is read again when a message arrives on the member's
 * private channel.
 */
export function MessagesLink({ userId }: { userId: number }) {
  const [unread, setUnread] = useState(0)

  useEffect(() => {
    let live = true
    void askPageState().then(
      (state) => live && state.user?.id === userId && setUnread(state.messages ?? 0),
      () => {},
    )
    const recount = () =>
      void send('messages.list', {}).then(
        (list) => live && setUnread(list.unread),
        () => {},
      )
    const stop = subscribeChannel(`private-user-${userId}`, {
      'message.created': (data: unknown) => {
        if ((data as { sender?: number }).sender !== userId) recount()
      },
      'conversation.seen': recount,
    })
    return () => {
      live = false
      stop()
    }
  }, [userId])

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
