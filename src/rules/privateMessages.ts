/**
 * Private messages between two members: what the product promises, as plain rules and words that
 * the commands, the forms and the islands share.
 */

/** A message is text of 1 to 2,000 characters. */
export const MESSAGE_MAX = 2000

/** Newest messages a conversation opens with; 'Earlier messages' pages back by as many. */
export const MESSAGES_PER_PAGE = 50

/** Conversations per page of /messages. */
export const CONVERSATIONS_PER_PAGE = 20

/** Who may start a conversation with a member (Settings → Messages). */
export const MESSAGE_FROM = ['anyone', 'about', 'nobody'] as const
export type MessageFrom = (typeof MESSAGE_FROM)[number]

export const MESSAGE_FROM_LABELS: Record<MessageFrom, string> = {
  anyone: 'Any signed-in member',
  about: 'Only about my reviews and items',
  nobody: 'Nobody',
}

/** What a conversation can be about: one of the recipient's reviews or market items. */
export const ABOUT_KINDS = ['review', 'market-item'] as const
export type AboutKind = (typeof ABOUT_KINDS)[number]

/** The text a deleted account's messages are replaced with. */
export const REMOVED_MESSAGE = 'Message removed'

export const PRIVATE_MESSAGE_TEXT = {
  signIn: 'Sign in to send messages.',
  empty: 'Write a message.',
  tooLong: `A message can be at most ${MESSAGE_MAX.toLocaleString('en-GB')} characters.`,
  unknownMember: 'Member not found.',
  notFound: 'Conversation not found.',
  unknownAbout: 'That review is not there any more.',
  notAboutTheirs: 'That review is not by the member you are writing to.',
  unknownItem: 'That item is not listed any more.',
  notTheirItem: 'That item is not listed by the member you are writing to.',
  yourself: "You can't send messages to yourself.",
  notTaking: 'This member is not taking messages.',
  onlyAbout: 'This member takes messages only about their reviews and items.',
  youBlocked: 'You blocked this member. Unblock them in Settings → Messages to write again.',
  suspended: "This member can't receive messages at the moment.",
  closed: 'This conversation is closed: the other member has left Belong.',
  failed: 'Your message was not sent. Try again.',
  sent: 'Message sent.',
  blocked: 'Blocked. They are not told, and neither of you can send messages now.',
  unblocked: 'Unblocked.',
  reported: 'Thank you: the message was reported to the moderators.',
  startLimit: (max: number, retryAfter: number) =>
    `You can start at most ${max} conversations a day. Try again in ${retryAfter} seconds.`,
  sendLimit: (max: number, retryAfter: number) =>
    `You can send at most ${max} messages a minute. Try again in ${retryAfter} seconds.`,
}

/** Who may start a conversation with a recipient, given their choice and what it is about. */
export function mayStart(
  choice: MessageFrom | null | undefined,
  aboutTheirs: boolean,
): string | null {
  const from = choice ?? 'anyone'
  if (from === 'nobody') return PRIVATE_MESSAGE_TEXT.notTaking
  if (from === 'about' && !aboutTheirs) return PRIVATE_MESSAGE_TEXT.onlyAbout
  return null
}

/** One conversation per pair of members and thing it is about: the key its unique index holds. */
export function pairKey(a: number, b: number, about?: { kind: string; id: number } | null): string {
  const [low, high] = a < b ? [a, b] : [b, a]
  return `${low}-${high}${about ? `-${about.kind}-${about.id}` : ''}`
}

/** A link's parts in a message: text and URLs, so a page and an island draw the same links. */
export type MessagePart = { text: string } | { href: string }

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/gi

/** Splits message text into plain text and links (http and https only; no previews). */
export function messageParts(text: string): MessagePart[] {
  const parts: MessagePart[] = []
  let last = 0
  for (const match of text.matchAll(URL_PATTERN)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index) })
    parts.push({ href: match[0] })
    last = match.index + match[0].length
  }
  if (last < text.length) parts.push({ text: text.slice(last) })
  return parts
}

/** The rel every link in a message carries. */
export const MESSAGE_LINK_REL = 'nofollow ugc noopener'
