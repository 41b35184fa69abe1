import { PRIVATE_MESSAGE_TEXT as TEXT } from '@/rules/privateMessages'
import { MODERATION_TEXT } from '@/rules/moderation'
import { messageReportSchema } from '@/schemas/report'
import {
  blockSchema,
  conversationListSchema,
  conversationParams,
  conversationReadSchema,
  messageSettingsSchema,
  messageParams,
  sendMessageSchema,
  startConversationSchema,
} from '@/schemas/privateMessage'
import { z } from '@/schemas/zod'
import { defineContract } from './contract'

const member = z.object({
  id: z.number().int(),
  userName: z.string().nullable(),
  name: z.string().nullable(),
})

const message = z.object({
  id: z.number().int(),
  /** null once the sender's account is deleted. */
  sender: z.number().int().nullable(),
  mine: z.boolean(),
  text: z.string(),
  at: z.string(),
})

const reviewAbout = z.object({
  kind: z.literal('review'),
  id: z.number().int(),
  /** What the first screen shows of it (null when it is gone). */
  excerpt: z.string().nullable(),
  href: z.string().nullable(),
})

const itemAbout = z.object({
  kind: z.literal('market-item'),
  id: z.number().int(),
  /** The item as it is now, shown to both members (null when it is hidden or deleted). */
  item: z.object({ title: z.string(), price: z.string(), statusLabel: z.string() }).nullable(),
  href: z.string().nullable(),
})

/** What a conversation began from: one of the recipient's reviews or market items. */
const about = z.discriminatedUnion('kind', [reviewAbout, itemAbout])

const conversation = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  /** The other member (null: their account is deleted). */
  other: member.nullable(),
  about: about.nullable(),
  closed: z.boolean(),
  /** Why the reader cannot send here (blocked, closed), or null. */
  cannotSend: z.string().nullable(),
  /** Whether the reader blocked the other member. */
  blocking: z.boolean(),
})

const conversationSummary = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  other: member.nullable(),
  last: z.object({ text: z.string(), at: z.string(), mine: z.boolean() }).nullable(),
  unread: z.boolean(),
})

const MESSAGE_REFUSALS = { 403: TEXT.notTaking, 404: TEXT.notFound, 409: TEXT.closed } as const

/** Starts a conversation with its first message (or adds it to the one the pair already has). */
export const conversationStart = defineContract({
  method: 'POST',
  path: '/api/conversations/start',
  summary: 'Start a conversation with a member',
  tag: 'messages',
  caller: 'member',
  signIn: TEXT.signIn,
  input: startConversationSchema,
  output: z.object({ id: z.number().int(), created: z.boolean(), message }),
  refusals: { 403: TEXT.notTaking, 404: TEXT.unknownMember, 422: TEXT.yourself },
  cache: 'private',
})

/** Sends a message in one of the reader's conversations. */
export const messageSend = defineContract({
  method: 'POST',
  path: '/api/conversations/{id}/messages',
  summary: 'Send a message',
  tag: 'messages',
  caller: 'member',
  signIn: TEXT.signIn,
  params: conversationParams,
  input: sendMessageSchema,
  output: message,
  refusals: MESSAGE_REFUSALS,
  cache: 'private',
})

/** The reader's conversations, newest first, those with unread messages marked. */
export const conversationList = defineContract({
  method: 'GET',
  path: '/api/conversations/mine',
  summary: "The reader's conversations",
  tag: 'messages',
  caller: 'signed-in',
  signIn: TEXT.signIn,
  input: conversationListSchema,
  output: z.object({
    docs: z.array(conversationSummary),
    page: z.number().int(),
    hasNextPage: z.boolean(),
    /** Conversations with messages the reader has not opened. */
    unread: z.number().int(),
  }),
  cache: 'private',
})

/** One conversation: the newest 50 messages, or the 50 before `before`, oldest first. */
export const conversationRead = defineContract({
  method: 'GET',
  path: '/api/conversations/{id}/messages',
  summary: 'A conversation and its messages',
  tag: 'messages',
  caller: 'signed-in',
  signIn: TEXT.signIn,
  params: conversationParams,
  input: conversationReadSchema,
  output: conversation.extend({
    messages: z.array(message),
    /** The `before` of the earlier page, or null at the first message. */
    earlier: z.number().int().nullable(),
    /** The reader's last message the other member has opened. */
    seen: z.number().int().nullable(),
  }),
  refusals: { 404: TEXT.notFound },
  cache: 'private',
})

/** Marks the conversation opened by the reader up to now ('Seen' for the other member). */
export const conversationSeen = defineContract({
  method: 'POST',
  path: '/api/conversations/{id}/seen',
  summary: 'Mark a conversation as read',
  tag: 'messages',
  caller: 'signed-in',
  signIn: TEXT.signIn,
  params: conversationParams,
  input: z.object({}),
  output: z.object({ id: z.number().int(), seenAt: z.string() }),
  refusals: { 404: TEXT.notFound },
  cache: 'private',
})

/** Blocks or unblocks a member; the blocked member is not told. */
export const memberBlock = defineContract({
  method: 'POST',
  path: '/api/blocks/set',
  summary: 'Block or unblock a member',
  tag: 'messages',
  caller: 'signed-in',
  signIn: TEXT.signIn,
  input: blockSchema,
  output: z.object({ user: z.number().int(), blocked: z.boolean() }),
  refusals: { 404: TEXT.unknownMember, 422: TEXT.yourself },
  cache: 'private',
})

/** The members the reader blocked (Settings → Messages). */
export const blockedList = defineContract({
  method: 'GET',
  path: '/api/blocks/mine',
  summary: 'The members the reader blocked',
  tag: 'messages',
  caller: 'signed-in',
  signIn: TEXT.signIn,
  input: z.object({}),
  output: z.object({ docs: z.array(member) }),
  cache: 'private',
})

/**
 * Reports a message the other member sent into the moderation queue, with the five before it as
 * context: the only way staff ever read a message.
 */
export const messageReport = defineContract({
  method: 'POST',
  path: '/api/conversations/{id}/messages/{message}/report',
  summary: 'Report a message to the moderators',
  tag: 'messages',
  caller: 'signed-in',
  signIn: TEXT.signIn,
  params: messageParams,
  input: messageReportSchema,
  output: z.object({ message: z.string() }),
  refusals: { 403: MODERATION_TEXT.own, 404: TEXT.notFound, 409: MODERATION_TEXT.already },
  cache: 'private',
})

/** Settings → Messages: who may start a conversation with the member. */
export const messageSettings = defineContract({
  method: 'POST',
  path: '/api/users/me/messages',
  summary: 'Choose who may start a conversation with you',
  tag: 'messages',
  caller: 'signed-in',
  signIn: TEXT.signIn,
  input: messageSettingsSchema,
  output: messageSettingsSchema,
  cache: 'private',
})

/** What the pages and the island show, as the commands answer it. */
export type ConversationList = z.output<typeof conversationList.output>
export type ConversationView = z.output<typeof conversationRead.output>
export type MessageView = ConversationView['messages'][number]
