import { atom } from 'nanostores'

import { send } from '@widgets/lib/client'
import { askPageState } from '@widgets/lib/pageState'
import { subscribeChannel } from '@widgets/lib/realtime'

/** How many conversations have messages the member has not opened (the header's count). */
export const $unreadConversations = atom(0)

/**
 * The count comes with the page's one state request, and is read again when a message arrives
 * on the member's private channel or they open a conversation (here or in another tab). Returns
 * the function that stops following it.
 */
export function watchUnread(userId: number): () => void {
  let live = true
  const set = (unread: number) => live && $unreadConversations.set(unread)
  void askPageState().then(
    (state) => state.user?.id === userId && set(state.messages ?? 0),
    () => {},
  )
  const recount = () =>
    void send('messages.list', {}).then(
      (list) => set(list.unread),
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
}
