import { useStore } from '@nanostores/react'
import { useEffect } from 'react'

import type { ConversationList as List } from '@/contracts/messages'
import { conversationTitle, isRemoved, messageTime } from '@/views/messages'
import { $conversationList, watchConversationList } from './store'

interface Props {
  list: List
  me: number
}

/** How much of the last message a row shows. */
const LAST_CHARS = 120

/**
 * The member's conversations (/messages), newest first, unread marked. Rendered by the page as
 * plain links; with JavaScript it follows the member's private channel, so a message that arrives
 * moves its conversation to the top, marked unread, without a reload.
 */
export default function ConversationList({ list, me }: Props) {
  const live = useStore($conversationList)
  useEffect(() => watchConversationList(list, me), [list, me])
  const shown = live ?? list
  return (
    <div className="conversation-list-live">
      <p className="muted" role="status">
        {shown.unread === 0 ? 'Nothing unread.' : `${shown.unread} unread.`}
      </p>
      {shown.docs.length === 0 ? (
        <p className="empty">
          No conversations yet. Start one from a member&apos;s profile, or ask a reviewer about
          their neighbourhood.
        </p>
      ) : (
        <ul className="inbox-list">
          {shown.docs.map((c) => (
            <li key={c.id} className={c.unread ? 'unread' : undefined}>
              <a href={`/messages/${c.id}#latest`} className="inbox-row">
                <strong>{conversationTitle(c)}</strong>
                {c.unread && <span className="unread-mark">Unread</span>}
                {c.last && (
                  <span className="inbox-excerpt">
                    {c.last.mine ? 'You: ' : ''}
                    {isRemoved(c.last.text) ? c.last.text : c.last.text.slice(0, LAST_CHARS)}
                  </span>
                )}
              </a>
              {c.last && <time dateTime={c.last.at}>{messageTime(c.last.at)}</time>}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
