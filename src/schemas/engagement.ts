import { z } from './zod'

import { MENTION_LIMIT_MESSAGE, withinMentionLimit } from '@/rules/mentions'
import { SUMMARY_MAX_IDS } from '@/rules/reactionCounts'
import {
  COMMENT_TARGET_KINDS,
  EMOJI,
  REACTION_TARGET_KINDS,
  REACTION_TARGETS,
  type CommentTargetKind,
  type EmojiName,
  type ReactionTargetKind,
} from '@/rules/targets'

const id = z.coerce.number().int().positive()

export const reactionTargetKind = z.enum(
  REACTION_TARGET_KINDS as [ReactionTargetKind, ...ReactionTargetKind[]],
  { message: 'Unknown reaction target.' },
)

/**
 * `?targetKind=review&ids=1,2,3` of the reads about many targets: up to 200 positive ids (others
 * are left out, not refused).
 */
export const reactionTargetsSchema = z.object({
  targetKind: reactionTargetKind,
  ids: z
    .string()
    .optional()
    .describe('Target ids, comma-separated; the first 200 are read')
    .transform((raw) =>
      (raw ?? '')
        .split(',')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0)
        .slice(0, SUMMARY_MAX_IDS),
    ),
})

export const reactionToggleSchema = z
  .object({
    targetKind: reactionTargetKind,
    targetId: id,
    emoji: z.enum(Object.keys(EMOJI) as [EmojiName, ...EmojiName[]], {
      message: 'Unknown emoji.',
    }),
  })
  .refine(
    (v) => (REACTION_TARGETS[v.targetKind].emojis as readonly EmojiName[]).includes(v.emoji),
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

/** A comment as a thread shows it (src/views/comment.ts CommentView), the answer of a write. */
export const commentView = z.object({
  id: z.number().int(),
  targetKind: z.enum(COMMENT_TARGET_KINDS as [CommentTargetKind, ...CommentTargetKind[]]),
  targetId: z.number().int(),
  parent: z.number().int().nullable(),
  content: z.string(),
  mentions: z.array(z.string()),
  createdAt: z.string(),
  author: z
    .object({
      id: z.number().int(),
      userName: z.string().nullable(),
      name: z.string().nullable(),
      avatarUrl: z.string().nullable(),
    })
    .nullable(),
})
