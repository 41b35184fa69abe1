import { atom } from 'nanostores'

import type { ConversationList, ConversationView, MessageView } from '@/contracts/messages'
import { PRIVATE_MESSAGE_TEXT as TEXT } from '@/rules/privateMessages'
import { ApiError } from '@widgets/lib/api'
import { send } from '@widgets/lib/client'
import { subscribeChannel } from '@widgets/lib/realtime'

/** A message as the open conversation shows it: sent, on its way, or not sent. */
export interface ShownMessage extends MessageView {
  /** Stable across the send: a message on its way has no id yet. */
  key: string
  state: 'sent' | 'sending' | 'failed'
  /** Why it was not sent. */
  error?: string
}

export interface ConversationState {
  id: number
  me: number
  messages: ShownMessage[]
  /** My last message the other member has opened. */
  seen: number | null
}

export const $conversation = atom<ConversationState>({ id: 0, me: 0, messages: [], seen: null })

const shown = (m: MessageView): ShownMessage => ({ ...m, key: `m${m.id}`, state: 'sent' })

/** The island starts from what the page rendered. */
export function startConversation(view: ConversationView, me: number): void {
  $conversation.set({ id: view.id, me, messages: view.messages.map(shown), seen: view.seen })
}

const update = (change: (state: ConversationState) => ConversationState) =>
  $conversation.set(change($conversation.get()))

/** Adds a message that arrived (live, or as a send's answer) unless it is already shown. */
function arrived(message: MessageView, replacing?: string): void {
  update((state) => {
    const others = state.messages.filter((m) => m.key !== replacing)
    if (others.some((m) => m.id === message.id && m.state === 'sent'))
      return { ...state, messages: others }
    return { ...state, messages: [...others, shown(message)] }
  })
}

let serial = 0

/**
 * Sends a message: shown at once as on its way, then as sent, or marked 'Not sent' with the
 * server's reason (the text stays, to try again).
 */
export async function sendMessage(text: string): Promise<boolean> {
  const { id, me } = $conversation.get()
  const key = `pending${++serial}`
  const pending: ShownMessage = {
    id: 0,
    sender: me,
    mine: true,
    text,
    at: new Date().toISOString(),
    key,
    state: 'sending',
  }
  update((state) => ({ ...state, messages: [...state.messages, pending] }))
  try {
    arrived(await send('messages.send', { text }, { id }), key)
    return true
  } catch (error) {
    const reason = error instanceof ApiError ? error.message : TEXT.failed
    update((state) => ({
      ...state,
      messages: state.messages.map((m) =>
        m.key === key ? { ...m, state: 'failed', error: reason } : m,
      ),
    }))
    return false
  }
}

/** Sends a message that was not sent again, in its place at the end. */
export async function retryMessage(key: string): Promise<void> {
  const message = $conversation.get().messages.find((m) => m.key === key)
  if (!message) return
  update((state) => ({ ...state, messages: state.messages.filter((m) => m.key !== key) }))
  await sendMessage(message.text)
}

/** 'Seen' moves to my last message sent at or before the other member opened the conversation. */
function seenAt(at: string): void {
  const time = Date.parse(at)
  update((state) => {
    const last = state.messages.findLast(
      (m) => m.mine && m.state === 'sent' && Date.parse(m.at) <= time,
    )
    return { ...state, seen: last?.id ?? state.seen }
  })
}

const markSeen = (id: number) => {
  if (document.visibilityState === 'visible') void send('messages.seen', {}, { id }).catch(() => {})
}

/** What a re-read brings: messages sent while the connection was down, and 'Seen'. */
async function reread(id: number): Promise<void> {
  try {
    const view = await send('messages.read', {}, { id })
    for (const message of view.messages) arrived(message)
    update((state) => ({ ...state, seen: view.seen }))
  } catch {
    // The next live message or visit brings it.
  }
}

interface LiveMessage extends MessageView {
  conversation: number
}

/**
 * Follows the member's private channel: the other member's messages arrive (and are marked
 * seen while the page is in view), and 'Seen' moves when they open the conversation.
 */
export function watchConversation(): () => void {
  const { id, me } = $conversation.get()
  markSeen(id)
  const onVisible = () => markSeen(id)
  document.addEventListener('visibilitychange', onVisible)
  const stop = subscribeChannel(
    `private-user-${me}`,
    {
      'message.created': (data: unknown) => {
        const message = data as LiveMessage
        if (message.conversation !== id) return
        arrived({ ...message, mine: message.sender === me })
        if (message.sender !== me) markSeen(id)
      },
      'conversation.seen': (data: unknown) => {
        const seen = data as { conversation: number; seenAt: string }
        if (seen.conversation === id) seenAt(seen.seenAt)
      },
    },
    () => void reread(id),
  )
  return () => {
    document.removeEventListener('visibilitychange', onVisible)
    stop()
  }
}

/** The conversation list (/messages) as shown: one page, newest first. */
export const $conversationList = atom<ConversationList | null>(null)

/** Reads the shown page again: order, unread marks and last messages are the server's. */
async function rereadList(): Promise<void> {
  const shown = $conversationList.get()
  if (!shown) return
  try {
    $conversationList.set(await send('messages.list', shown.page > 1 ? { page: shown.page } : {}))
  } catch {
    // The next message or visit brings it.
  }
}

/**
 * The list starts from the page's own data and follows the member's private channel: a message
 * in any of their conversations (sent or received, here or in another tab) re-reads the page.
 */
export function watchConversationList(list: ConversationList, me: number): () => void {
  $conversationList.set(list)
  return subscribeChannel(
    `private-user-${me}`,
    { 'message.created': () => void rereadList() },
    () => void rereadList(),
  )
}
