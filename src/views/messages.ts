import type { ConversationView } from '@/contracts/messages'
import { REMOVED_MESSAGE } from '@/rules/privateMessages'

/** A member as messages name them: their name, else their user name, else a deleted member. */
export const memberName = (member: ConversationView['other']) =>
  member ? member.name || member.userName || 'A member' : 'A deleted member'

/** The heading of a conversation: what it is about, else who it is with. */
export const conversationTitle = (conversation: Pick<ConversationView, 'title' | 'other'>) =>
  conversation.title
    ? `${conversation.title} · ${memberName(conversation.other)}`
    : memberName(conversation.other)

const TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
})

/** When a message was sent, the same on the server and in the browser (London time). */
export const messageTime = (at: string) => TIME.format(new Date(at))

/** Whether a message's text was removed with its sender's account. */
export const isRemoved = (text: string) => text === REMOVED_MESSAGE
