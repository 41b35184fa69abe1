import { EMOJI, type EmojiName } from '@/rules/targets'
import { MESSAGES } from '@/rules/messages'
import { ALERT_MESSAGES } from '@/rules/safetyAlerts'
import {
  reactionTargetKind,
  reactionTargetsSchema,
  reactionToggleSchema,
} from '@/schemas/engagement'
import { z } from '@/schemas/zod'
import { defineContract } from './contract'

const emoji = z.enum(Object.keys(EMOJI) as [EmojiName, ...EmojiName[]])
const counts = z.partialRecord(emoji, z.number().int().min(0))
const targetId = z.number().int()

/** Reacts with an emoji; the same emoji again takes it back, another one replaces it. */
export const reactionToggle = defineContract({
  method: 'POST',
  path: '/api/reactions/toggle',
  summary: 'React to a review, story, comment, … (the same emoji again takes it back)',
  tag: 'reactions',
  caller: 'member',
  signIn: MESSAGES.loginToReact,
  input: reactionToggleSchema,
  output: z.object({
    targetKind: reactionTargetKind,
    targetId,
    mine: emoji.nullable(),
    counts,
    total: z.number().int().min(0),
  }),
  refusals: { 403: ALERT_MESSAGES.notYetOpen, 404: 'Not found.' },
})

/** Counts per emoji on many targets: the same for every reader (the shared cache keeps it). */
export const reactionSummary = defineContract({
  method: 'GET',
  path: '/api/reactions/summary',
  summary: 'Reaction counts per emoji on many targets of one kind',
  tag: 'reactions',
  caller: 'anyone',
  input: reactionTargetsSchema,
  output: z.object({
    targetKind: reactionTargetKind,
    summaries: z.array(
      z.object({
        targetId,
        counts,
        total: z.number().int().min(0),
        /** The reader's own emoji when asked with the session; the islands ask without. */
        mine: emoji.nullable(),
      }),
    ),
  }),
  cache: 'shared',
})

/** The reader's own emoji on many targets (none for a visitor). */
export const reactionMine = defineContract({
  method: 'GET',
  path: '/api/reactions/mine',
  summary: "The reader's own emoji on many targets of one kind",
  tag: 'reactions',
  caller: 'anyone',
  input: reactionTargetsSchema,
  output: z.object({
    targetKind: reactionTargetKind,
    mine: z.array(z.object({ targetId, emoji })),
  }),
})
