import {
  ABOUT_KINDS,
  MESSAGE_FROM,
  MESSAGE_MAX,
  PRIVATE_MESSAGE_TEXT,
} from '@/rules/privateMessages'
import { requiredText } from './common'
import { z } from './zod'

const MAX_ID = 2 ** 31 - 1

/** An id in a path, a query or a form: a positive whole number. */
export const idOf = (message: string) =>
  z.coerce.number({ message }).int({ message }).positive({ message }).max(MAX_ID, { message })

/** A message's text: 1–2,000 characters after trimming. */
export const messageText = requiredText(
  PRIVATE_MESSAGE_TEXT.empty,
  MESSAGE_MAX,
  PRIVATE_MESSAGE_TEXT.tooLong,
)

export const sendMessageSchema = z.object({ text: messageText })

/** Starting a conversation: with whom, the first message, and optionally what it is about. */
export const startConversationSchema = z.object({
  to: idOf(PRIVATE_MESSAGE_TEXT.unknownMember),
  text: messageText,
  aboutKind: z.enum(ABOUT_KINDS, { message: PRIVATE_MESSAGE_TEXT.unknownAbout }).optional(),
  aboutId: idOf(PRIVATE_MESSAGE_TEXT.unknownAbout).optional(),
})

export const conversationParams = z.object({ id: idOf(PRIVATE_MESSAGE_TEXT.notFound) })

export const messageParams = conversationParams.extend({
  message: idOf(PRIVATE_MESSAGE_TEXT.notFound),
})

/** A page of the list (1-based). */
export const conversationListSchema = z.object({
  page: z.coerce.number().int().positive().max(10_000).optional(),
})

/** A page of a conversation: the messages before this message id (none: the newest). */
export const conversationReadSchema = z.object({
  before: idOf('Unknown message.').optional(),
})

/** Settings → Messages: who may start a conversation with the member. */
export const messageSettingsSchema = z.object({
  from: z.enum(MESSAGE_FROM, { message: 'Choose who may write to you.' }),
})

export const blockSchema = z.object({
  user: idOf(PRIVATE_MESSAGE_TEXT.unknownMember),
  blocked: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]),
})
