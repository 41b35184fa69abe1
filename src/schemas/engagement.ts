import { z } from './zod'

import { MENTION_LIMIT_MESSAGE, withinMentionLimit } from '@/rules/mentions'
import {
  COMMENT_TARGET_KINDS,
  EMOJI,
  REACTION_TARGET_KINDS,
  REACTION_TARGETS,
  type EmojiName,
} from '@/rules/targets'

const id = z.coerce.number().int().positive()

export const reactionToggleSchema = z
  .object({
    targetKind: z.enum(REACTION_TARGET_KINDS as [string, ...string[]], {
      message: 'Unknown reaction target.',
    }),
    targetId: id,
    emoji: z.enum(Object.keys(EMOJI) as [EmojiName, ...EmojiName[]], {
      message: 'Unknown emoji.',
    }),
  })
  .refine(
    (v) =>
      (
        REACTION_TARGETS[v.targetKind as keyof typeof REACTION_TARGETS]?.emojis as readonly string[]
      )?.includes(v.emoji),
    { message: 'That emoji is not available here.' },
  )

export const commentCreateSchema = z.object({
  targetKind: z.enum(COMMENT_TARGET_KINDS as [string, ...string[]], {
    message: 'Unknown comment target.',
  }),
  targetId: id,
  parent: id.nullish(),
  content: z
    .string({ message: 'Write something first.' })
    .trim()
    .min(1, 'Write something first.')
    .max(4000, 'Comments are limited to 4000 characters.')
    .refine(withinMentionLimit, { error: MENTION_LIMIT_MESSAGE }),
})

export const commentUpdateSchema = commentCreateSchema.pick({ content: true })
