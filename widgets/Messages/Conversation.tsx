import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'

import type { ConversationView } from '@/contracts/messages'
import { MESSAGE_MAX } from '@/rules/privateMessages'
import { formAction, keptValue, type FormState } from '@/views/forms'
import { messageTime } from '@/views/messages'
import { MessageText } from './MessageText'
import { ReportMessage } from './ReportMessage'
import {
  $conversation,
  retryMessage,
  sendMessage,
  startConversation,
  watchConversation,
  type ShownMessage,
} from './store'
import './Messages.css'

interface Props {
  conversation: ConversationView
  me: number
  /** The send form as it came back refused (without JavaScript). */
  form?: FormState
}

/**
 * An open conversation: its messages, 'Seen' under my last message the other member opened, and
 * the box to write. Without JavaScript the box is a form that posts and comes back (PRG); with
 * it, a message shows at once, is marked if it fails, and the other member's arrive live.
 */
export default function Conversation({ conversation, me, form }: Props) {
  const state = useStore($conversation)
  // Until the store holds this conversation (hydration), the page's own view is drawn.
  const started = state.id === conversation.id
  const [text, setText] = useState(keptValue(form, 'text'))

  useEffect(() => {
    startConversation(conversation, me)
    return watchConversation()
  }, [conversation, me])

  const messages: ShownMessage[] = started
    ? state.messages
    : conversation.messages.map((m) => ({ ...m, key: `m${m.id}`, state: 'sent' }))
  const seen = started ? state.seen : conversation.seen

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const message = text.trim()
    if (!message) return
    setText('')
    const sent = await sendMessage(message)
    if (!sent) setText((typed) => typed || message)
  }

  return (
    <div className="conversation">
      <ol className="message-list" aria-label="Messages">
        {messages.map((m, i) => (
          <li
            key={m.key}
            id={i === messages.length - 1 ? 'latest' : undefined}
            className={`message ${m.mine ? 'mine' : 'theirs'} ${m.state}`}
          >
            <p className="message-text">
              <MessageText text={m.text} />
            </p>
            <p className="message-meta">
              <time dateTime={m.at}>{messageTime(m.at)}</time>
              {m.state === 'sending' && <span> · Sending…</span>}
              {m.id === seen && m.state === 'sent' && <span className="seen"> · Seen</span>}
            </p>
            {m.state === 'failed' && (
              <p className="message-failed" role="alert">
                Not sent: {m.error}{' '}
                <button
                  type="button"
                  className="link-button"
                  onClick={() => void retryMessage(m.key)}
                >
                  Try again
                </button>
              </p>
            )}
            {!m.mine && m.sender !== null && m.state === 'sent' && (
              <ReportMessage conversation={conversation.id} message={m.id} />
            )}
          </li>
        ))}
      </ol>
      {conversation.cannotSend ? (
        <p className="cannot-send">{conversation.cannotSend}</p>
      ) : (
        <form
          className="message-form"
          method="post"
          action={formAction('messageSend')}
          onSubmit={(e) => void submit(e)}
        >
          <input type="hidden" name="conversation" value={conversation.id} />
          <label htmlFor="message-text">Message</label>
          {form?.error && (
            <p className="form-error" role="alert" id="message-error">
              {form.error}
            </p>
          )}
          <textarea
            id="message-text"
            name="text"
            rows={3}
            maxLength={MESSAGE_MAX}
            required
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-describedby={form?.error ? 'message-error' : undefined}
          />
          <button type="submit" className="button">
            Send
          </button>
        </form>
      )}
    </div>
  )
}
